import type { DeclaredChannels } from '../journal';
import type { SyncStatus } from '../../shared/ipc/records';
import type { SyncEngine } from './sync-engine';

export interface SyncHandlerDeps {
  /** The signed-in account's sync; throws `not_signed_in` signed out. */
  engine: () => SyncEngine;
  /** The signed-in account's, or, signed out, idle with the time of the cache's last sync. */
  status: () => SyncStatus;
}

export function syncChannels(deps: SyncHandlerDeps): DeclaredChannels<'sync.now' | 'sync.status'> {
  return {
    'sync.now': { handle: () => deps.engine().run() },
    'sync.status': { handle: () => deps.status() },
  };
}
