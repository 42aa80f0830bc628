import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCache, type Cache } from '../../../src/main/composition/open-cache';
import { StockSearch, type StockSearchInput, type StockSort } from '../../../src/main/stock/stock-search';
import type { StockRow } from '../../../src/shared/ipc/records';
import { gtin13, product, stock, T0 } from '../composition/support/records';
import { tempDir } from '../composition/support/temp-dir';

/**
 * The search is checked against a plain JavaScript model of what it must answer, on a catalog
 * small enough to model and shaped to hit every plan: the default (gather for few matches,
 * ordered for many) and a gather limit of 3, which sends nearly every query down the ordered path.
 */
const words = ['Blue', 'Red', 'Heavy', 'Hinge', 'Bolt', 'Box', 'Café', 'Steel', 'blueberry', 'Hi-vis'];
const warehouses = ['wh_a', 'wh_b', 'wh_c'];

interface Model {
  sku: string;
  name: string;
  barcodes: string[];
  levels: Map<string, { onHand: number; reserved: number; available: number }>;
  updatedAt: string;
}

function fold(s: string): string {
  return s.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase();
}

const termsOf = (query: string | undefined) => [...new Set(fold(query ?? '').split(/\s+/).filter(Boolean))].slice(0, 8);
const WORDS = /[^\p{L}\p{N}]+/u;
const keysOf = (m: Model) => [fold(m.sku), ...fold(m.name).split(WORDS).filter(Boolean), ...m.barcodes];

/** By the start of a key; `inside`: each term anywhere inside one. */
function matches(m: Model, terms: string[], inside: boolean): boolean {
  return terms.every((t) => keysOf(m).some((k) => (inside ? k.includes(t) : k.startsWith(t))));
}

/** A typed term with a separator inside that starts no key of any item counts as its words ("hi-vis": "hi", "vis"). */
function termsSearched(models: Model[], query: string | undefined): string[] {
  const terms = termsOf(query).flatMap((t) => {
    const words = /[^\p{L}\p{N}]/u.test(t) && !models.some((m) => matches(m, [t], false)) ? t.split(WORDS).filter(Boolean) : [];
    return words.length > 0 ? words : [t];
  });
  return [...new Set(terms)].slice(0, 8);
}

function expected(models: Model[], input: StockSearchInput): { skus: string[]; total: number } {
  const wh = input.warehouseId;
  const inScope = models.filter((m) => wh === undefined || m.levels.has(wh));
  const searched = termsSearched(models, input.query);
  // When some term starts no key in scope, every typed term anywhere inside one.
  const inside = searched.some((t) => !inScope.some((m) => matches(m, [t], false)));
  const terms = inside ? termsOf(input.query) : searched;
  const rows = inScope
    .filter((m) => matches(m, terms, inside))
    .map((m) => {
      const values = wh
        ? m.levels.get(wh)!
        : [...m.levels.values()].reduce((a, l) => ({ onHand: a.onHand + l.onHand, reserved: a.reserved + l.reserved, available: a.available + l.available }), {
            onHand: 0,
            reserved: 0,
            available: 0,
          });
      return { m, ...values };
    });
  const sort: StockSort = input.sort ?? 'sku';
  const sign = input.direction === 'desc' ? -1 : 1;
  const cmp = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
  rows.sort((a, b) => {
    const primary =
      sort === 'sku'
        ? 0
        : sort === 'name'
          ? cmp(a.m.name.toLowerCase(), b.m.name.toLowerCase())
          : sort === 'updatedAt'
            ? cmp(a.m.updatedAt, b.m.updatedAt)
            : cmp(a[sort], b[sort]);
    return sign * (primary || cmp(a.m.sku, b.m.sku));
  });
  const offset = input.offset ?? 0;
  return { skus: rows.slice(offset, offset + (input.limit ?? 50)).map((r) => r.m.sku), total: rows.length };
}

