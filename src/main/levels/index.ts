export { LevelStore } from './level-store';
export { levelChannels } from './handlers';
export { copyLevels, readLevels, type SalvagedLevel } from './level-salvage';
