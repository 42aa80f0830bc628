export { shipmentHandlers } from './handlers';
export { ShipmentService } from './shipment-service';
