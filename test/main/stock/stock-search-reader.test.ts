import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCache, type Cache } from '../../../src/main/composition/open-cache';
import { stockCacheReaders } from '../../../src/main/stock';
import type { StockSearchInput, StockSort } from '../../../src/main/stock/stock-search';
import { gtin13, product, stock, T0 } from '../composition/support/records';
import { tempDir } from '../composition/support/temp-dir';

/**
 * The reader thread's `stock.search` (stock/cache-readers.ts) answers exactly as the core's, on
 * the same cache file: its own read-only connection, the file's sort indexes, counts it remembers
 * by the file's data version instead of the core's key generation. The catalogue (12,000 items)
 * is shaped for the plans the default limits choose: more than 5,000 matches whose first come
 * late in the list's order ("zz" by SKU, "zinc" by name), and more than 10,000 (a barcode's
 * first digits), where counting stops at its cap. The core writes between searches as a sync does.
 */
const ITEMS = 12_000;
/** Items from here on have SKUs ZZ-... and names Zinc ...: last in the list by SKU and by name. */
const LATE = 3_900;
const words = ['Blue', 'Red', 'Heavy', 'Hinge', 'Bolt', 'Box', 'Café', 'Steel', 'blueberry', 'Hi-vis'];
const warehouses = ['wh_a', 'wh_b', 'wh_c'];

describe("the reader's stock search", () => {
  const dir = tempDir('desk-search-reader-');
  let cache: Cache;
  let readOnly: Database.Database;
  let read: (input: StockSearchInput) => unknown;

  beforeAll(() => {
    cache = openCache(dir.path);
    let seed = 7;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return (seed >>> 8) % n;
    };
    cache.writes.transaction(() => {
      for (let i = 0; i < ITEMS; i++) {
        const late = i >= LATE;
        const sku = `${late ? 'ZZ' : 'WD'}-${String(i).padStart(6, '0')}`;
        const name = `${late ? 'Zinc ' : ''}${words[rnd(words.length)]} ${words[rnd(words.length)]} ${i % 10}mm`;
        const barcodes = i % 10 === 0 ? [] : [gtin13(`40${String(i).padStart(10, '0')}`)];
        const levels = warehouses.filter(() => rnd(3) !== 0).map((wh) => [wh, rnd(6), rnd(3)] as [string, number, number]);
        cache.writes.upsertProducts([product(sku, name, barcodes)], T0);
        cache.writes.upsertStock(stock(sku, name, levels, 1, new Date(Date.parse(T0) + rnd(20) * 60_000).toISOString()), T0);
      }
    });
    readOnly = new Database(cache.file, { readonly: true, fileMustExist: true });
    const reader = stockCacheReaders({ db: readOnly, serviceReachable: () => false })['stock.search'];
    read = (input) => reader(input);
  }, 60_000);
  afterAll(() => {
    readOnly?.close();
    cache?.close();
    dir.remove();
  });

  /** Asks both; gives the core's answer. */
  const same = (input: StockSearchInput) => {
    const core = cache.search.search(input);
    expect(read(input), JSON.stringify(input)).toEqual(core);
    return core;
  };

  it('answers every sort, filter and page as the core does, through every plan', () => {
    const queries = [undefined, 'wd', 'wd-0001', 'zz', 'zinc', 'z', 'b', 'blue', 'blue bolt', 'blue bolt 3', 'bo b', 'hi-vis', 'cafe', '4000', 'lue', 'qq', '3mm'];
    const sorts: StockSort[] = ['sku', 'name', 'onHand', 'available', 'updatedAt'];
    const plans = new Set<string>();
    let capped = 0;
    for (const query of queries) {
      sorts.forEach((sort, i) => {
        const pages: StockSearchInput[] = [
          { sort, direction: 'asc', offset: 0, limit: 200 },
          { sort, direction: 'desc', offset: 4_800, limit: 100, ...(i % 2 === 0 ? { warehouseId: 'wh_b' } : {}) },
        ];
        for (const page of pages) {
          const input = { ...page, ...(query !== undefined ? { query } : {}) };
          // The core's plan, from its first run of the query (explain runs it).
          plans.add(cache.search.explain(input).plan);
          if (same(input).capped) capped++;
        }
      });
    }
    expect([...plans]).toEqual(expect.arrayContaining(['all', 'contains', 'gather', 'matched', 'ordered', 'ordered-after-probe', 'ordered-then-gather', 'typed-on']));
    expect(capped).toBeGreaterThan(0);
  });

  it('follows what the core writes between two searches: added, renamed, deleted, moved, quantities', () => {
    const probes: StockSearchInput[] = [{ query: 'quartz' }, { query: 'blue' }, { query: 'blue lan' }, { query: 'lantern', warehouseId: 'wh_c' }, { sort: 'onHand', direction: 'desc' }, {}];
    const check = () => probes.forEach(same);
    check();
    cache.writes.upsertStock(stock('WD-900001', 'Quartz Lantern', [['wh_c', 9]], 1), T0);
    check();
    cache.writes.upsertStock(stock('WD-000001', 'Blue Lantern', [['wh_a', 500]], 5), T0);
    check();
    cache.writes.upsertStock(stock('WD-000001', 'Blue Lantern', [['wh_c', 900]], 6), T0);
    check();
    cache.writes.deleteStock('WD-900001');
    check();
    expect(read({ query: 'quartz' })).toEqual({ rows: [], total: 0 });
  });
});
