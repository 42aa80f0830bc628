import type { CatalogCache } from '../kernel/cache';
import type { HandlerMap } from '../kernel/ipc/router';
import type { Outbox } from '../outbox';
import { failure } from '../../shared/ipc/result';
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
}

export function stockHandlers({ cache, adjustments }: StockHandlerDeps): HandlerMap<'stock.search' | 'stock.adjust'> {
  return {
    'stock.search': (input) => cache.search.search(input),
    'stock.adjust': async (input) => {
      const queue = adjustments();
      if (cache.reads.warehouses().length > 0 && !cache.reads.hasWarehouse(input.warehouseId)) {
        throw failure('invalid_argument', 'There is no such warehouse.', { details: [{ field: 'warehouseId', problem: 'is not one of the warehouses' }] });
      }
      const entry = queue.outbox.enqueue(input);
      // Online, the answer usually comes within a moment: give the worker the verdict directly.
      return queue.online ? queue.outbox.settled(entry.id, ADJUST_ANSWER_WAIT_MS) : entry;
    },
  };
}
