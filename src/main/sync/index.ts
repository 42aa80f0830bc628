export { SyncEngine, SYNC_RESOURCES, type SyncCache, type SyncDeps } from './sync-engine';
export { SyncStateStore, type SyncResource, type SyncState } from './sync-state';
export { syncChannels } from './handlers';
