import type { EventHub } from '../kernel/ipc/event-hub';
import type { Handlers } from '../kernel/ipc/router';
import type { JournalWhat } from '../../shared/ipc/desk-work-records';
import type { LookupResult, OutboxEntry } from '../../shared/ipc/records';
import { toDeskError } from '../kernel/ipc/desk-error';
import { adjustmentParams, deskErrorDetails, details, refusalParams, type TransferLeg, type WarehouseLabel } from './journal-details';
import type { Journal, JournalLine } from './journal';

export type { TransferLeg, WarehouseLabel } from './journal-details';

function scanLine(code: string, r: LookupResult): JournalLine {
  const base = { kind: 'scan', code, requestId: null } as const;
  switch (r.kind) {
    case 'stock':
      return { ...base, sku: r.stock.sku, details: details('stock_found', { name: r.stock.name, onHand: r.stock.totals.onHand }), outcome: 'found' };
    case 'shipment':
      return { ...base, sku: null, details: details('shipment_found', { token: r.token }), outcome: 'found' };
    case 'worker':
      return { ...base, kind: 'worker', sku: null, details: details('worker_badge', { name: r.name }), outcome: 'done' };
    case 'not_found':
      return { ...base, sku: null, details: details(r.searched === 'cache' ? 'not_in_cache' : 'not_found'), outcome: 'not_found' };
    case 'invalid':
      return { ...base, sku: null, details: details('invalid_code', refusalParams(r)), outcome: 'failed' };
  }
}

/** What a failed call leaves on its line: the outcome, the service's request id, and the error as data. */
interface Failed {
  outcome: 'failed';
  requestId: string | null;
  error: NonNullable<JournalWhat['error']>;
  /** The line's details when the action itself names nothing more. */
  details: JournalWhat;
}

function failed(thrown: unknown): Failed {
  // As the router answers it: a DeskFailure or an ApiError as it is, anything else internal_error.
  const known = toDeskError(thrown);
  const error = known ? deskErrorDetails(known) : { code: 'internal_error', message: 'internal error' };
  return { outcome: 'failed', requestId: known?.requestId ?? null, error, details: details('failed', {}, error) };
}

/**
 * Writes a journal line for every scan and action that goes through the desk API, around the
 * handlers that do them. Adjustments are written from the outbox's own events instead (queued,
 * then applied or rejected), so a verdict that comes in later, after a restart or an outage, is
 * written too. Each line holds its details as data (journal-details.ts): the screen words them
 * in the desk's language.
 */
