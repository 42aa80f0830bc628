import type Database from 'better-sqlite3';
import { join } from 'node:path';
import { CatalogReads } from './catalog-reads';
import { CatalogWrites } from './catalog-writes';
import { closeDatabase, openDatabase, type DamagedFile, type OpenDatabaseOptions, type OpenedDatabase } from './database';
import { MetaStore } from './meta';
import { ensureSortIndexes } from './sort-indexes';
import { startWalCheckpointer, type CheckpointerOptions, type WalCheckpointer } from './wal-checkpointer';

export const CACHE_FILE = 'cache.sqlite';

/**
 * The offline cache's file and its catalog (warehouses, products, stock, shipments): reads apart
 * from writes, every statement prepared once. Capabilities keep their own tables' queries and
 * writes (the outbox, sync state, stock search) beside their code and open them on `db`.
 */
export interface CatalogCache {
  readonly file: string;
  readonly db: Database.Database;
  readonly reads: CatalogReads;
  readonly writes: CatalogWrites;
  readonly meta: MetaStore;
  /** The integrity check opening the file made (see openDatabase). */
  readonly checked: OpenedDatabase['checked'];
  /** Closes the file; the next open then knows it was closed cleanly. */
  close(): void;
}

export interface OpenedCatalogCache {
  cache: CatalogCache;
  /** Set when the file was damaged, moved aside and rebuilt empty. */
  damaged: DamagedFile | null;
}

export interface CatalogCacheOptions extends OpenDatabaseOptions {
  /** Checkpoint the WAL from a worker thread (the app); tests and tools leave it to the connection. */
  backgroundCheckpoints?: CheckpointerOptions | false;
}

export function openCatalogCache(dataDir: string, options: CatalogCacheOptions = {}): OpenedCatalogCache {
  const file = join(dataDir, CACHE_FILE);
  const { db, recovery, checked } = openDatabase(file, options);
  // A first sync that stopped part-way leaves its sort indexes dropped (sort-indexes.ts).
  ensureSortIndexes(db);
  const checkpointer: WalCheckpointer | null = options.backgroundCheckpoints ? startWalCheckpointer(db, options.backgroundCheckpoints) : null;
  const cache: CatalogCache = {
    file,
    db,
    reads: new CatalogReads(db),
    writes: new CatalogWrites(db),
    meta: new MetaStore(db),
    checked,
    close: () => {
      checkpointer?.stop();
      closeDatabase(db);
    },
  };
  return { cache, damaged: recovery };
}
