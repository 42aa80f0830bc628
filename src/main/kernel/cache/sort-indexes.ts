import type Database from 'better-sqlite3';
import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * The stock list's sort indexes, as migration 0003 creates them (a test keeps the two equal).
 *
 * They are the expensive part of writing stock: rows arrive in SKU order, so the SKU indexes grow
 * at their end, but each of these takes its rows at random places, and a sync page of 500 items
 * dirties hundreds of their pages, each written to the WAL again at every commit. A first sync
 * into an empty cache therefore runs without them and builds them once at the end (sorting is far
 * cheaper than 100,000 random inserts). Opening the cache always puts back any that are missing,
 * so a crash in the middle of a first sync costs nothing but one index build.
 */
export const SORT_INDEXES: ReadonlyArray<{ name: string; sql: string }> = [
  { name: 'stock_items_by_name', sql: 'CREATE INDEX stock_items_by_name ON stock_items(name COLLATE NOCASE, sku)' },
  { name: 'stock_items_by_on_hand', sql: 'CREATE INDEX stock_items_by_on_hand ON stock_items(total_on_hand, sku)' },
  { name: 'stock_items_by_available', sql: 'CREATE INDEX stock_items_by_available ON stock_items(total_available, sku)' },
  { name: 'stock_items_by_updated', sql: 'CREATE INDEX stock_items_by_updated ON stock_items(updated_at, sku)' },
  { name: 'stock_levels_by_warehouse_on_hand', sql: 'CREATE INDEX stock_levels_by_warehouse_on_hand ON stock_levels(warehouse_id, on_hand, sku)' },
  { name: 'stock_levels_by_warehouse_available', sql: 'CREATE INDEX stock_levels_by_warehouse_available ON stock_levels(warehouse_id, available, sku)' },
];

/**
 * Creates the sort indexes that are missing; returns how many it built.
 *
 * The build sorts every row of the table. The cache keeps its temporary storage in memory (small
 * sorts of the stock list's pages), but a sort of a million rows held there grew the process by
 * about 125 MB that the allocator kept after the build; sorted in a temporary file it grows by
 * about 17 MB and is faster (docs/benchmarks.md, figure 6 under "What missed, why, and the fix").
 */
export function ensureSortIndexes(db: Database.Database, among: ReadonlyArray<{ name: string; sql: string }> = SORT_INDEXES): number {
  const existing = new Set(db.prepare("SELECT name FROM sqlite_schema WHERE type = 'index'").pluck().all() as string[]);
  const missing = among.filter((i) => !existing.has(i.name));
  if (missing.length > 0) {
    const tempStore = db.pragma('temp_store', { simple: true }) as number;
    db.pragma('temp_store = FILE');
    try {
      db.transaction(() => {
        for (const index of missing) db.exec(index.sql);
      })();
    } finally {
      db.pragma(`temp_store = ${tempStore}`);
    }
  }
  return missing.length;
}

/**
 * As `ensureSortIndexes`, one index per turn of the event loop: a scan that arrives on this thread
 * during the build waits for one index, not for all six (seconds at the end of a first sync of
 * 100,000 SKUs on a loaded machine). A crash between two leaves the rest to the next opening.
 */
export async function ensureSortIndexesByTurns(db: Database.Database): Promise<number> {
  let built = 0;
  for (const index of SORT_INDEXES) {
    built += ensureSortIndexes(db, [index]);
    await nextTurn();
  }
  return built;
}

/** Drops the sort indexes (before a bulk load into an empty cache). */
export function dropSortIndexes(db: Database.Database): void {
  db.transaction(() => {
    for (const index of SORT_INDEXES) db.exec(`DROP INDEX IF EXISTS ${index.name}`);
  })();
}
