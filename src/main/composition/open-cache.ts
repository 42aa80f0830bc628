import type Database from 'better-sqlite3';
import { join } from 'node:path';
import { CatalogReads } from '../kernel/cache/catalog-reads';
import { CatalogWrites } from '../kernel/cache/catalog-writes';
import { openDatabase, type CacheRecovery, type OpenDatabaseOptions } from '../kernel/cache/database';
import { MetaStore } from '../kernel/cache/meta';
import { OutboxStore } from '../outbox/outbox-store';
import { ensureSortIndexes } from '../kernel/cache/sort-indexes';
import { StockSearch } from '../stock/stock-search';
import { SyncStateStore } from '../sync/sync-state';

export const CACHE_FILE = 'cache.sqlite';

/** The offline cache: one SQLite file, reads apart from writes, every statement prepared once. */
export interface Cache {
  readonly file: string;
  readonly db: Database.Database;
  readonly reads: CatalogReads;
  readonly writes: CatalogWrites;
  readonly search: StockSearch;
  readonly syncState: SyncStateStore;
  readonly outbox: OutboxStore;
  readonly meta: MetaStore;
  /** Set when the file was damaged and rebuilt on open. */
  readonly recovery: CacheRecovery | null;
  close(): void;
}

export function openCache(dataDir: string, options: OpenDatabaseOptions = {}): Cache {
  const file = join(dataDir, CACHE_FILE);
  const { db, recovery } = openDatabase(file, options);
  // A first sync that stopped part-way leaves its sort indexes dropped (sort-indexes.ts).
  ensureSortIndexes(db);
  const writes = new CatalogWrites(db);
  return {
    file,
    db,
    reads: new CatalogReads(db),
    writes,
    search: new StockSearch(db, () => writes.keysGeneration),
    syncState: new SyncStateStore(db),
    outbox: new OutboxStore(db),
    meta: new MetaStore(db),
    recovery,
    close: () => {
      if (db.open) db.close();
    },
  };
}

export type { CacheRecovery } from '../kernel/cache/database';
export type { StockWrite, WarehouseWrite, ProductWrite, ShipmentWrite } from '../kernel/cache/rows';
export type { StockSearchInput, StockSearchResult, StockSort } from '../stock/stock-search';
