export { importChannels } from './handlers';
export { SheetStore } from './sheet-store';
