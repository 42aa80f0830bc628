import { describe, expect, it } from 'vitest';
import { flushSync } from 'svelte';
import type { Result } from '../../../src/shared/ipc/result';
import { StockPages, type StockPage, type StockQuery } from '../../../src/renderer/src/screens/stock/stock-pages.svelte';
import { stockRow } from './desk-stub';

const base: StockQuery = { text: '', warehouseId: null, sort: 'sku', direction: 'asc' };

/** A fetch whose answers the test releases by hand, in any order. */
function manualFetch() {
  const waiting: { query: StockQuery; offset: number; resolve: (r: Result<StockPage>) => void }[] = [];
  const fetch = (query: StockQuery, offset: number) => new Promise<Result<StockPage>>((resolve) => waiting.push({ query, offset, resolve }));
  const answer = (i: number, total: number) => {
    const w = waiting[i]!;
    w.resolve({ ok: true, value: { total, rows: Array.from({ length: Math.min(10, total - w.offset) }, (_, k) => stockRow(w.offset + k)) } });
  };
  return { fetch, waiting, answer };
}
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('StockPages: the page cache behind the virtual list', () => {
  it('keeps the latest query: a slow answer to an older query is dropped', async () => {
    const m = manualFetch();
    const pages = new StockPages(m.fetch, base, { pageSize: 10 });
    pages.setQuery({ ...base, text: 'A' });
    pages.setQuery({ ...base, text: 'AB' });
    expect(m.waiting.map((w) => w.query.text)).toEqual(['A', 'AB']);
    m.answer(1, 7); // the newer query answers first
    await settle();
    m.answer(0, 5000); // then the stale one
    await settle();
    flushSync();
    expect(pages.total).toBe(7);
    expect(pages.query.text).toBe('AB');
  });

  it('fetches only the pages under the viewport, once each, and evicts far pages', async () => {
    const m = manualFetch();
    const pages = new StockPages(m.fetch, base, { pageSize: 10, maxPages: 3 });
    pages.ensureRange(0, 5); // starts the query: page 0 decides the total
    m.answer(0, 1000);
    await settle();
    pages.ensureRange(0, 25); // pages 1 and 2 more
    pages.ensureRange(0, 25); // no duplicates while in flight
    expect(m.waiting.map((w) => w.offset)).toEqual([0, 10, 20]);
    m.answer(1, 1000);
    m.answer(2, 1000);
    await settle();
    expect(pages.row(25)?.sku).toBe('SKU-000025');
    pages.ensureRange(500, 505); // jump far away
    expect(m.waiting.at(-1)?.offset).toBe(500);
    m.answer(3, 1000);
    await settle();
    expect(pages.cachedPages.length).toBeLessThanOrEqual(3);
    expect(pages.cachedPages).toContain(50);
    expect(pages.row(505)?.sku).toBe('SKU-000505');
  });

  it('a capped total only grows (a late answer for an early page does not shrink the list); an exact one is the truth', async () => {
    const m = manualFetch();
    const pages = new StockPages(m.fetch, base, { pageSize: 10 });
    const reply = (i: number, total: number, capped: boolean) => {
      const w = m.waiting[i]!;
      const rows = Array.from({ length: 10 }, (_, k) => stockRow(w.offset + k));
      w.resolve({ ok: true, value: capped ? { total, capped: true, rows } : { total, rows } });
    };
    pages.setQuery({ ...base, text: 'S' });
    reply(0, 100, true);
    await settle();
    expect({ total: pages.total, capped: pages.capped }).toEqual({ total: 100, capped: true });
    pages.ensureRange(10, 19); // page 1: its answer comes late
    pages.ensureRange(90, 99); // the end of what is known: main counts further past it
    expect(m.waiting.map((w) => w.offset)).toEqual([0, 10, 90]);
    reply(2, 200, true);
    await settle();
    reply(1, 100, true);
    await settle();
    expect({ total: pages.total, capped: pages.capped }).toEqual({ total: 200, capped: true });
    pages.ensureRange(190, 199);
    pages.ensureRange(50, 59);
    reply(3, 195, false); // counted to the end
    await settle();
    reply(4, 100, true); // late, and capped: no longer moves the total
    await settle();
    expect({ total: pages.total, capped: pages.capped }).toEqual({ total: 195, capped: false });
    pages.setQuery({ ...base, text: 'SK' }); // a new query starts over
    expect({ total: pages.total, capped: pages.capped }).toEqual({ total: null, capped: false });
  });

  it('shows a failure once and does not retry it in a loop; refresh tries again', async () => {
    let calls = 0;
    const pages = new StockPages(
      async () => {
        calls += 1;
        return { ok: false, error: { code: 'internal_error', message: 'cache closed' } };
      },
      base,
      { pageSize: 10 },
    );
    pages.ensureRange(0, 5);
    await settle();
    pages.ensureRange(0, 5);
    pages.ensureRange(0, 5);
    await settle();
    expect(calls).toBe(1);
    expect(pages.error?.message).toBe('cache closed');
    pages.refresh();
    await settle();
    expect(calls).toBe(2);
  });
});