describe('stock search', () => {
  const dir = tempDir('desk-search-');
  let cache: Cache;
  const models: Model[] = [];

  beforeAll(() => {
    cache = openCache(dir.path);
    let seed = 42;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return (seed >>> 8) % n;
    };
    cache.writes.transaction(() => {
      for (let i = 0; i < 300; i++) {
        const sku = i % 50 === 7 ? `ab-${String(i).padStart(4, '0')}` : `WD-${String(i).padStart(6, '0')}`;
        const name = `${words[rnd(words.length)]} ${words[rnd(words.length)]} ${i % 10}mm`;
        const barcodes = i % 4 === 0 ? [] : [gtin13(`40${String(i).padStart(10, '0')}`)];
        const levels = new Map<string, { onHand: number; reserved: number; available: number }>();
        for (const wh of warehouses) {
          if (rnd(3) === 0) continue;
          // Few distinct quantities: ties must be broken the same way every time.
          const onHand = rnd(6);
          const reserved = rnd(3);
          levels.set(wh, { onHand, reserved, available: Math.max(0, onHand - reserved) });
        }
        const updatedAt = new Date(Date.parse(T0) + rnd(20) * 60_000).toISOString();
        models.push({ sku, name, barcodes, levels, updatedAt });
        cache.writes.upsertProducts([product(sku, name, barcodes)], T0);
        cache.writes.upsertStock(
          stock(sku, name, [...levels].map(([wh, l]) => [wh, l.onHand, l.reserved] as [string, number, number]), 1, updatedAt),
          T0,
        );
      }
    });
  });
  afterAll(() => {
    cache.close();
    dir.remove();
  });

  const queries = [undefined, '', 'w', 'WD', 'wd-0001', 'wd-00029', 'ab', 'AB-0', 'b', 'bl', 'blue', 'BLUEB', 'he', 'h', 'cafe', 'CAFÉ', 'blue bolt', 'bo b', '4', '4000', '40000000001', '3mm', 'zz', 'wd-000001 4', '00029', 'lue', 'AFE', 'mm', 'lue 0029', '00000002',
    'hi-', 'HI-V', 'hi-vis bo', 'bolt,hi', 'i-vi', '-', 'wd-0001-'];
  const sorts: StockSort[] = ['sku', 'name', 'onHand', 'available', 'updatedAt'];
  const cases: StockSearchInput[] = [];
  for (const query of queries) {
    for (const sort of sorts) {
      for (const direction of ['asc', 'desc'] as const) {
        cases.push({ query, sort, direction });
        cases.push({ query, sort, direction, warehouseId: 'wh_b', limit: 7, offset: 3 });
      }
    }
  }

  function check(search: StockSearch, input: StockSearchInput): void {
    const got = search.search(input);
    const want = expected(models, input);
    expect({ skus: got.rows.map((r: StockRow) => r.sku), total: got.total }, JSON.stringify(input)).toEqual(want);
  }

  it('answers like the model with the default plans', () => {
    for (const input of cases) check(cache.search, input);
  });

  it('answers like the model when nearly every query reads in sort order', () => {
    const ordered = new StockSearch(cache.db, () => cache.writes.keysGeneration, { gatherLimit: 3 });
    for (const input of cases) check(ordered, input);
    expect(ordered.explain({ query: 'b' }).plan).toBe('ordered');
  });

  it('answers like the model when the ordered read gives up early and falls back', () => {
    // typedLimit 0: every query of several terms takes the SQL plans too.
    const impatient = new StockSearch(cache.db, () => cache.writes.keysGeneration, { gatherLimit: 3, probeRows: 2, typedLimit: 0 });
    const plans = new Set<string>();
    for (const input of cases) {
      check(impatient, input);
      plans.add(impatient.explain(input).plan);
    }
    expect([...plans].sort()).toEqual(['all', 'contains', 'gather', 'ordered', 'ordered-after-probe', 'ordered-from-first', 'ordered-then-gather']);
  });

  it('reads on where the probe stopped, without a row skipped or read twice, in both directions', () => {
    // Small pages: the probe (20 rows a row asked for) sees some matches but not a page of them.
    const reader = new StockSearch(cache.db, () => cache.writes.keysGeneration, { gatherLimit: 0, probeRows: 1, typedLimit: 0 });
    let readOn = 0;
    // Two terms (a word and a size): one item in 20 to 60, so a probe of 20 to 180 rows sees a few.
    const queries = ['blue', 'red', 'heavy', 'hinge', 'bolt', 'box', 'cafe', 'steel', 'hi'].flatMap((w) => ['1mm', '4mm', '7mm'].map((size) => `${w} ${size}`));
    for (const query of queries) {
      for (const direction of ['asc', 'desc'] as const) {
        for (const warehouseId of [undefined, 'wh_b']) {
          for (const [offset, limit] of [[0, 1], [0, 2], [0, 3], [1, 2], [2, 3], [4, 5]]) {
            const input: StockSearchInput = { query, direction, offset, limit, ...(warehouseId ? { warehouseId } : {}) };
            check(reader, input);
            if (reader.explain(input).plan === 'ordered-after-probe') readOn++;
          }
        }
      }
    }
    expect(readOn).toBeGreaterThan(20);
  });

  it('counts up to a cap: past it says "more than", and a page read further counts further, to every match', () => {
    // countCap 7: most queries of this catalog match more. The rows never change, only the count.
    const searches = {
      capped: new StockSearch(cache.db, () => cache.writes.keysGeneration, { countCap: 7 }),
      cappedSql: new StockSearch(cache.db, () => cache.writes.keysGeneration, { countCap: 7, gatherLimit: 3, typedLimit: 0 }),
    };
    let cappedAnswers = 0;
    for (const search of Object.values(searches)) {
      for (const input of cases) {
        const got = search.search(input);
        const want = expected(models, input);
        const label = JSON.stringify(input);
        expect(got.rows.map((r) => r.sku), label).toEqual(want.skus);
        if (got.capped) {
          cappedAnswers++;
          expect(want.total, label).toBeGreaterThan(got.total);
          // Room to scroll on past the page asked for.
          expect(got.total, label).toBeGreaterThanOrEqual((input.offset ?? 0) + (input.limit ?? 50));
        } else expect(got.total, label).toBe(want.total);
      }
    }
    expect(cappedAnswers).toBeGreaterThan(50);

    // A list reading the page at the end of what it was told grows until it holds every match.
    for (const [query, sort] of [['b', 'sku'], ['w', 'name'], ['blue b', 'onHand'], ['he', 'available']] as const) {
      const search = new StockSearch(cache.db, () => cache.writes.keysGeneration, { countCap: 7, gatherLimit: 3 });
      const all = expected(models, { query, sort, limit: 1000 });
      const limit = 5;
      let { total, capped } = search.search({ query, sort, limit });
      let reads = 0;
      while (capped && reads++ < 50) ({ total, capped } = search.search({ query, sort, offset: total - limit, limit }));
      expect({ total, capped }, query).toEqual({ total: all.total, capped: undefined });
      expect(reads, query).toBeGreaterThan(0);
      const paged: string[] = [];
      for (let offset = 0; offset < total; offset += limit) paged.push(...search.search({ query, sort, offset, limit }).rows.map((r) => r.sku));
      expect(paged, query).toEqual(all.skus);
    }
  });

  it('takes a typed term with a separator that starts no key as its words ("Hi-vis" finds "Hi-vis vest"), a SKU with one whole', () => {
    expect(models.filter((m) => matches(m, ['hi', 'vis'], false)).length).toBeGreaterThan(5);
    for (const query of ['Hi-', 'hi-vi', 'HI-VIS', 'hi-vis bolt', 'Hi-Vis, Blue']) {
      const want = expected(models, { query, limit: 500 });
      expect(want.total, query).toBeGreaterThan(0);
      expect(cache.search.search({ query, limit: 500 }), query).toEqual(expect.objectContaining({ total: want.total, rows: expect.any(Array) }));
      expect(cache.search.explain({ query }).plan, query).not.toBe('contains');
    }
    // A SKU keeps its hyphen: "wd-0001" is the start of SKUs, not the words "wd" and "0001".
    expect(cache.search.search({ query: 'wd-0001', limit: 500 }).total).toBe(models.filter((m) => fold(m.sku).startsWith('wd-0001')).length);
  });

  it("answers a query typed on from the last one's matches, like the model, until the keys change", () => {
    const typing = new StockSearch(cache.db, () => cache.writes.keysGeneration);
    const plans: string[] = [];
    const type = (text: string, input: Omit<StockSearchInput, 'query'> = {}) => {
      for (let i = 1; i <= text.length; i++) {
        const query = text.slice(0, i);
        // explain() runs the query too: it makes the plan the search would have taken.
        plans.push(typing.explain({ query, ...input }).plan);
        check(typing, { query, ...input });
      }
    };
    type('blue bolt 3');
    type('bo b', { direction: 'desc', offset: 2, limit: 5 });
    type('hi-vis b');
    // Back to a shorter query: not a subset of the last one, so SQL answers again.
    check(typing, { query: 'blue b' });
    expect(plans).toContain('matched');
    expect(plans.filter((p) => p === 'typed-on').length).toBeGreaterThanOrEqual(5);
    // Quantities are read fresh; a rename changes the keys and the remembered matches go.
    const m = models.find((x) => matches(x, ['blue', 'h'], false))!;
    check(typing, { query: 'blue h' });
    cache.writes.upsertStock(stock(m.sku, m.name, [['wh_a', 77]], 5), T0);
    m.levels = new Map([['wh_a', { onHand: 77, reserved: 0, available: 77 }]]);
    m.updatedAt = T0;
    check(typing, { query: 'blue he' });
    cache.writes.upsertStock(stock(m.sku, 'Copper Heavy', [['wh_a', 77]], 6), T0);
    m.name = 'Copper Heavy';
    check(typing, { query: 'blue hea' });
    expect(typing.search({ query: 'copper hea' }).rows.map((r) => r.sku)).toEqual([m.sku]);
  });

  it('pages through a result without gaps or repeats', () => {
    const all = expected(models, { query: 'b', sort: 'onHand', limit: 1000 }).skus;
    const paged: string[] = [];
    for (let offset = 0; offset < all.length; offset += 13) {
      paged.push(...cache.search.search({ query: 'b', sort: 'onHand', offset, limit: 13 }).rows.map((r) => r.sku));
    }
    expect(paged).toEqual(all);
  });

  it('returns rows with quantities and when the service confirmed them', () => {
    const { rows } = cache.search.search({ query: models[1]!.sku, warehouseId: [...models[1]!.levels.keys()][0] });
    const level = [...models[1]!.levels.values()][0]!;
    expect(rows).toEqual([{ sku: models[1]!.sku, name: models[1]!.name, ...level, updatedAt: models[1]!.updatedAt, confirmedAt: T0 }]);
  });

  it('follows changes: a renamed item is found by its new name, a deleted one not at all, a moved one in its new warehouse', () => {
    const m = models[5]!;
    cache.writes.upsertStock(stock(m.sku, 'Quartz Lantern', [['wh_c', 9]], 2), T0);
    expect(cache.search.search({ query: 'quartz' }).rows.map((r) => r.sku)).toEqual([m.sku]);
    expect(cache.search.search({ query: 'lant', warehouseId: 'wh_c' }).total).toBe(1);
    expect(cache.search.search({ query: 'lant', warehouseId: 'wh_a' }).total).toBe(0);
    cache.writes.deleteStock(m.sku);
    expect(cache.search.search({ query: 'quartz' }).total).toBe(0);
  });

  it('reads the key index by range, and the list through its sort index (EXPLAIN QUERY PLAN)', () => {
    const ordered = new StockSearch(cache.db, () => cache.writes.keysGeneration, { gatherLimit: 3 });
    const plan = (input: StockSearchInput) => {
      const explained = ordered.explain(input);
      return { plan: explained.plan, text: explained.page.join('\n') };
    };
    expect(plan({ query: 'w' })).toEqual({ plan: 'ordered', text: expect.stringMatching(/SCAN stock_items USING INDEX sqlite_autoindex_stock_items_1/) });
    expect(plan({ query: 'w', sort: 'name' }).text).toMatch(/SCAN stock_items USING INDEX stock_items_by_name/);
    expect(plan({ query: 'w', sort: 'onHand', warehouseId: 'wh_a' }).text).toMatch(/SEARCH stock_levels USING INDEX stock_levels_by_warehouse_on_hand \(warehouse_id=\?\)/);
    const few = cache.search.explain({ query: 'wd-00029' });
    expect(few.plan).toBe('gather');
    expect(few.page.join('\n')).toMatch(/SEARCH search_keys USING PRIMARY KEY \(key>\? AND key<\?\)/);
    for (const input of [{ query: 'w' }, { query: 'blue bolt' }, { query: 'b', warehouseId: 'wh_b' }, { query: 'b', sort: 'available' as const }]) {
      // The only SCANs are of an index in sort order (the ordered read), never of a table or the keys.
      expect(plan(input).text, JSON.stringify(input)).not.toMatch(/SCAN search_keys|SCAN stock_items(?! USING INDEX)|SCAN stock_levels(?! USING)/);
    }
  });
});
