// Figures 1 and 4: the two cache paths a worker waits on, measured through the real IPC router
// (createIpcRouter(core.handlers).handle) on a core whose cache holds the full sync of
// ctx.skus SKUs, with the service unreachable so every answer is the cache path.
// 1. stock.lookup by SKU; bound: a bare better-sqlite3 primary-key select of the same row.
// 4. stock.search per keystroke (growing prefixes of SKUs, name words, barcodes); peer: a bare
//    select of the first page of the unfiltered list.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { demoEan13, demoSku, seededRandom } from '../../src/sandbox/demo-data';
import { openCore, type OpenedCore } from '../lib/core';
import { errorText, notMeasured, type BenchContext, type Figure } from '../lib/figure';
import { openPkSelect } from '../lib/pk-select';
import { nowMs, round, roundSummary, summarize } from '../lib/stats';

/** The renderer's stock list asks for pages of 200 rows (stock-pages.svelte.ts). */
const LIST_PAGE = 200;

const skuOf = (i: number): string => demoSku('desk', i);
const ean13Of = (i: number): string => demoEan13('desk', i);

/** A deterministic sample of SKU numbers 1..skus (the demo data's own generator), so runs compare. */
function sample(count: number, skus: number, seed: number): number[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => 1 + Math.floor(random() * skus));
}

async function goOffline(opened: OpenedCore): Promise<boolean> {
  opened.core.sandbox()?.setFaults({ unreachable: true });
  // Any request that fails at the network tells the connectivity monitor; a sync is one.
  await opened.router.handle('sync.now', undefined, null);
  for (let i = 0; i < 50; i++) {
    const status = await opened.call('account.connectivity');
    if (!status.online) return true;
    await opened.router.handle('stock.lookup', { code: `WD-9${String(i).padStart(6, '0')}` }, null);
  }
  return false;
}

async function timeLookups(opened: OpenedCore, codes: readonly string[], into: number[]): Promise<void> {
  for (const code of codes) {
    const started = nowMs();
    const result = await opened.router.handle('stock.lookup', { code }, null);
    into.push(nowMs() - started);
    if (!result.ok || (result.value as { kind: string }).kind !== 'stock') throw new Error(`lookup of ${code} did not answer from the cache: ${JSON.stringify(result).slice(0, 200)}`);
  }
}

/** The online path: answer from the cache, refresh in the background; one lookup per refresh. */
async function timeOnlineLookups(opened: OpenedCore, codes: readonly string[]): Promise<number[]> {
  const samples: number[] = [];
  for (const code of codes) {
    const refreshed = new Promise<void>((resolve) => {
      const timer = setTimeout(() => done(), 200);
      const detach = opened.core.events.attach((event) => {
        if (event === 'stock.updated') done();
      });
      function done(): void {
        clearTimeout(timer);
        detach();
        resolve();
      }
    });
    const started = nowMs();
    const result = await opened.router.handle('stock.lookup', { code }, null);
    samples.push(nowMs() - started);
    if (!result.ok) throw new Error(`online lookup of ${code}: ${result.error.code}`);
    await refreshed;
  }
  return samples;
}

/** Every prefix of `text`, as typed one key at a time. */
function keystrokes(text: string): string[] {
  return Array.from({ length: text.length }, (_, i) => text.slice(0, i + 1)).filter((q) => q.trim().length > 0);
}

