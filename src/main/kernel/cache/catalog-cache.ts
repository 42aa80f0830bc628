import type Database from 'better-sqlite3';
import { join } from 'node:path';
import { CatalogReads } from './catalog-reads';
import { CatalogWrites } from './catalog-writes';
import { openDatabase, type DamagedFile, type OpenDatabaseOptions } from './database';
import { MetaStore } from './meta';
import { ensureSortIndexes } from './sort-indexes';

export const CACHE_FILE = 'cache.sqlite';

/**
 * The offline cache's file and its catalog (warehouses, products, stock, shipments): reads apart
 * from writes, every statement prepared once. Capabilities keep their own tables' queries (the
 * outbox, sync state, stock search) beside their code and open them on `db`.
 */
export interface CatalogCache {
  readonly file: string;
  readonly db: Database.Database;
  readonly reads: CatalogReads;
  readonly writes: CatalogWrites;
  readonly meta: MetaStore;
  close(): void;
}

export interface OpenedCatalogCache {
  cache: CatalogCache;
  /** Set when the file was damaged, moved aside and rebuilt empty. */
  damaged: DamagedFile | null;
}

export function openCatalogCache(dataDir: string, options: OpenDatabaseOptions = {}): OpenedCatalogCache {
  const file = join(dataDir, CACHE_FILE);
  const { db, recovery } = openDatabase(file, options);
  // A first sync that stopped part-way leaves its sort indexes dropped (sort-indexes.ts).
  ensureSortIndexes(db);
  const cache: CatalogCache = {
    file,
    db,
    reads: new CatalogReads(db),
    writes: new CatalogWrites(db),
    meta: new MetaStore(db),
    close: () => {
      if (db.open) db.close();
    },
  };
  return { cache, damaged: recovery };
}
