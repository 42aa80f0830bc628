export { LookupService, type LookupDeps } from './lookup-service';
export { workerBadge } from './worker-badge';
