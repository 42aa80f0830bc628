// Sync on the service's clock: what the next incremental pass asks for (`updated_since`) and the
// "as of" stamps it writes come from the service's time (the Date of its answers), so a desk
// whose clock is wrong misses no change and never calls its copy fresher than it is.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../src/main/kernel/api';
import { openCache, type Cache } from '../../../src/main/composition/open-cache';
import { EventHub } from '../../../src/main/kernel/ipc/event-hub';
import { CatalogRecorder } from '../../../src/main/kernel/cache/catalog-recorder';
import { SyncEngine } from '../../../src/main/sync/sync-engine';
import type { RunningSandbox } from '../../../src/sandbox';
import { startTestSandbox, testClient } from '../composition/support/sandbox';
import { tempDir } from '../composition/support/temp-dir';

const MINUTE = 60_000;

describe('sync on the service clock', () => {
  let sandbox: RunningSandbox;
  let api: ApiClient;
  const dirs: Array<ReturnType<typeof tempDir>> = [];
  const caches: Cache[] = [];
  /** The service's time now (the sandbox's clock is the machine's plus what the test moved it). */
  let serviceOffsetMs = 0;
  const serviceNow = () => Date.now() + serviceOffsetMs;

  function freshCache(): Cache {
    const dir = tempDir('desk-sync-clock-');
    dirs.push(dir);
    const cache = openCache(dir.path);
    caches.push(cache);
    return cache;
  }
  const engine = (cache: Cache, deskOffsetMs: () => number) =>
    new SyncEngine({ cache, recorder: new CatalogRecorder(cache), events: new EventHub(), api: () => api, pageSize: 50, now: () => new Date(Date.now() + deskOffsetMs()) });
  const onHandAt = (cache: Cache, sku: string, warehouseId: string) => cache.reads.stockBySku(sku)!.levels.find((l) => l.warehouseId === warehouseId)!.onHand;

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    api = testClient(sandbox);
  });
  afterAll(async () => {
    for (const c of caches) c.close();
    for (const d of dirs) d.remove();
    await sandbox.close();
  });

  it('a desk 10 minutes fast sees a change made elsewhere on its next incremental pass, and stamps nothing in the future', async () => {
    const cache = freshCache();
    const sync = engine(cache, () => 10 * MINUTE);
    expect((await sync.run()).state).toBe('idle');
    const watermark = cache.syncState.get('stock').watermark!;
    expect(Date.parse(watermark)).toBeLessThanOrEqual(serviceNow());

    const sku = 'WD-000030';
    const wh = cache.reads.stockBySku(sku)!.levels[0]!.warehouseId;
    const before = onHandAt(cache, sku, wh);
    await api.adjustStock(sku, { warehouse_id: wh, delta: 5, reason: 'found' }, crypto.randomUUID());

    const status = await sync.run();
    expect(status.state).toBe('idle');
    expect(onHandAt(cache, sku, wh)).toBe(before + 5);
    // "Synced at" and the stock's own stamp: never later than the service's time, as precisely as
    // its Date tells it (to the second: the stamp may be the end of the second the Date names).
    expect(Date.parse(status.lastSyncedAt!)).toBeLessThan(serviceNow() + 1000);
    expect(Date.parse(cache.reads.stockBySku(sku)!.confirmedAt)).toBeLessThan(serviceNow() + 1000);
  });

  it('the service an hour ahead of the desk: the watermark follows the service, and a change is still seen', async () => {
    const cache = freshCache();
    sandbox.advanceClock(60 * MINUTE);
    serviceOffsetMs += 60 * MINUTE;
    const sync = engine(cache, () => 0);
    await sync.run();
    const watermark = Date.parse(cache.syncState.get('stock').watermark!);
    // The service's time less the margin, not the desk's (an hour behind it).
    expect(watermark).toBeGreaterThan(Date.now() + 30 * MINUTE);
    expect(watermark).toBeLessThanOrEqual(serviceNow());

    const sku = 'WD-000031';
    const wh = cache.reads.stockBySku(sku)!.levels[0]!.warehouseId;
    const before = onHandAt(cache, sku, wh);
    await api.adjustStock(sku, { warehouse_id: wh, delta: 2, reason: 'found' }, crypto.randomUUID());
    await sync.run();
    expect(onHandAt(cache, sku, wh)).toBe(before + 2);
  });
});
