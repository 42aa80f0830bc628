import type Database from 'better-sqlite3';
import { CatalogReads } from '../kernel/cache';
import type { CacheReaders } from '../kernel/ipc/declare-channels';
import { LookupService } from '../scan';
import { WorkerStore } from '../workers';

export interface StockReaderDeps {
  /** A read-only connection of the cache file, the reader thread's own. */
  db: Database.Database;
  /** Whether the core will ask the service for a fresh copy after a cached answer (its `answeredByReader`). */
  serviceReachable: () => boolean;
}

/**
 * `stock.lookup` answered in the reader's thread, so that a scan never waits behind a sync's
 * writes in the core's: a SKU, a product barcode or a cached shipment label, read the way the
 * core's lookup reads them (the same LookupService, with no service to ask). The rest is the
 * core's: a worker's badge (it switches the worker), and a code the cache does not hold (the
 * service may know it, or the refusal is the core's to word and record).
 */
export function stockCacheReaders({ db, serviceReachable }: StockReaderDeps): CacheReaders<'stock.lookup'> {
  const lookup = new LookupService({ cache: { db, reads: new CatalogReads(db) } });
  const workers = new WorkerStore(db);
  return {
    'stock.lookup': async ({ code }) => {
      if (workers.byBadge(code.trim())) return null;
      const answer = await lookup.lookup(code);
      if (answer.kind === 'stock') return { ...answer, refreshing: serviceReachable() };
      return answer.kind === 'shipment' ? answer : null;
    },
  };
}
