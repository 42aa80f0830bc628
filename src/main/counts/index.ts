export { CountService, type CountAccount } from './count-service';
export { CountStore } from './count-store';
export { countHandlers } from './handlers';
