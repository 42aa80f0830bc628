import type { EventHub } from '../kernel/ipc/event-hub';
import type { Handlers } from '../kernel/ipc/router';
import type { LookupResult, OutboxEntry } from '../../shared/ipc/records';
import { DeskFailure } from '../../shared/ipc/result';
import type { Journal, JournalLine } from './journal';

/** A warehouse as a worker knows it (its code), or its id when the cache does not know it. */
export type WarehouseLabel = (id: string) => string;

const signed = (delta: number): string => (delta > 0 ? `+${delta}` : String(delta));
const describe = (label: WarehouseLabel) => (e: Pick<OutboxEntry, 'delta' | 'warehouseId' | 'reason'>): string =>
  `${signed(e.delta)} at ${label(e.warehouseId)} (${e.reason.replace('_', ' ')})`;

function scanLine(code: string, r: LookupResult): JournalLine {
  const base = { kind: 'scan', code, requestId: null } as const;
  switch (r.kind) {
    case 'stock':
      return { ...base, sku: r.stock.sku, summary: `${r.stock.name}: ${r.stock.totals.onHand} on hand`, outcome: 'found' };
    case 'shipment':
      return { ...base, sku: null, summary: `shipment ${r.token}`, outcome: 'found' };
    case 'worker':
      return { ...base, kind: 'worker', sku: null, summary: `${r.name} is at the desk (badge scanned)`, outcome: 'done' };
    case 'not_found':
      return { ...base, sku: null, summary: r.searched === 'cache' ? 'not in the offline cache' : 'not found', outcome: 'not_found' };
    case 'invalid':
      return { ...base, sku: null, summary: r.problem, outcome: 'failed' };
  }
}

function failed(error: unknown): Pick<JournalLine, 'outcome' | 'requestId' | 'summary'> {
  const e = error instanceof DeskFailure ? error.error : null;
  return { outcome: 'failed', requestId: e?.requestId ?? null, summary: e ? `${e.code}: ${e.message}` : 'internal error' };
}

/**
 * Writes a journal line for every scan and action that goes through the desk API, around the
 * handlers that do them. Adjustments are written from the outbox's own events instead (queued,
 * then applied or rejected), so a verdict that comes in later, after a restart or an outage, is
 * written too.
 */
