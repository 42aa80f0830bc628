export { importChannels } from './handlers';
export { SheetStore } from './sheet-store';
export { copySheets, readSheets, type SalvagedSheet } from './sheet-salvage';
