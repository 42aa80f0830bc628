export { warehouseChannels, warehouseCode } from './handlers';
