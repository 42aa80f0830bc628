import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { openCache, type Cache } from '../../../src/main/composition/open-cache';
import type { ApiClient } from '../../../src/main/kernel/api';
import { CatalogRecorder } from '../../../src/main/kernel/cache/catalog-recorder';
import { EventHub } from '../../../src/main/kernel/ipc/event-hub';
import { downloadInstead } from '../../../src/main/kernel/file-saver';
import { handlersOf } from '../../../src/main/kernel/ipc/declare-channels';
import { levelChannels } from '../../../src/main/levels';
import { Outbox } from '../../../src/main/outbox/outbox';
import type { RunningSandbox } from '../../../src/sandbox';
import { startTestSandbox, testClient } from '../composition/support/sandbox';
import { tempDir } from '../composition/support/temp-dir';

const ACCOUNT = 'demo';

/** The Low stock list against stock the real sandbox answered, and adjustments waiting in a real outbox. */
describe('low stock', () => {
  const dir = tempDir('desk-levels-');
  let sandbox: RunningSandbox;
  let api: ApiClient;
  let cache: Cache;
  let outbox: Outbox;
  let warehouseId: string;
  const total = (sku: string) => cache.reads.stockBySku(sku)!.totals.onHand;
  const at = (sku: string) => cache.reads.stockBySku(sku)!.levels.find((l) => l.warehouseId === warehouseId)?.onHand ?? 0;

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    api = testClient(sandbox);
    cache = openCache(dir.path);
    const recorder = new CatalogRecorder(cache);
    const stock = await api.listStock({ limit: 10 });
    for (const s of stock.body.data) recorder.stock(s);
    recorder.warehouses((await api.listWarehouses()).body.data, null, 0);
    warehouseId = stock.body.data[0]!.levels[0]!.warehouse_id;
    // Offline: what is enqueued waits, as it does on a desk that lost the network.
    outbox = new Outbox({ cache, recorder, events: new EventHub(), api: () => api, online: () => false, account: () => ACCOUNT });
  });
  afterAll(async () => {
    await outbox.idle();
    cache.close();
    await sandbox.close();
    dir.remove();
  });

  it('lists a SKU below its minimum with its on hand and what to reorder; one at or above it is left out', () => {
    cache.levels.set({ sku: 'WD-000001', warehouseId: null, minimum: total('WD-000001') + 5, reorder: 20 });
    cache.levels.set({ sku: 'WD-000002', warehouseId, minimum: at('WD-000002') + 3, reorder: null });
    cache.levels.set({ sku: 'WD-000003', warehouseId: null, minimum: total('WD-000003'), reorder: 10 });
    // A reorder quantity that would not reach the minimum: the list asks for what does.
    cache.levels.set({ sku: 'WD-000004', warehouseId, minimum: at('WD-000004') + 50, reorder: 10 });

    const { rows, levels } = cache.levels.low({}, ACCOUNT);
    expect(levels).toBe(4);
    // Default order: furthest below its minimum first.
    expect(rows.map((r) => [r.sku, r.warehouseId, r.onHand, r.waiting, r.short, r.toReorder])).toEqual([
      ['WD-000004', warehouseId, at('WD-000004'), 0, 50, 50],
      ['WD-000001', null, total('WD-000001'), 0, 5, 20],
      ['WD-000002', warehouseId, at('WD-000002'), 0, 3, 3],
    ]);
    expect(rows[1]!.name).toBe(cache.reads.stockBySku('WD-000001')!.name);
  });

  it('counts the adjustments still waiting to be sent: stock booked in but not yet sent lifts a SKU off the list', () => {
    outbox.enqueue({ sku: 'WD-000002', warehouseId, delta: 3, reason: 'found' });
    outbox.enqueue({ sku: 'WD-000001', warehouseId, delta: -2, reason: 'damaged' });
    const rows = cache.levels.low({}, ACCOUNT).rows;
    expect(rows.find((r) => r.sku === 'WD-000002')).toBeUndefined();
    expect(rows.find((r) => r.sku === 'WD-000001')).toMatchObject({ waiting: -2, short: 7, toReorder: 20 });
    // Another account's outbox is not this desk's stock to count.
    expect(cache.levels.low({}, 'someone-else').rows.find((r) => r.sku === 'WD-000002')).toMatchObject({ waiting: 0, short: 3 });
  });

  it('filters by text and by warehouse, and sorts as asked', () => {
    expect(cache.levels.low({ query: '000004' }, ACCOUNT).rows.map((r) => r.sku)).toEqual(['WD-000004']);
    expect(cache.levels.low({ warehouseId }, ACCOUNT).rows.map((r) => r.sku)).toEqual(['WD-000004']);
    expect(cache.levels.low({ sort: 'sku', direction: 'asc' }, ACCOUNT).rows.map((r) => r.sku)).toEqual(['WD-000001', 'WD-000004']);
    expect(cache.levels.low({ sort: 'toReorder', direction: 'asc' }, ACCOUNT).rows.map((r) => r.sku)).toEqual(['WD-000001', 'WD-000004']);
    expect(cache.levels.low({ sort: 'toReorder', direction: 'desc' }, ACCOUNT).rows.map((r) => r.sku)).toEqual(['WD-000004', 'WD-000001']);
  });

  it('setting again replaces a level, clearing removes it, and a warehouse the cache does not hold is refused', async () => {
    const channels = handlersOf(levelChannels({ levels: cache.levels, reads: cache.reads, account: () => ACCOUNT, warehouse: (id) => id, save: downloadInstead }), () => undefined);
    expect(await channels['levels.set']({ sku: 'WD-000003', warehouseId: null, minimum: 1, reorder: 4 })).toMatchObject([{ sku: 'WD-000003', warehouseId: null, minimum: 1, reorder: 4 }]);
    expect(await channels['levels.clear']({ sku: 'WD-000003', warehouseId: null })).toEqual([]);
    await expect(Promise.resolve().then(() => channels['levels.set']({ sku: 'WD-000003', warehouseId: 'wh_nowhere', minimum: 1, reorder: null }))).rejects.toMatchObject({ error: { code: 'invalid_argument', reason: 'unknown_warehouse' } });
  });

  it('exports the list as shown to CSV a spreadsheet opens', async () => {
    const channels = handlersOf(levelChannels({ levels: cache.levels, reads: cache.reads, account: () => ACCOUNT, warehouse: (id) => `code-${id}`, save: downloadInstead }), () => undefined);
    const file = await channels['levels.export']({ sort: 'sku', direction: 'asc' });
    if (file.status !== 'download') throw new Error('expected a download');
    expect(file.fileName).toMatch(/^low-stock-\d{4}-\d{2}-\d{2}\.csv$/);
    const records = parse(file.content, { bom: true, columns: true }) as Array<Record<string, string>>;
    expect(records.map((r) => [r['sku'], r['warehouse'], r['to reorder']])).toEqual([
      ['WD-000001', 'all', '20'],
      ['WD-000004', `code-${warehouseId}`, '50'],
    ]);
  });
});
