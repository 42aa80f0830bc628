import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openCache, type Cache } from '../../../src/main/composition/open-cache';
import { Journal } from '../../../src/main/journal';
import { MAX_ON_HAND_HISTORY_ROWS, onHandHistoryPruner } from '../../../src/main/stock/on-hand-history';
import { stock, T0 } from '../composition/support/records';
import { tempDir } from '../composition/support/temp-dir';

const T1 = '2026-01-06T09:00:00.000Z';
const T2 = '2026-01-07T10:30:00.000Z';

/** The on-hand history on a real cache file: written by the trigger on the cached levels (migration 0020). */
describe('on-hand history', () => {
  let dir: ReturnType<typeof tempDir>;
  let cache: Cache;
  beforeEach(() => {
    dir = tempDir('desk-on-hand-history-');
    cache = openCache(dir.path);
  });
  afterEach(() => {
    cache.close();
    dir.remove();
  });

  const history = () => cache.db.prepare('SELECT sku, warehouse_id AS wh, at, before, after FROM on_hand_history ORDER BY seq').all();

  it('is not written when stock rows are inserted (a first full sync), nor when a row is confirmed unchanged', () => {
    cache.writes.transaction(() => {
      for (let i = 1; i <= 50; i++) cache.writes.upsertStock(stock(`WD-${String(i).padStart(6, '0')}`, `Item ${i}`, [['wh_a', i], ['wh_b', 2 * i]]), T0);
    });
    // The same version again: confirmed, nothing rewritten.
    cache.writes.upsertStock(stock('WD-000001', 'Item 1', [['wh_a', 1], ['wh_b', 2]]), T1);
    // A new version with the same on hand (only what is reserved changed): no change of on hand.
    cache.writes.upsertStock(stock('WD-000002', 'Item 2', [['wh_a', 2, 1], ['wh_b', 4]], 2), T1);
    expect(history()).toEqual([]);
  });

  it('records each change of a warehouse\'s on hand with the figure before and after and when it was confirmed', () => {
    cache.writes.upsertStock(stock('WD-000001', 'Blue Bolt', [['wh_a', 10], ['wh_b', 5]]), T0);
    cache.writes.upsertStock(stock('WD-000001', 'Blue Bolt', [['wh_a', 7], ['wh_b', 5]], 2), T1);
    // Renamed too: the other update statement, the same trigger.
    cache.writes.upsertStock(stock('WD-000001', 'Blue Bolt XL', [['wh_a', 7], ['wh_b', 9]], 3), T2);
    // An older version arriving late is not written, so not recorded either.
    cache.writes.upsertStock(stock('WD-000001', 'Blue Bolt', [['wh_a', 1]], 1), T2);
    expect(history()).toEqual([
      { sku: 'WD-000001', wh: 'wh_a', at: T1, before: 10, after: 7 },
      { sku: 'WD-000001', wh: 'wh_b', at: T2, before: 5, after: 9 },
    ]);
  });

  it('is pruned with the journal\'s retention, and goes with the catalog when another account signs in', () => {
    cache.writes.upsertStock(stock('WD-000001', 'Blue Bolt', [['wh_a', 10]]), T0);
    cache.writes.upsertStock(stock('WD-000001', 'Blue Bolt', [['wh_a', 8]], 2), '2026-01-01T08:00:00.000Z');
    cache.writes.upsertStock(stock('WD-000001', 'Blue Bolt', [['wh_a', 6]], 3), '2026-01-20T08:00:00.000Z');
    const journal = new Journal({ store: cache.journal, worker: () => null, retentionDays: () => 30, now: () => new Date('2026-02-05T08:00:00.000Z'), pruneWith: onHandHistoryPruner(cache.db) });
    journal.close();
    expect(history()).toEqual([{ sku: 'WD-000001', wh: 'wh_a', at: '2026-01-20T08:00:00.000Z', before: 8, after: 6 }]);

    cache.writes.clearCatalog();
    expect(history()).toEqual([]);
  });

  it('never keeps more than its cap of rows, the newest kept', () => {
    expect(MAX_ON_HAND_HISTORY_ROWS).toBe(1_000_000);
    const insert = cache.db.prepare("INSERT INTO on_hand_history (sku, warehouse_id, at, before, after) VALUES ('WD-000001', 'wh_a', ?, 0, ?)");
    for (let i = 0; i < 8; i++) insert.run(T1, i);
    expect(onHandHistoryPruner(cache.db, 5)(T0)).toBe(3);
    expect(cache.db.prepare('SELECT min(after) AS first, count(*) AS rows FROM on_hand_history').get()).toEqual({ first: 3, rows: 5 });
  });
});