export async function measureCachePaths(ctx: BenchContext): Promise<Figure[]> {
  const dataDir = ctx.shared.syncedDataDir;
  const lookupGoal = 'p95 < 1 ms and <= 5x bound';
  const filterGoal = 'p95 < 20 ms';
  if (!dataDir) {
    const why = ctx.shared.syncedDataDirMissing ?? 'no synced cache (the sync module did not run)';
    return [
      notMeasured('lookup_cache_p95', '1. Lookup from the cache via IPC router, p95', 'ms', lookupGoal, why),
      notMeasured('stock_filter_p95', '4. Stock list filter per keystroke via IPC router, p95', 'ms', filterGoal, why),
    ];
  }
  const cacheFile = join(dataDir, 'cache.sqlite');
  let opened: OpenedCore | null = null;
  const pk = openPkSelect(cacheFile);
  const figures: Figure[] = [];
  try {
    opened = await openCore(dataDir, { skus: ctx.skus, log: ctx.log });
    // Whatever the core does at start (an incremental sync), it is over before measuring.
    await opened.router.handle('sync.now', undefined, null);
    const perRun = ctx.quick ? 500 : 2000;

    // -- 1. Lookup, online first (the cheap variant): the answer still comes from the cache.
    const onlineSamples = await timeOnlineLookups(opened, sample(ctx.quick ? 50 : 200, ctx.skus, 99).map(skuOf));
    const offline = await goOffline(opened);
    if (!offline) throw new Error('the core did not go offline with the sandbox unreachable');

    const warm = sample(500, ctx.skus, 7);
    await timeLookups(opened, warm.map(skuOf), []);
    for (const i of warm) pk.select(pk.idOf(skuOf(i)));

    const router: number[] = [];
    const bound: number[] = [];
    const byGtin: number[] = [];
    const perRunP95: number[] = [];
    for (let run = 0; run < ctx.runs; run++) {
      const picks = sample(perRun, ctx.skus, 1000 + run);
      const ids = picks.map((i) => pk.idOf(skuOf(i)));
      // The bound first, then the same rows through the router, then by barcode.
      for (const id of ids) {
        const started = nowMs();
        const row = pk.select(id);
        bound.push(nowMs() - started);
        if (!row) throw new Error(`no row ${id}`);
      }
      const runSamples: number[] = [];
      await timeLookups(opened, picks.map(skuOf), runSamples);
      router.push(...runSamples);
      perRunP95.push(summarize(runSamples).p95);
      await timeLookups(opened, picks.slice(0, perRun / 4).map(ean13Of), byGtin);
    }
    const r = summarize(router);
    const b = summarize(bound);
    const g = summarize(byGtin);
    const on = summarize(onlineSamples);
    ctx.log(`lookup: router p50 ${r.median.toFixed(4)} p95 ${r.p95.toFixed(4)} ms; bound p50 ${b.median.toFixed(4)} p95 ${b.p95.toFixed(4)} ms; online p95 ${on.p95.toFixed(3)}`);
    const lookupDetails = {
      runs: ctx.runs,
      lookupsPerRun: perRun,
      router: roundSummary(r, 4),
      perRunP95: perRunP95.map((v) => round(v, 4)),
      bound: roundSummary(b, 4),
      boundQuery: 'SELECT * FROM stock_items WHERE id = ? (own read-only connection, same process)',
      byGtin: roundSummary(g, 4),
      onlineCacheAnswer: roundSummary(on, 4),
      offline: 'sandbox unreachable; account.connectivity online=false before measuring',
    };
    figures.push(
      {
        key: 'lookup_cache_p95',
        title: `1. Lookup from the cache via IPC router (${ctx.skus.toLocaleString('en-US')} SKUs, offline), p95`,
        value: round(r.p95, 4),
        unit: 'ms',
        bound: { label: 'bare PK select of the row', value: round(b.p95, 4), unit: 'ms' },
        ratio: round(r.p95 / b.p95, 2),
        ratioMeaning: 'x bound',
        goal: lookupGoal,
        met: r.p95 < 1 && r.p95 / b.p95 <= 5,
        details: lookupDetails,
      },
      {
        key: 'lookup_cache_p50',
        title: '1. Lookup from the cache via IPC router, p50',
        value: round(r.median, 4),
        unit: 'ms',
        bound: { label: 'bare PK select of the row', value: round(b.median, 4), unit: 'ms' },
        ratio: round(r.median / b.median, 2),
        ratioMeaning: 'x bound',
        goal: '-',
        met: null,
      },
      {
        key: 'lookup_by_barcode_p95',
        title: '1. Lookup by EAN-13 from the cache, p95',
        value: round(g.p95, 4),
        unit: 'ms',
        bound: { label: 'bare PK select of the row', value: round(b.p95, 4), unit: 'ms' },
        ratio: round(g.p95 / b.p95, 2),
        ratioMeaning: 'x bound',
        goal: '-',
        met: null,
      },
      {
        key: 'lookup_online_p95',
        title: '1. Lookup online (cache answer, refresh in background), p95',
        value: round(on.p95, 4),
        unit: 'ms',
        bound: { label: 'bare PK select of the row', value: round(b.p95, 4), unit: 'ms' },
        ratio: round(on.p95 / b.p95, 2),
        ratioMeaning: 'x bound',
        goal: '-',
        met: null,
      },
    );
  } catch (error) {
    figures.push(notMeasured('lookup_cache_p95', '1. Lookup from the cache via IPC router, p95', 'ms', lookupGoal, errorText(error)));
  }

  // -- 4. Filter per keystroke.
  try {
    if (!opened) throw new Error('no core');
    const o = opened;
    const db = new Database(cacheFile, { readonly: true, fileMustExist: true });
    const firstPage = db.prepare(
      `SELECT sku, name, total_on_hand AS onHand, total_reserved AS reserved, total_available AS available, updated_at AS updatedAt, confirmed_at AS confirmedAt
         FROM stock_items ORDER BY sku LIMIT ${LIST_PAGE}`,
    );
    const nameOf = db.prepare('SELECT name FROM stock_items WHERE sku = ?').pluck();
    // 'inside': the last word of the name typed alone, a match inside the value (keys hold every word).
    const samples: Record<'sku' | 'name' | 'barcode' | 'inside', number[]> = { sku: [], name: [], barcode: [], inside: [] };
    const peer: number[] = [];
    const slowest: Array<{ query: string; ms: number }> = [];
    /** Keystrokes whose count stopped at the cap ("10,000+ items"). */
    let capped = 0;
    const typed = ctx.quick ? 3 : 6;
    const filterRuns = ctx.quick ? 2 : 3;
    for (let run = 0; run < filterRuns; run++) {
      // A write between runs (an incremental sync) clears the remembered totals, as in real use.
      o.core.sandbox()?.setFaults({ unreachable: false });
      await o.router.handle('sync.now', undefined, null);
      o.core.sandbox()?.setFaults({ unreachable: true });
      const picks = sample(typed, ctx.skus, 5000 + run);
      const texts: Array<['sku' | 'name' | 'barcode' | 'inside', string]> = [];
      for (const i of picks) {
        const name = String(nameOf.get(skuOf(i)) ?? '').replace(/,/g, '');
        texts.push(['sku', skuOf(i)], ['name', name], ['barcode', ean13Of(i)], ['inside', name.split(' ').pop() ?? name]);
      }
      for (const [kind, text] of texts) {
        for (const query of keystrokes(text)) {
          const started = nowMs();
          const result = await o.router.handle('stock.search', { query, sort: 'sku', direction: 'asc', offset: 0, limit: LIST_PAGE }, null);
          const ms = nowMs() - started;
          if (!result.ok) throw new Error(`stock.search ${JSON.stringify(query)}: ${result.error.code}`);
          if ((result.value as { capped?: true }).capped) capped++;
          samples[kind].push(ms);
          slowest.push({ query, ms });
          const p0 = nowMs();
          firstPage.all();
          peer.push(nowMs() - p0);
        }
      }
      slowest.sort((a, b) => b.ms - a.ms).splice(8);
    }
    db.close();
    const all = summarize([...samples.sku, ...samples.name, ...samples.barcode]);
    const inside = summarize(samples.inside);
    const p = summarize(peer);
    ctx.log(`filter: p50 ${all.median.toFixed(3)} p95 ${all.p95.toFixed(3)} ms over ${all.n} keystrokes; peer p95 ${p.p95.toFixed(3)}`);
    figures.push({
      key: 'stock_filter_p95',
      title: `4. Stock list filter per keystroke via IPC router (${ctx.skus.toLocaleString('en-US')} SKUs), p95`,
      value: round(all.p95, 3),
      unit: 'ms',
      bound: { label: `bare select of the first ${LIST_PAGE} rows, unfiltered`, value: round(p.p95, 3), unit: 'ms' },
      ratio: round(all.p95 / p.p95, 2),
      ratioMeaning: 'x peer',
      goal: filterGoal,
      met: all.p95 < 20,
      details: {
        runs: filterRuns,
        page: LIST_PAGE,
        sort: 'sku asc, offset 0 (the list after each keystroke)',
        all: roundSummary(all),
        bySku: roundSummary(summarize(samples.sku)),
        byNameWords: roundSummary(summarize(samples.name)),
        byBarcode: roundSummary(summarize(samples.barcode)),
        insideValue: roundSummary(inside),
        peer: roundSummary(p),
        cappedCounts: capped,
        slowest: slowest.map((s) => ({ query: s.query, ms: round(s.ms, 2) })),
      },
    });
    figures.push({
      key: 'stock_filter_inside_p95',
      title: '4. Stock list filter, a word inside the name typed alone (inside-value match), p95',
      value: round(inside.p95, 3),
      unit: 'ms',
      bound: { label: `bare select of the first ${LIST_PAGE} rows, unfiltered`, value: round(p.p95, 3), unit: 'ms' },
      ratio: round(inside.p95 / p.p95, 2),
      ratioMeaning: 'x peer',
      goal: filterGoal,
      met: inside.p95 < 20,
    });
  } catch (error) {
    figures.push(notMeasured('stock_filter_p95', '4. Stock list filter per keystroke via IPC router, p95', 'ms', filterGoal, errorText(error)));
  } finally {
    pk.close();
    await opened?.close();
  }
  return figures;
}
