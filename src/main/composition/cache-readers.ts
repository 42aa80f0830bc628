import type { CacheReaders } from '../kernel/ipc/declare-channels';
import { stockCacheReaders, type StockReaderDeps } from '../stock';

/**
 * The channels the reader's thread answers from its read-only connection of the cache, as the
 * capabilities declare them; each also declares, in its `handlers.ts`, what the core does after
 * such an answer (`answeredByReader`).
 */
export function createCacheReaders(deps: StockReaderDeps): CacheReaders<'stock.lookup' | 'stock.search' | 'stock.movements'> {
  return { ...stockCacheReaders(deps) };
}
