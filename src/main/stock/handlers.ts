import type { CatalogCache } from '../kernel/cache';
import { toCsv } from '../kernel/csv-file';
import type { FileSaver } from '../kernel/file-saver';
import { adjustmentParams, badgeLine, details, exportLine, failed, failedPart, refusalParams, type DeclaredChannels, type JournalLine, type WarehouseLabel } from '../journal';
import type { Outbox } from '../outbox';
import type { LookupService } from '../scan';
import type { CodeEntry, LookupResult } from '../../shared/ipc/records';
import { failure } from '../../shared/ipc/result';
import { signNote } from '../workers';
import { skuMovements } from './movements';
import { STOCK_COLUMNS, stockRows } from './stock-csv';
import type { StockSearch } from './stock-search';

/** How long `stock.adjust` waits for the service's verdict before answering with the queued entry. */
const ADJUST_ANSWER_WAIT_MS = 2_500;

/** What an adjustment needs of the signed-in account: its outbox and whether the service is reachable. */
export interface AdjustmentQueue {
  readonly online: boolean;
  readonly outbox: Pick<Outbox, 'enqueue' | 'settled'>;
}

export interface StockHandlerDeps {
  cache: CatalogCache & { readonly search: StockSearch };
  /** The signed-in account's lookup, or, signed out, one that reads the (empty) cache only. */
  lookup: () => LookupService;
  /** A worker's badge scanned as a code: answered before the code is looked up (scan/worker-badge.ts). */
  badge: (input: { code: string }) => LookupResult | undefined;
  /** The signed-in account's; throws `not_signed_in` signed out. */
  adjustments: () => AdjustmentQueue;
  /** The name of the worker at the desk, carried in the adjustment's note. */
  worker: () => string | null;
  /**
   * A supervisor's approval, when the desk's rules ask for one for this adjustment: spends the
   * token and gives the approver's name (null: none needed); throws `approval_required`.
   */
  approve: (action: { kind: 'adjust'; sku: string; warehouseId: string; delta: number }, token: string | undefined) => string | null;
  warehouse: WarehouseLabel;
  save: FileSaver;
  /** Runs `fn`, the journal lines it records carrying how the code was entered (the journal's `enteredAs`). */
  enteredAs: <T>(entry: CodeEntry | undefined, fn: () => T) => T;
  now?: () => Date;
}

/** A scan's journal line: what the code named, or why it named nothing, and how the code came in. */
function scanLine(code: string, entry: CodeEntry | undefined, r: LookupResult): JournalLine {
  const base = { kind: 'scan', code, requestId: null, entry: entry ?? null } as const;
  switch (r.kind) {
    case 'stock':
      return { ...base, sku: r.stock.sku, details: details('stock_found', { name: r.stock.name, onHand: r.stock.totals.onHand }), outcome: 'found' };
    case 'shipment':
      return { ...base, sku: null, details: details('shipment_found', { token: r.token }), outcome: 'found' };
    case 'worker':
      return { ...badgeLine(code, r), entry: entry ?? null };
    case 'not_found':
      return { ...base, sku: null, details: details(r.searched === 'cache' ? 'not_in_cache' : 'not_found'), outcome: 'not_found' };
    case 'invalid':
      return { ...base, sku: null, details: details('invalid_code', refusalParams(r)), outcome: 'failed' };
  }
}

/**
 * `stock.lookup` is answered by the scan capability's lookup (what a scanned code means); it is a
 * `stock.*` channel, so it is declared here, with the badge guard and the scan's journal line.
 * An adjustment's journal lines come from the outbox's events (queued, then the verdict), so
 * `stock.adjust` writes one itself only when it is refused before it is queued.
 */
export function stockChannels({
  cache,
  lookup,
  badge,
  adjustments,
  worker,
  approve,
  warehouse,
  save,
  enteredAs,
  now = () => new Date(),
}: StockHandlerDeps): DeclaredChannels<'stock.lookup' | 'stock.search' | 'stock.adjust' | 'stock.export' | 'stock.movements'> {
  // Prepared when first asked for: the reader thread answers this channel while it runs.
  let movements: ReturnType<typeof skuMovements> | null = null;
  return {
    'stock.lookup': {
      guard: badge,
      handle: ({ code }) => lookup().lookup(code),
      journal: (input, r) => scanLine(input.code, input.entry, r),
      journalFailure: (input, thrown) => ({ kind: 'scan', code: input.code, sku: null, entry: input.entry ?? null, ...failedPart(thrown) }),
      // The reader thread answered from the cache (stock/cache-readers.ts): the fresh copy is still the core's to ask for.
      answeredByReader: (_input, r) => {
        if (r.kind === 'stock') lookup().refreshAfter(r.stock.sku);
      },
    },
    'stock.search': { handle: (input) => cache.search.search(input) },
    // Answered by the reader thread too (stock/cache-readers.ts); here when the reader is not running.
    'stock.movements': { handle: ({ sku }) => (movements ??= skuMovements(cache.db))(sku, now()) },
    'stock.export': {
      handle: (input) => {
        const { content, rows } = toCsv(STOCK_COLUMNS, stockRows(cache.search, input));
        const where = input.warehouseId ? `-${input.warehouseId}` : '';
        return save(`stock${where}-${now().toISOString().slice(0, 10)}.csv`, content, rows);
      },
      journal: (_input, file) => exportLine('stock', file),
    },
    'stock.adjust': {
      handle: async ({ approval, ...input }) => {
        const queue = adjustments();
        if (cache.reads.warehouses().length > 0 && !cache.reads.hasWarehouse(input.warehouseId)) {
          throw failure('invalid_argument', 'There is no such warehouse.', { reason: 'unknown_warehouse', details: [{ field: 'warehouseId', problem: 'is not one of the warehouses' }] });
        }
        // Checked here, in main, for these very values: the window's word that it was approved counts for nothing.
        const approver = approve({ kind: 'adjust', sku: input.sku, warehouseId: input.warehouseId, delta: input.delta }, approval);
        const note = signNote(input.note, worker(), approver);
        // The queued line is the outbox event's, recorded inside enqueue: it carries the code's entry from here.
        const entry = enteredAs(input.entry, () => queue.outbox.enqueue({ ...input, ...(note !== undefined ? { note } : {}) }));
        // Online, the answer usually comes within a moment: give the worker the verdict directly.
        return queue.online ? queue.outbox.settled(entry.id, ADJUST_ANSWER_WAIT_MS) : entry;
      },
      journalFailure: (input, thrown) => {
        const f = failed(thrown);
        return { kind: 'adjust', code: null, sku: input.sku, outcome: f.outcome, requestId: f.requestId, details: details('adjustment', adjustmentParams(warehouse, input), f.error), entry: input.entry ?? null };
      },
    },
  };
}
