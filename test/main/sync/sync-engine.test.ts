import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../src/main/kernel/api';
import { openCache, type Cache } from '../../../src/main/composition/open-cache';
import { EventHub } from '../../../src/main/kernel/ipc/event-hub';
import { ensureSortIndexes } from '../../../src/main/kernel/cache/sort-indexes';
import { CatalogRecorder } from '../../../src/main/kernel/cache/catalog-recorder';
import { SyncEngine } from '../../../src/main/sync/sync-engine';
import { SyncStatus } from '../../../src/shared/ipc/records';
import { apiError } from '../../../src/main/kernel/api/api-error';
import type { RunningSandbox } from '../../../src/sandbox';
import { recordEvents } from '../composition/support/events';
import { startTestSandbox, testClient } from '../composition/support/sandbox';
import { tempDir } from '../composition/support/temp-dir';

type ListCall = { op: 'listWarehouses' | 'listProducts' | 'listStock'; body: Record<string, unknown>; records: number };

/** The real client, with every list call recorded and an optional hook that may fail a call. */
function watched(api: ApiClient, before?: (call: Omit<ListCall, 'records'>, n: number) => void) {
  const calls: ListCall[] = [];
  const wrap = <K extends ListCall['op']>(op: K) =>
    (async (body: Record<string, unknown> = {}) => {
      before?.({ op, body }, calls.filter((c) => c.op === op).length);
      const answer = await (api[op] as (b: unknown) => Promise<{ body: { data: unknown[] } }>)(body);
      calls.push({ op, body, records: answer.body.data.length });
      return answer;
    }) as ApiClient[K];
  const client: ApiClient = { ...api, listWarehouses: wrap('listWarehouses'), listProducts: wrap('listProducts'), listStock: wrap('listStock') };
  return { client, calls };
}

async function serviceStock(api: ApiClient): Promise<Map<string, { version: number; levels: unknown }>> {
  const all = new Map<string, { version: number; levels: unknown }>();
  let cursor: string | null = null;
  do {
    const page = await api.listStock({ limit: 500, ...(cursor ? { cursor } : {}) });
    for (const s of page.body.data) {
      all.set(s.sku, { version: s.version, levels: s.levels.map((l) => ({ warehouseId: l.warehouse_id, onHand: l.on_hand, reserved: l.reserved, available: l.available })) });
    }
    cursor = page.body.next_cursor ?? null;
  } while (cursor);
  return all;
}

function expectConverged(cache: Cache, service: Map<string, { version: number; levels: unknown }>): void {
  expect(cache.reads.stockCount()).toBe(service.size);
  for (const [sku, item] of service) {
    const cached = cache.reads.stockBySku(sku);
    expect({ sku, version: cached?.version, levels: cached?.levels }).toEqual({ sku, version: item.version, levels: item.levels });
  }
}

