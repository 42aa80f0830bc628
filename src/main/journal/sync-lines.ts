import type { EventHub } from '../kernel/ipc/event-hub';
import type { SyncStatus } from '../../shared/ipc/records';
import { deskErrorDetails, details } from './journal-details';
import type { Journal } from './journal';

/**
 * A sync that failed, as a journal line with the service's code and request id, for support to
 * match with the service's logs. Written from the sync's own events, so the timer's runs are
 * journaled as well as the worker's "Sync now". A failure like the one before it (the desk stays
 * offline, a sync every few minutes fails the same way) is not written again until a sync gets
 * through or fails otherwise.
 */
export function journalSyncFailures(events: EventHub, journal: Journal): () => void {
  let last: string | null = null;
  return events.attach((event, payload) => {
    if (event !== 'sync.progress') return;
    const status = payload as SyncStatus;
    if (status.state === 'running') return;
    if (status.state === 'idle' || status.lastError === null) {
      last = null;
      return;
    }
    const error = status.lastError;
    // Signed out there is nothing to sync: no failure of the desk's.
    if (error.code === last || error.code === 'not_signed_in') return;
    last = error.code;
    journal.record({ kind: 'sync', code: null, sku: null, details: details('sync_failed', {}, deskErrorDetails(error)), outcome: 'failed', requestId: error.requestId ?? null });
  });
}
