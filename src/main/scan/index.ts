export { LookupService, type LookupDeps } from './lookup-service';
export { scanHandlers } from './handlers';
