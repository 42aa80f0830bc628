import type { HandlerMap } from '../kernel/ipc/router';
import type { SyncStatus } from '../../shared/ipc/records';
import type { SyncEngine } from './sync-engine';

export interface SyncHandlerDeps {
  /** The signed-in account's sync; throws `not_signed_in` signed out. */
  engine: () => SyncEngine;
  /** The signed-in account's, or, signed out, idle with the time of the cache's last sync. */
  status: () => SyncStatus;
}

export function syncHandlers(deps: SyncHandlerDeps): HandlerMap<'sync.now' | 'sync.status'> {
  return {
    'sync.now': () => deps.engine().run(),
    'sync.status': () => deps.status(),
  };
}