export function journaled(handlers: Handlers, journal: Journal, warehouse: WarehouseLabel): Handlers {
  const adjustment = describe(warehouse);
  async function around<T>(run: () => Promise<T> | T, ok: (value: T) => JournalLine | null, failure: (e: ReturnType<typeof failed>) => JournalLine): Promise<T> {
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
  return {
    ...handlers,
    'stock.lookup': (input) =>
      around(
        () => handlers['stock.lookup'](input),
        (r) => scanLine(input.code, r),
        (f) => ({ kind: 'scan', code: input.code, sku: null, ...f }),
      ),
    'stock.adjust': (input) =>
      around(
        () => handlers['stock.adjust'](input),
        () => null,
        (f) => ({ kind: 'adjust', code: null, sku: input.sku, ...f, summary: `${adjustment(input)}: ${f.summary}` }),
      ),
    'outbox.retry': (input) =>
      around(
        () => handlers['outbox.retry'](input),
        (e) => ({ kind: 'retry', code: null, sku: e.sku, summary: adjustment(e), outcome: 'queued', requestId: null, ref: e.id }),
        (f) => ({ kind: 'retry', code: null, sku: null, ...f }),
      ),
    'outbox.discard': (input) =>
      around(
        () => handlers['outbox.discard'](input),
        (e) => ({ kind: 'discard', code: null, sku: e.sku, summary: adjustment(e), outcome: 'discarded', requestId: null, ref: e.id }),
        (f) => ({ kind: 'discard', code: null, sku: null, ...f }),
      ),
    'outbox.undo': (input) =>
      around(
        () => handlers['outbox.undo'](input),
        (r) =>
          r.action === 'withdrawn'
            ? { kind: 'undo', code: null, sku: r.entry.sku, summary: `${adjustment(r.entry)} withdrawn before it was sent`, outcome: 'discarded', requestId: null, ref: r.entry.id }
            : { kind: 'undo', code: null, sku: r.original.sku, summary: `${adjustment(r.original)} reversed by ${adjustment(r.reversal)}`, outcome: 'queued', requestId: null, ref: r.reversal.id },
        (f) => ({ kind: 'undo', code: null, sku: null, ...f }),
      ),
    'transfers.create': (input) =>
      around(
        () => handlers['transfers.create'](input),
        (t) => ({ kind: 'transfer', code: null, sku: t.sku, summary: `${t.quantity} from ${warehouse(t.fromWarehouseId)} to ${warehouse(t.toWarehouseId)} (${t.id})`, outcome: 'queued', requestId: null, ref: t.out.id }),
        (f) => ({ kind: 'transfer', code: null, sku: input.sku, ...f }),
      ),
    'counts.start': (input) =>
      around(
        () => handlers['counts.start'](input),
        (c) => ({ kind: 'count', code: null, sku: null, summary: `count ${c.id} started at ${warehouse(c.warehouseId)}${c.zone ? ` (${c.zone.length} SKUs)` : ''}`, outcome: 'done', requestId: null }),
        (f) => ({ kind: 'count', code: null, sku: null, ...f }),
      ),
    'counts.scan': (input) =>
      around(
        () => handlers['counts.scan'](input),
        (r) =>
          r.kind === 'counted'
            ? { kind: 'scan', code: input.code, sku: r.sku, summary: `counted: ${r.counted} so far (count ${r.session.id})`, outcome: 'found', requestId: null }
            : { kind: 'scan', code: input.code, sku: null, summary: `not counted: ${r.message}`, outcome: r.reason === 'invalid' ? 'failed' : 'not_found', requestId: null },
        (f) => ({ kind: 'scan', code: input.code, sku: null, ...f }),
      ),
    'counts.submit': (input) =>
      around(
        () => handlers['counts.submit'](input),
        (c) => {
          const submitted = c.lines.filter((l) => l.submittedAt !== null);
          const queued = submitted.filter((l) => l.entry !== null).length;
          const waiting = c.lines.length - submitted.length;
          const rest = waiting > 0 ? `, ${waiting} wait for the service` : '';
          return { kind: 'count', code: null, sku: null, summary: `count ${c.id} at ${warehouse(c.warehouseId)}: ${queued} adjustments queued, ${submitted.length - queued} unchanged${rest}`, outcome: waiting > 0 ? 'queued' : 'done', requestId: null };
        },
        (f) => ({ kind: 'count', code: null, sku: null, ...f }),
      ),
    'shipments.create': (input) =>
      around(
        () => handlers['shipments.create'](input),
        (s) => ({ kind: 'create', code: s.token, sku: null, summary: `shipment ${input.reference} (${input.carrier})`, outcome: 'done', requestId: null }),
        (f) => ({ kind: 'create', code: null, sku: null, ...f, summary: `shipment ${input.reference}: ${f.summary}` }),
      ),
    'shipments.cancel': (input) =>
      around(
        () => handlers['shipments.cancel'](input),
        (s) => ({ kind: 'cancel', code: input.token, sku: null, summary: `shipment ${s.reference} cancelled`, outcome: 'done', requestId: null }),
        (f) => ({ kind: 'cancel', code: input.token, sku: null, ...f }),
      ),
    'shipments.delete': (input) =>
      around(
        () => handlers['shipments.delete'](input),
        () => ({ kind: 'delete', code: input.token, sku: null, summary: `shipment ${input.token} deleted`, outcome: 'done', requestId: null }),
        (f) => ({ kind: 'delete', code: input.token, sku: null, ...f }),
      ),
  };
}

/**
 * The outbox's life of an adjustment as journal lines: written to the outbox (by the worker at
 * the desk), then the service's verdict with its request id (credited to whoever queued it).
 */
export function journalOutbox(events: EventHub, journal: Journal, warehouse: WarehouseLabel): () => void {
  const adjustment = describe(warehouse);
  return events.attach((event, payload) => {
    if (event !== 'outbox.changed') return;
    const e = payload as OutboxEntry;
    const base = { code: null, sku: e.sku, summary: adjustment(e), ref: e.id } as const;
    if (e.state === 'queued' && e.attempts === 0 && e.updatedAt === e.createdAt) {
      journal.record({ ...base, kind: 'adjust', outcome: 'queued', requestId: null });
    } else if (e.state === 'applied') {
      journal.record({ ...base, kind: 'sent', outcome: 'applied', requestId: e.applied?.requestId ?? null, worker: journal.workerOf(e.id) });
    } else if (e.state === 'rejected') {
      const why = e.lastError ? `: ${e.lastError.code}` : '';
      journal.record({ ...base, summary: `${base.summary}${why}`, kind: 'sent', outcome: 'rejected', requestId: e.lastError?.requestId ?? null, worker: journal.workerOf(e.id) });
    }
  });
}
