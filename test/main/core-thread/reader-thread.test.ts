import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { coreWorkerBundle } from '../../../src/harness/core-worker-bundle';
import { demoSandbox, type DemoSandbox } from '../../../src/main/composition/demo-sandbox';
import { startCoreThread, type CoreThread } from '../../../src/main/core-thread';
import { CACHE_FILE } from '../../../src/main/kernel/cache';
import { createKeytarStore } from '../../../src/main/kernel/secrets';
import { ipcClient } from '../composition/support/ipc';
import { tempDir } from '../composition/support/temp-dir';

/**
 * A scan is answered by the cache's reader thread, from its own read-only connection, so it
 * never waits for the core's thread; the core still journals it and asks the service for the
 * fresh copy. The core is made to wait here as a sync's writes make it wait: another connection
 * holds the cache file's write lock, so the core's journal cannot be written until it lets go.
 */
describe("the cache's reader thread", () => {
  const dir = tempDir('desk-reader-thread-');
  let demo: DemoSandbox;
  let core: CoreThread;
  let ipc: ReturnType<typeof ipcClient>;

  beforeAll(async () => {
    demo = demoSandbox(dir.path, { demo: { skus: 30, shipments: 3 }, rateLimit: false });
    core = await startCoreThread({ dataDir: dir.path, secrets: createKeytarStore(), startDemo: () => demo.start(), syncIntervalMs: 600_000, workerEntry: await coreWorkerBundle() });
    ipc = ipcClient(core);
    await ipc.call('sync.now');
  }, 120_000);
  afterAll(async () => {
    await core?.close();
    dir.remove();
  });

  const scanLines = async (code: string) => (await ipc.call('journal.search', { kind: 'scan' })).entries.filter((e) => e.code === code);

  it('answers scans while the core waits for the cache file, and the core journals each once it can', async () => {
    const holder = new Database(join(dir.path, CACHE_FILE));
    holder.prepare('BEGIN IMMEDIATE').run();
    let first: unknown;
    let second: unknown;
    try {
      // The first scan's journal line makes the core wait for the lock (up to its busy timeout);
      // had the core answered the second, it would come only after giving up, its lines lost.
      first = await ipc.call('stock.lookup', { code: 'WD-000004' });
      second = await ipc.call('stock.lookup', { code: 'WD-000005' });
    } finally {
      holder.prepare('ROLLBACK').run();
      holder.close();
    }
    expect(first).toMatchObject({ kind: 'stock', stock: { sku: 'WD-000004' } });
    expect(second).toMatchObject({ kind: 'stock', stock: { sku: 'WD-000005' } });
    await vi.waitFor(async () => {
      expect(await scanLines('WD-000004')).toHaveLength(1);
      expect(await scanLines('WD-000005')).toHaveLength(1);
    });
  });

  it('tells the core of a scan before anything asked of it after the answer: the journal keeps the order of the desk', async () => {
    // The core hears of the reader's answers a moment after they leave; a call to the core that
    // comes sooner (here the journal, read right after the scan) must find the scan's line there.
    const answer = await ipc.call('stock.lookup', { code: 'WD-000006' });
    expect(answer).toMatchObject({ kind: 'stock', stock: { sku: 'WD-000006' } });
    expect(await scanLines('WD-000006')).toHaveLength(1);
  });

  it("answers the stock list's search while the core waits for the cache file", async () => {
    const holder = new Database(join(dir.path, CACHE_FILE));
    holder.prepare('BEGIN IMMEDIATE').run();
    let written = false;
    let page: unknown;
    // The core's thread waits in this write until the lock is let go (or its busy timeout ends
    // it): a search the core answered would come only after it.
    const writing = ipc.call('workers.add', { name: 'Waiting Writer', badge: 'BADGE-0815' }).finally(() => (written = true));
    try {
      page = await ipc.call('stock.search', { query: 'wd-00001', sort: 'name', direction: 'desc', limit: 5 });
      expect(written).toBe(false);
    } finally {
      holder.prepare('ROLLBACK').run();
      holder.close();
    }
    await writing;
    expect(page).toEqual(await ipc.call('stock.search', { query: 'wd-00001', sort: 'name', direction: 'desc', limit: 5 }));
    expect(page).toMatchObject({ total: 10 });
    expect((page as { rows: Array<{ sku: string }> }).rows.map((r) => r.sku.slice(0, 8))).toEqual(Array(5).fill('WD-00001'));
  });

  it('says a fresh copy is on its way while the service can be asked, and the core fetches it', async () => {
    const updated = new Promise((resolve) => core.events.attach((event, payload) => event === 'stock.updated' && (payload as { sku: string }).sku === 'WD-000006' && resolve(payload)));
    expect(await ipc.call('stock.lookup', { code: 'WD-000006' })).toMatchObject({ kind: 'stock', refreshing: true });
    await expect(updated).resolves.toMatchObject({ sku: 'WD-000006' });
  });

  it("leaves a worker's badge to the core, which switches the worker", async () => {
    await ipc.call('workers.add', { name: 'Reader Test', badge: 'BADGE-4711' });
    expect(await ipc.call('stock.lookup', { code: 'BADGE-4711' })).toMatchObject({ kind: 'worker', name: 'Reader Test' });
    expect((await ipc.call('workers.list')).current).toMatchObject({ name: 'Reader Test' });
  });

  it('leaves a code the cache does not hold to the core, which asks the service', async () => {
    expect(await ipc.call('stock.lookup', { code: 'NO-SUCH-SKU-1' })).toMatchObject({ kind: 'not_found', searched: 'service' });
  });
});
