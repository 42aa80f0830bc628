export { CountService, type CountAccount } from './count-service';
export { CountStore } from './count-store';
export { copyCounts, readCounts } from './count-salvage';
export { countChannels } from './handlers';
