import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openCache, type Cache } from '../../../../src/main/composition/open-cache';
import { stock, T0 } from '../../composition/support/records';
import { tempDir } from '../../composition/support/temp-dir';

describe('catalog writes: a stock item written again', () => {
  let dir: ReturnType<typeof tempDir>;
  let cache: Cache;
  beforeEach(() => {
    dir = tempDir('desk-catalog-writes-');
    cache = openCache(dir.path);
  });
  afterEach(() => {
    cache.close();
    dir.remove();
  });

  const levelRows = (sku: string) =>
    cache.db.prepare('SELECT warehouse_id AS wh, on_hand AS onHand, reserved, available FROM stock_levels WHERE sku = ? ORDER BY warehouse_id').all(sku);

  it('keeps its level rows equal to its levels: changed, unchanged, added and removed warehouses', () => {
    cache.writes.upsertStock(stock('WD-000001', 'Blue Bolt', [['wh_a', 3], ['wh_b', 5, 2], ['wh_c', 7]]), T0);
    cache.writes.upsertStock(stock('WD-000001', 'Blue Bolt', [['wh_a', 4], ['wh_b', 5, 2], ['wh_d', 1]], 2), T0);
    expect(levelRows('WD-000001')).toEqual([
      { wh: 'wh_a', onHand: 4, reserved: 0, available: 4 },
      { wh: 'wh_b', onHand: 5, reserved: 2, available: 3 },
      { wh: 'wh_d', onHand: 1, reserved: 0, available: 1 },
    ]);
    expect(cache.reads.stockBySku('WD-000001')?.totals).toEqual({ onHand: 10, reserved: 2, available: 8 });
    // Sorted by quantity within a warehouse, the list reads these rows.
    expect(cache.search.search({ warehouseId: 'wh_c', sort: 'onHand' }).total).toBe(0);
    expect(cache.search.search({ warehouseId: 'wh_a', sort: 'onHand' }).rows.map((r) => r.onHand)).toEqual([4]);
  });

  it('renamed with new quantities: found by its new name only', () => {
    cache.writes.upsertStock(stock('WD-000002', 'Red Hinge', [['wh_a', 3]]), T0);
    cache.writes.upsertStock(stock('WD-000002', 'Green Hinge', [['wh_a', 8]], 2), T0);
    expect(cache.search.search({ query: 'red' }).total).toBe(0);
    expect(cache.search.search({ query: 'green', sort: 'name' }).rows).toMatchObject([{ sku: 'WD-000002', name: 'Green Hinge', onHand: 8 }]);
  });
});
