export { shipmentChannels } from './handlers';
export { ShipmentService } from './shipment-service';
