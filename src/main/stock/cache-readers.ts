import type Database from 'better-sqlite3';
import { CatalogReads } from '../kernel/cache';
import type { CacheReaders } from '../kernel/ipc/declare-channels';
import { LookupService } from '../scan';
import { WorkerStore } from '../workers';
import { skuMovements } from './movements';
import { StockSearch } from './stock-search';

export interface StockReaderDeps {
  /** A read-only connection of the cache file, the reader thread's own. */
  db: Database.Database;
  /** Whether the core will ask the service for a fresh copy after a cached answer (its `answeredByReader`). */
  serviceReachable: () => boolean;
}

/**
 * The stock channels answered in the reader's thread, so that neither a scan nor the stock list
 * waits behind a sync's writes in the core's.
 *
 * `stock.lookup`: a SKU, a product barcode or a cached shipment label, read the way the core's
 * lookup reads them (the same LookupService, with no service to ask). The rest is the core's: a
 * worker's badge (it switches the worker), and a code the cache does not hold (the service may
 * know it, or the refusal is the core's to word and record).
 *
 * `stock.search`: the same StockSearch as the core's, on this connection; the sort indexes it
 * reads through are the file's (SQLite indexes, seen by every connection once committed). Two
 * things differ from the core's connection, and both are handled here:
 * - The core runs a search between two of its own writes; here the core may commit between two
 *   statements of one search (its count, then its page). So each search reads in one read
 *   transaction: every statement sees the same committed state.
 * - The counts a search remembers are forgotten on the core when its writes change the keys
 *   (CatalogWrites.keysGeneration), which this thread cannot see. `PRAGMA data_version` changes
 *   whenever another connection committed: counts are forgotten after any commit of the core
 *   (more often than the core forgets its own, never later). Read as the transaction's first
 *   statement, it is the version of the state the search then reads.
 *
 * `stock.movements`: the same reads as the core's (stock/movements.ts), in one read transaction.
 */
export function stockCacheReaders({ db, serviceReachable }: StockReaderDeps): CacheReaders<'stock.lookup' | 'stock.search' | 'stock.movements'> {
  const lookup = new LookupService({ cache: { db, reads: new CatalogReads(db) } });
  const workers = new WorkerStore(db);
  const dataVersion = db.prepare('PRAGMA data_version').pluck();
  const search = new StockSearch(db, () => dataVersion.get() as number);
  const searchInOneState = db.transaction((input: Parameters<StockSearch['search']>[0]) => search.search(input));
  const movements = skuMovements(db);
  return {
    'stock.lookup': async ({ code }) => {
      if (workers.byBadge(code.trim())) return null;
      const answer = await lookup.lookup(code);
      if (answer.kind === 'stock') return { ...answer, refreshing: serviceReachable() };
      return answer.kind === 'shipment' ? answer : null;
    },
    'stock.search': (input) => searchInOneState(input),
    'stock.movements': ({ sku }) => movements(sku, new Date()),
  };
}