describe('sync', () => {
  let sandbox: RunningSandbox;
  let api: ApiClient;
  const dirs: Array<ReturnType<typeof tempDir>> = [];
  const caches: Cache[] = [];

  function freshCache(): Cache {
    const dir = tempDir('desk-sync-');
    dirs.push(dir);
    const cache = openCache(dir.path);
    caches.push(cache);
    return cache;
  }
  function engine(cache: Cache, client: ApiClient, events = new EventHub()): SyncEngine {
    return new SyncEngine({ cache, recorder: new CatalogRecorder(cache), events, api: () => client, pageSize: 7 });
  }

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    api = testClient(sandbox);
  });
  afterAll(async () => {
    for (const c of caches) c.close();
    for (const d of dirs) d.remove();
    await sandbox.close();
  });

  it('pulls everything page by page on the first run, reporting progress', async () => {
    const cache = freshCache();
    const events = new EventHub();
    const recorder = recordEvents(events);
    const { client, calls } = watched(api);
    const started = Date.now();
    const status = await engine(cache, client, events).run();
    const ended = Date.now();
    expect(SyncStatus.parse(status)).toMatchObject({ state: 'idle', phase: null, done: 3 + 60 + 60, lastError: null });
    // The moment this run synced from: within the run, by order against the clock (no margin).
    expect(Date.parse(status.lastSyncedAt!)).toBeGreaterThanOrEqual(started);
    expect(Date.parse(status.lastSyncedAt!)).toBeLessThanOrEqual(ended);
    expect(calls.filter((c) => c.op === 'listStock')).toHaveLength(Math.ceil(60 / 7));
    expect(calls.every((c) => c.body.limit === 7 && !('updated_since' in c.body))).toBe(true);
    expect(cache.reads.warehouses().map((w) => w.code)).toEqual(['AMS1', 'DUI1', 'LYS1']);
    expectConverged(cache, await serviceStock(api));
    // The first sync ran without the sort indexes and built them at the end.
    expect(ensureSortIndexes(cache.db)).toBe(0);
    expect(cache.search.explain({ sort: 'name' }).page.join('\n')).toMatch(/stock_items_by_name/);
    const product = (await api.listProducts({ sku_prefix: 'WD-000014' })).body.data[0]!;
    expect(cache.reads.stockBySku('WD-000014')!.barcodes).toEqual(product.barcodes);
    const progress = recorder.of('sync.progress');
    expect(progress.map((p) => p.phase).filter((p, i, a) => p !== a[i - 1])).toEqual(['warehouses', 'products', 'stock', null]);
    expect(progress.map((p) => p.done)).toEqual([...progress.map((p) => p.done)].sort((a, b) => a - b));
    recorder.detach();
  });

  it('then pulls only what changed (updated_since), and the cache follows', async () => {
    const cache = freshCache();
    await engine(cache, api).run();
    const wh = cache.reads.stockBySku('WD-000020')!.levels[0]!.warehouseId;
    await api.adjustStock('WD-000020', { warehouse_id: wh, delta: 3, reason: 'found' }, crypto.randomUUID());
    await api.adjustStock('WD-000021', { warehouse_id: cache.reads.stockBySku('WD-000021')!.levels[0]!.warehouseId, delta: 1, reason: 'found' }, crypto.randomUUID());
    const { client, calls } = watched(api);
    const status = await engine(cache, client).run();
    expect(status.state).toBe('idle');
    const stockCalls = calls.filter((c) => c.op === 'listStock');
    expect(stockCalls.every((c) => typeof c.body.updated_since === 'string')).toBe(true);
    // Only the changed items (and whatever else changed within the safety margin, here nothing more).
    expect(stockCalls.reduce((n, c) => n + c.records, 0)).toBe(2);
    expect(calls.filter((c) => c.op === 'listProducts').reduce((n, c) => n + c.records, 0)).toBe(0);
    expectConverged(cache, await serviceStock(api));
  });

  it('resumes after the network dropped mid-way, at the page where it stopped, and converges', async () => {
    const cache = freshCache();
    const first = watched(api, (call, n) => {
      // Take the service away after three pages of stock.
      if (call.op === 'listStock' && n === 3) sandbox.setFaults({ unreachable: true });
    });
    const failed = await engine(cache, first.client).run();
    sandbox.setFaults({ unreachable: false });
    expect(failed).toMatchObject({ state: 'failed', phase: 'stock', lastError: { code: 'network_error' } });
    expect(ensureSortIndexes(cache.db)).toBe(0); // put back when the run ended, even failed
    expect(failed.lastSyncedAt).toBeNull();
    const saved = cache.syncState.get('stock');
    expect(saved.cursor).not.toBeNull();
    expect(saved.pulled).toBe(21);

    // A new engine, as after a restart of the app.
    const second = watched(api);
    const status = await engine(cache, second.client).run();
    expect(status.state).toBe('idle');
    const resumedStock = second.calls.filter((c) => c.op === 'listStock');
    expect(resumedStock[0]!.body.cursor).toBe(saved.cursor);
    // Together the two runs pulled every stock item exactly once.
    const pulled = [...first.calls, ...second.calls].filter((c) => c.op === 'listStock').reduce((n, c) => n + c.records, 0);
    expect(pulled).toBe(60);
    expectConverged(cache, await serviceStock(api));
  });

  it('converges through dropped connections (sandbox dropRate), run after run', async () => {
    const cache = freshCache();
    const flaky = testClient(sandbox, undefined, { maxRetries: 0 });
    const flakyEngine = () => new SyncEngine({ cache, recorder: new CatalogRecorder(cache), events: new EventHub(), api: () => flaky, pageSize: 20 });
    // Every third request loses its connection: no run gets far, every run gets further.
    sandbox.setFaults({ dropRate: 1 / 3 });
    let status = await flakyEngine().run();
    let runs = 1;
    while (status.state !== 'idle' && runs < 30) {
      expect(status.lastError?.code).toMatch(/network_error|timeout/);
      status = await flakyEngine().run();
      runs++;
    }
    sandbox.setFaults({ dropRate: 0 });
    expect(status.state).toBe('idle');
    expect(runs).toBeGreaterThan(1);
    expectConverged(cache, await serviceStock(api));
  });

  it('asks for the next page before writing the one it has', async () => {
    const cache = freshCache();
    const cachedWhenAsked: number[] = [];
    const { client } = watched(api, (call) => {
      if (call.op === 'listStock') cachedWhenAsked.push(cache.reads.stockCount());
    });
    expect((await engine(cache, client).run()).state).toBe('idle');
    // Page k + 1 is on its way while page k is written: each ask sees one page fewer in the cache
    // than a fetch-then-write loop would (0 when the second page is asked, not 7).
    expect(cachedWhenAsked.slice(0, 4)).toEqual([0, 0, 7, 14]);
    expectConverged(cache, await serviceStock(api));
  });

  it('a page whose write fails ends the run there, with the page asked for meanwhile dropped unseen', async () => {
    const cache = freshCache();
    const recorder = new CatalogRecorder(cache);
    const once = testClient(sandbox, undefined, { maxRetries: 0 });
    let asked: Promise<unknown> = Promise.resolve();
    const client: ApiClient = { ...once, listStock: (body) => (asked = once.listStock(body)) as ReturnType<ApiClient['listStock']> };
    let pages = 0;
    const write = recorder.stockPage.bind(recorder);
    recorder.stockPage = (wires, confirmedAt) => {
      if (++pages === 2) {
        // The page asked for meanwhile fails too, after this write has failed: nobody awaits it.
        sandbox.setFaults({ unreachable: true });
        throw new Error('disk full');
      }
      write(wires, confirmedAt);
    };
    const status = await new SyncEngine({ cache, recorder, events: new EventHub(), api: () => client, pageSize: 7 }).run();
    // The dropped ask fails inside this test: a rejection nobody handled would fail the file.
    await asked.catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 50));
    sandbox.setFaults({ unreachable: false });
    expect(status).toMatchObject({ state: 'failed', phase: 'stock', lastError: { code: 'internal_error' } });
    expect(cache.syncState.get('stock').pulled).toBe(7);
    expect(cache.reads.stockCount()).toBe(7);
    expect((await engine(cache, api).run()).state).toBe('idle');
    expectConverged(cache, await serviceStock(api));
  });

  it('runs once at a time: a second call joins the run in progress', async () => {
    const cache = freshCache();
    const { client, calls } = watched(api);
    const sync = engine(cache, client);
    const [a, b] = await Promise.all([sync.run(), sync.run()]);
    expect(a).toEqual(b);
    expect(calls.filter((c) => c.op === 'listWarehouses')).toHaveLength(1);
  });

  it('starts a pass over when the service no longer accepts the saved cursor', async () => {
    const cache = freshCache();
    await engine(cache, api).run();
    cache.syncState.save({ ...cache.syncState.get('products'), passStartedAt: new Date().toISOString(), cursor: 'not-a-cursor-the-service-gave' });
    const status = await engine(cache, api).run();
    expect(status.state).toBe('idle');
    expect(cache.syncState.get('products').cursor).toBeNull();
  });

  it('drops a warehouse the service no longer lists at the end of a pass', async () => {
    const cache = freshCache();
    cache.writes.upsertWarehouses([{ id: 'wh_gone', code: 'GONE', name: 'Closed', address: null }], new Date().toISOString(), 'old-pass');
    await engine(cache, api).run();
    expect(cache.reads.warehouses().map((w) => w.id)).not.toContain('wh_gone');
  });

  it('fails plainly when nobody is signed in, and after any other refusal keeps its place', async () => {
    const cache = freshCache();
    const signedOut = new SyncEngine({ cache, recorder: new CatalogRecorder(cache), events: new EventHub(), api: () => null });
    expect(await signedOut.run()).toMatchObject({ state: 'failed', lastError: { code: 'not_signed_in' } });
    const refusing = watched(api, (call) => {
      if (call.op === 'listProducts') throw apiError('unauthorized', 'The token was refused.', { status: 401 });
    });
    expect(await engine(cache, refusing.client).run()).toMatchObject({ state: 'failed', phase: 'products', lastError: { code: 'unauthorized' } });
    expect(cache.reads.warehouses()).toHaveLength(3);
  });
});
