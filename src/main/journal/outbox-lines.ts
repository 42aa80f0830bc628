import type { EventHub } from '../kernel/ipc/event-hub';
import type { OutboxEntry } from '../../shared/ipc/records';
import { adjustmentParams, deskErrorDetails, details, type TransferLeg, type WarehouseLabel } from './journal-details';
import type { Journal } from './journal';

/**
 * The outbox's life of an adjustment as journal lines: written to the outbox (by the worker at
 * the desk), then the service's verdict with its request id (credited to whoever queued it, with
 * how its code was entered).
 * Written from the outbox's own events rather than around `stock.adjust`, so a verdict that
 * comes in later, after a restart or an outage, is written too.
 */
export function journalOutbox(events: EventHub, journal: Journal, warehouse: WarehouseLabel, legOf: (entryId: string) => TransferLeg | null = () => null): () => void {
  return events.attach((event, payload) => {
    if (event !== 'outbox.changed') return;
    const e = payload as OutboxEntry;
    // A leg is announced once its transfer is stored (the outbox holds announcements until its transaction commits).
    const base = { code: null, sku: e.sku, details: details('adjustment', adjustmentParams(warehouse, e, legOf(e.id))), ref: e.id } as const;
    if (e.state === 'queued' && e.attempts === 0 && e.updatedAt === e.createdAt) {
      journal.record({ ...base, kind: 'adjust', outcome: 'queued', requestId: null });
    } else if (e.state === 'applied') {
      journal.record({ ...base, kind: 'sent', outcome: 'applied', requestId: e.applied?.requestId ?? null, ...journal.queuedBy(e.id) });
    } else if (e.state === 'rejected' && !e.seen) {
      // A refusal arrives unseen (each has its own time); announced seen, it is the worker's acknowledgement, not a verdict.
      const error = e.lastError ? deskErrorDetails(e.lastError) : undefined;
      journal.record({ ...base, details: details('adjustment', base.details.params, error), kind: 'sent', outcome: 'rejected', requestId: e.lastError?.requestId ?? null, ...journal.queuedBy(e.id) });
    }
  });
}