export function journaled(handlers: Handlers, journal: Journal, warehouse: WarehouseLabel): Handlers {
  const adjustment = (e: Pick<OutboxEntry, 'delta' | 'warehouseId' | 'reason'>) => adjustmentParams(warehouse, e);
  async function around<T>(run: () => Promise<T> | T, ok: (value: T) => JournalLine | null, failure: (f: Failed) => JournalLine): Promise<T> {
    try {
      const value = await run();
      const line = ok(value);
      if (line) journal.record(line);
      return value;
    } catch (error) {
      journal.record(failure(failed(error)));
      throw error;
    }
  }
  /** A failed call's part of its line (the error itself lives in the details). */
  const line = ({ outcome, requestId, details: d }: Failed) => ({ outcome, requestId, details: d });
  return {
    ...handlers,
    'stock.lookup': (input) =>
      around(
        () => handlers['stock.lookup'](input),
        (r) => scanLine(input.code, r),
        (f) => ({ kind: 'scan', code: input.code, sku: null, ...line(f) }),
      ),
    'stock.adjust': (input) =>
      around(
        () => handlers['stock.adjust'](input),
        () => null,
        (f) => ({ kind: 'adjust', code: null, sku: input.sku, ...line(f), details: details('adjustment', adjustment(input), f.error) }),
      ),
    'outbox.retry': (input) =>
      around(
        () => handlers['outbox.retry'](input),
        (e) => ({ kind: 'retry', code: null, sku: e.sku, details: details('adjustment', adjustment(e)), outcome: 'queued', requestId: null, ref: e.id }),
        (f) => ({ kind: 'retry', code: null, sku: null, ...line(f) }),
      ),
    'outbox.discard': (input) =>
      around(
        () => handlers['outbox.discard'](input),
        (e) => ({ kind: 'discard', code: null, sku: e.sku, details: details('adjustment', adjustment(e)), outcome: 'discarded', requestId: null, ref: e.id }),
        (f) => ({ kind: 'discard', code: null, sku: null, ...line(f) }),
      ),
    // The worker's answer to an adjustment whose outcome stayed unknown past the service's key horizon.
    'outbox.resolve': (input) =>
      around(
        () => handlers['outbox.resolve'](input),
        (e) => {
          const base = { kind: 'resolve', code: null, sku: e.sku, requestId: null, ref: e.id } as const;
          switch (input.choice) {
            case 'drop':
              return { ...base, details: details('resolve_dropped', adjustment(e)), outcome: 'discarded' };
            case 'resend':
              return { ...base, details: details('resolve_resent', adjustment(e)), outcome: 'queued' };
            case 'applied':
              return { ...base, details: details('resolve_applied', adjustment(e)), outcome: 'done' };
          }
        },
        (f) => ({ kind: 'resolve', code: null, sku: null, ...line(f) }),
      ),
    'outbox.undo': (input) =>
      around(
        () => handlers['outbox.undo'](input),
        (r) =>
          r.action === 'withdrawn'
            ? { kind: 'undo', code: null, sku: r.entry.sku, details: details('undo_withdrawn', adjustment(r.entry)), outcome: 'discarded', requestId: null, ref: r.entry.id }
            : {
                kind: 'undo',
                code: null,
                sku: r.original.sku,
                details: details('undo_reversed', { ...adjustment(r.original), reversalDelta: r.reversal.delta }),
                outcome: 'queued',
                requestId: null,
                ref: r.reversal.id,
              },
        (f) => ({ kind: 'undo', code: null, sku: null, ...line(f) }),
      ),
    'transfers.create': (input) =>
      around(
        () => handlers['transfers.create'](input),
        (t) => ({
          kind: 'transfer',
          code: null,
          sku: t.sku,
          details: details('transfer', { quantity: t.quantity, from: warehouse(t.fromWarehouseId), to: warehouse(t.toWarehouseId), transfer: t.id }),
          outcome: 'queued',
          requestId: null,
          ref: t.out.id,
        }),
        (f) => ({ kind: 'transfer', code: null, sku: input.sku, ...line(f) }),
      ),
    'transfers.undo': (input) =>
      around(
        () => handlers['transfers.undo'](input),
        (t) => ({
          kind: 'undo',
          code: null,
          sku: t.sku,
          details: details('transfer_undone', { quantity: t.quantity, from: warehouse(t.fromWarehouseId), to: warehouse(t.toWarehouseId), transfer: t.id }),
          outcome: 'queued',
          requestId: null,
          ref: t.out.id,
        }),
        (f) => ({ kind: 'undo', code: null, sku: null, ...line(f) }),
      ),
    'counts.start': (input) =>
      around(
        () => handlers['counts.start'](input),
        (c) => ({ kind: 'count', code: null, sku: null, details: details('count_started', { count: c.id, warehouse: warehouse(c.warehouseId), skus: c.zone?.length ?? 0 }), outcome: 'done', requestId: null }),
        (f) => ({ kind: 'count', code: null, sku: null, ...line(f) }),
      ),
    'counts.scan': (input) =>
      around(
        () => handlers['counts.scan'](input),
        (r) =>
          r.kind === 'counted'
            ? { kind: 'scan', code: input.code, sku: r.sku, details: details('count_counted', { counted: r.counted, count: r.session.id }), outcome: 'found', requestId: null }
            : { kind: 'scan', code: input.code, sku: null, details: details('count_refused', { reason: r.reason, ...(r.refusal ? refusalParams(r.refusal) : { problem: r.message }) }), outcome: r.reason === 'invalid' ? 'failed' : 'not_found', requestId: null },
        (f) => ({ kind: 'scan', code: input.code, sku: null, ...line(f) }),
      ),
    // A count typed or corrected by hand, and each line's review decision: who changed the figures.
    'counts.set': (input) =>
      around(
        () => handlers['counts.set'](input),
        (c) => ({ kind: 'count', code: null, sku: input.sku, details: details('count_set', { counted: input.counted, count: c.id }), outcome: 'done', requestId: null }),
        (f) => ({ kind: 'count', code: null, sku: input.sku, ...line(f) }),
      ),
    'counts.decide': (input) =>
      around(
        () => handlers['counts.decide'](input),
        (c) => ({ kind: 'count', code: null, sku: input.sku, details: details('count_decided', { decision: input.decision, count: c.id }), outcome: 'done', requestId: null }),
        (f) => ({ kind: 'count', code: null, sku: input.sku, ...line(f) }),
      ),
    'counts.submit': (input) =>
      around(
        () => handlers['counts.submit'](input),
        (c) => {
          const submitted = c.lines.filter((l) => l.submittedAt !== null);
          const queued = submitted.filter((l) => l.entry !== null).length;
          const waiting = c.lines.length - submitted.length;
          const params = { count: c.id, warehouse: warehouse(c.warehouseId), queued, unchanged: submitted.length - queued, waiting };
          return { kind: 'count', code: null, sku: null, details: details('count_submitted', params), outcome: waiting > 0 ? 'queued' : 'done', requestId: null };
        },
        (f) => ({ kind: 'count', code: null, sku: null, ...line(f) }),
      ),
    'counts.abandon': (input) =>
      around(
        () => handlers['counts.abandon'](input),
        (c) => ({ kind: 'count', code: null, sku: null, details: details('count_abandoned', { count: c.id, warehouse: warehouse(c.warehouseId) }), outcome: 'discarded', requestId: null }),
        (f) => ({ kind: 'count', code: null, sku: null, ...line(f) }),
      ),
    'shipments.create': (input) =>
      around(
        () => handlers['shipments.create'](input),
        (s) => ({ kind: 'create', code: s.token, sku: null, details: details('shipment_created', { reference: input.reference, carrier: input.carrier }), outcome: 'done', requestId: null }),
        (f) => ({ kind: 'create', code: null, sku: null, ...line(f), details: details('shipment_create', { reference: input.reference }, f.error) }),
      ),
    'shipments.cancel': (input) =>
      around(
        () => handlers['shipments.cancel'](input),
        (s) => ({ kind: 'cancel', code: input.token, sku: null, details: details('shipment_cancelled', { reference: s.reference }), outcome: 'done', requestId: null }),
        (f) => ({ kind: 'cancel', code: input.token, sku: null, ...line(f) }),
      ),
    'shipments.delete': (input) =>
      around(
        () => handlers['shipments.delete'](input),
        () => ({ kind: 'delete', code: input.token, sku: null, details: details('shipment_deleted', { token: input.token }), outcome: 'done', requestId: null }),
        (f) => ({ kind: 'delete', code: input.token, sku: null, ...line(f) }),
      ),
  };
}

/**
 * The outbox's life of an adjustment as journal lines: written to the outbox (by the worker at
 * the desk), then the service's verdict with its request id (credited to whoever queued it).
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
      journal.record({ ...base, kind: 'sent', outcome: 'applied', requestId: e.applied?.requestId ?? null, worker: journal.workerOf(e.id) });
    } else if (e.state === 'rejected') {
      const error = e.lastError ? deskErrorDetails(e.lastError) : undefined;
      journal.record({ ...base, details: details('adjustment', base.details.params, error), kind: 'sent', outcome: 'rejected', requestId: e.lastError?.requestId ?? null, worker: journal.workerOf(e.id) });
    }
  });
}
