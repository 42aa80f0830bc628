// Damage to a desk's cache file of the kind the desk must rebuild from (a disk or a power cut
// garbling pages): the pages of the catalog's stock tables are overwritten, the outbox's are left
// whole, so the desk moves the file aside, takes its outbox over and refills the rest from the
// service (docs/reliability.md). Only for a cache no process has open: the desk was killed.
import Database from 'better-sqlite3';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The catalog tables whose pages are garbled: the service holds all they hold. */
const DAMAGED_TABLES = ['stock_levels', 'stock_items'];

/** Garbles the catalog tables' pages of `dataDir`'s cache.sqlite; returns how many pages. */
export function damageCatalogPages(dataDir: string): number {
  const file = join(dataDir, 'cache.sqlite');
  const db = new Database(file);
  let pages: number[];
  let pageSize: number;
  try {
    // Whatever the dead process left in the WAL goes into the file first, so the garbled pages
    // are the ones the next process reads (and the WAL, emptied, holds no good copy of them).
    db.pragma('wal_checkpoint(TRUNCATE)');
    pageSize = db.pragma('page_size', { simple: true }) as number;
    const rows = db
      .prepare(`SELECT DISTINCT pageno FROM dbstat WHERE name IN (${DAMAGED_TABLES.map(() => '?').join(', ')}) ORDER BY pageno`)
      .all(...DAMAGED_TABLES) as Array<{ pageno: number }>;
    pages = rows.map((r) => r.pageno);
  } finally {
    db.close();
  }
  if (pages.length === 0) throw new Error('the cache has no catalog pages to damage');
  const bytes = readFileSync(file);
  for (const page of pages) bytes.fill(0x5a, (page - 1) * pageSize, page * pageSize);
  writeFileSync(file, bytes);
  return pages.length;
}
