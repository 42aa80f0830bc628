import type { CatalogCache } from '../kernel/cache';
import { toCsv } from '../kernel/csv-file';
import type { FileSaver } from '../kernel/file-saver';
import type { HandlerMap } from '../kernel/ipc/router';
import type { Outbox } from '../outbox';
import { failure } from '../../shared/ipc/result';
import { signNote } from '../workers';
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
  /** The signed-in account's; throws `not_signed_in` signed out. */
  adjustments: () => AdjustmentQueue;
  /** The name of the worker at the desk, carried in the adjustment's note. */
  worker: () => string | null;
  save: FileSaver;
  now?: () => Date;
}

export function stockHandlers({ cache, adjustments, worker, save, now = () => new Date() }: StockHandlerDeps): HandlerMap<'stock.search' | 'stock.adjust' | 'stock.export'> {
  return {
    'stock.search': (input) => cache.search.search(input),
    'stock.export': (input) => {
      const { content, rows } = toCsv(STOCK_COLUMNS, stockRows(cache.search, input));
      const where = input.warehouseId ? `-${input.warehouseId}` : '';
      return save(`stock${where}-${now().toISOString().slice(0, 10)}.csv`, content, rows);
    },
    'stock.adjust': async (input) => {
      const queue = adjustments();
      if (cache.reads.warehouses().length > 0 && !cache.reads.hasWarehouse(input.warehouseId)) {
        throw failure('invalid_argument', 'There is no such warehouse.', { reason: 'unknown_warehouse', details: [{ field: 'warehouseId', problem: 'is not one of the warehouses' }] });
      }
      const note = signNote(input.note, worker());
      const entry = queue.outbox.enqueue({ ...input, ...(note !== undefined ? { note } : {}) });
      // Online, the answer usually comes within a moment: give the worker the verdict directly.
      return queue.online ? queue.outbox.settled(entry.id, ADJUST_ANSWER_WAIT_MS) : entry;
    },
  };
}
