import Database from 'better-sqlite3';
import { describe, expect, it, vi } from 'vitest';
import { migrate } from '../../../../../src/main/kernel/cache/migrate';
import { MIGRATIONS } from '../../../../../src/main/kernel/cache/migrations';
import { SORT_INDEXES, dropSortIndexes, ensureSortIndexes, ensureSortIndexesByTurns } from '../../../../../src/main/kernel/cache/sort-indexes';

describe('migration 0003 stock search', () => {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  migrate(db, MIGRATIONS, 2);
  db.prepare(
    "INSERT INTO stock_items (sku, name, version, updated_at, confirmed_at, levels_json, total_on_hand, total_reserved, total_available) VALUES ('WD-1', 'Blue Bolt', 1, 't', 't', '[]', 5, 0, 5)",
  ).run();

  it('adds wh_mask to existing stock items (0 until the next write) and the search tables', () => {
    expect(migrate(db, MIGRATIONS, 3)).toBe(3);
    expect(db.prepare("SELECT wh_mask FROM stock_items WHERE sku = 'WD-1'").pluck().get()).toBe(0);
    const columns = db.prepare("SELECT name FROM pragma_table_info('search_keys')").pluck().all();
    expect(columns).toEqual(['key', 'item_id', 'lcp', 'sku', 'wh_mask']);
  });

  it('drops the search keys of an item with the item', () => {
    const id = db.prepare("SELECT id FROM stock_items WHERE sku = 'WD-1'").pluck().get();
    db.prepare("INSERT INTO search_keys VALUES ('blue', ?, 0, 'WD-1', 0), ('bolt', ?, 1, 'WD-1', 0)").run(id, id);
    db.prepare("DELETE FROM stock_items WHERE sku = 'WD-1'").run();
    expect(db.prepare('SELECT count(*) FROM search_keys').pluck().get()).toBe(0);
  });

  it('answers a prefix term with a range seek on the key index, not a scan', () => {
    const plan = db
      .prepare("EXPLAIN QUERY PLAN SELECT count(*) FROM search_keys WHERE key >= 'bl' AND key < 'bl' || char(1114111) AND lcp < 2")
      .all() as Array<{ detail: string }>;
    expect(plan.map((p) => p.detail).join(' ')).toMatch(/SEARCH search_keys USING PRIMARY KEY \(key>\? AND key<\?\)/);
  });

  it('has the sort indexes the stock list reads in order', () => {
    const indexes = db.prepare("SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name IN ('stock_items', 'stock_levels')").pluck().all();
    expect(indexes).toEqual(
      expect.arrayContaining([
        'stock_items_by_name',
        'stock_items_by_on_hand',
        'stock_items_by_available',
        'stock_items_by_updated',
        'stock_levels_by_warehouse_on_hand',
        'stock_levels_by_warehouse_available',
      ]),
    );
  });

  it('creates the same sort indexes that sort-indexes.ts drops and rebuilds around a first sync', () => {
    const created = db.prepare("SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND name IN (SELECT value FROM json_each(?)) ORDER BY name");
    const names = JSON.stringify(SORT_INDEXES.map((i) => i.name));
    const fromMigration = created.all(names);
    expect(fromMigration).toEqual([...SORT_INDEXES].sort((a, b) => a.name.localeCompare(b.name)));
    dropSortIndexes(db);
    expect(created.all(names)).toEqual([]);
    expect(ensureSortIndexes(db)).toBe(SORT_INDEXES.length);
    expect(created.all(names)).toEqual(fromMigration);
    expect(ensureSortIndexes(db)).toBe(0);
  });

  it('builds the sort indexes with their sorts in a temporary file, and gives the cache its in-memory temporary storage back', () => {
    db.pragma('temp_store = MEMORY');
    dropSortIndexes(db);
    const during: unknown[] = [];
    const exec = db.exec.bind(db);
    const spy = vi.spyOn(db, 'exec').mockImplementation((sql: string) => {
      during.push(db.pragma('temp_store', { simple: true }));
      return exec(sql);
    });
    try {
      expect(ensureSortIndexes(db)).toBe(SORT_INDEXES.length);
    } finally {
      spy.mockRestore();
    }
    expect(during).toEqual(SORT_INDEXES.map(() => 1)); // 1 = FILE
    expect(db.pragma('temp_store', { simple: true })).toBe(2); // 2 = MEMORY
  });

  it('after a first sync builds one index per turn of the event loop, so a scan waits for one build, not all', async () => {
    dropSortIndexes(db);
    const count = db.prepare("SELECT COUNT(*) FROM sqlite_schema WHERE type = 'index' AND name IN (SELECT value FROM json_each(?))").pluck();
    const names = JSON.stringify(SORT_INDEXES.map((i) => i.name));
    const building = ensureSortIndexesByTurns(db);
    // A task queued while the build runs (a scan's IPC message) runs between two index builds.
    let seenBetween = -1;
    setImmediate(() => (seenBetween = count.get(names) as number));
    expect(await building).toBe(SORT_INDEXES.length);
    expect(seenBetween).toBeGreaterThan(0);
    expect(seenBetween).toBeLessThan(SORT_INDEXES.length);
    expect(count.get(names)).toBe(SORT_INDEXES.length);
  });
});
