// Issue 15 item 3: every commit that changes the outbox is made with `synchronous = FULL` (the WAL
// synced to disk before the commit returns), so a power cut cannot roll back an adjustment the
// worker was told was saved, nor a key's first send; the catalog's writes (sync pages) keep NORMAL.
// Proven by watching the outbox table from a second connection each time the level changes: any
// change of the table committed outside a FULL window is caught.
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../src/main/kernel/api';
import { openCache, type Cache } from '../../../src/main/composition/open-cache';
import { EventHub } from '../../../src/main/kernel/ipc/event-hub';
import { CatalogRecorder } from '../../../src/main/kernel/cache/catalog-recorder';
import { Outbox } from '../../../src/main/outbox/outbox';
import type { RunningSandbox } from '../../../src/sandbox';
import { startTestSandbox, testClient } from '../composition/support/sandbox';
import { tempDir } from '../composition/support/temp-dir';

describe('outbox commits are durable against power loss', () => {
  const dir = tempDir('desk-durable-');
  let sandbox: RunningSandbox;
  let api: ApiClient;
  let cache: Cache;
  let watcher: Database.Database;
  /** The outbox as committed, each time the connection's synchronous level is set. */
  const marks: Array<{ set: string; outbox: string }> = [];
  let online = false;

  const snapshot = () => JSON.stringify(watcher.prepare('SELECT id, state, idempotency_key, attempts, first_sent_at, applied_json FROM outbox ORDER BY seq').all());

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    api = testClient(sandbox);
    cache = openCache(dir.path);
    watcher = new Database(cache.file, { readonly: true });
    const pragma = cache.db.pragma.bind(cache.db);
    cache.db.pragma = ((source: string, options?: Database.PragmaOptions) => {
      if (/^synchronous\s*=/.test(source)) marks.push({ set: source, outbox: snapshot() });
      return pragma(source, options);
    }) as typeof cache.db.pragma;
  });
  afterAll(async () => {
    watcher.close();
    cache.close();
    await sandbox.close();
    dir.remove();
  });

  it('commits the entry, its sending mark and its verdict while FULL, then returns to NORMAL', async () => {
    const recorder = new CatalogRecorder(cache);
    const stock = await api.listStock({ limit: 5 });
    for (const s of stock.body.data) recorder.stock(s); // catalog writes: no level change
    expect(marks).toEqual([]);
    const item = stock.body.data.find((s) => s.levels.length > 0)!;
    const outbox = new Outbox({ cache, recorder, events: new EventHub(), api: () => api, online: () => online, account: () => 'demo' });

    const initial = snapshot();
    const entry = outbox.enqueue({ sku: item.sku, warehouseId: item.levels[0]!.warehouse_id, delta: 2, reason: 'received' });
    online = true;
    await outbox.kick();
    await outbox.idle();
    expect(cache.outbox.get(entry.id)!.entry.state).toBe('applied');

    // Windows alternate: FULL, back to NORMAL (1). The table changes only inside a window.
    expect(marks.length % 2).toBe(0);
    let outside = initial;
    const windows: Array<[string, string]> = [];
    for (let i = 0; i < marks.length; i += 2) {
      expect([marks[i]!.set, marks[i + 1]!.set]).toEqual(['synchronous = FULL', 'synchronous = 1']);
      expect(marks[i]!.outbox, `the outbox changed outside a FULL window before window ${i / 2}`).toBe(outside);
      windows.push([marks[i]!.outbox, marks[i + 1]!.outbox]);
      outside = marks[i + 1]!.outbox;
    }
    expect(snapshot()).toBe(outside);
    // Insert (queued), the sending mark with its first send, the verdict: three durable commits that changed it.
    expect(windows.filter(([a, b]) => a !== b)).toHaveLength(3);
    expect(cache.db.pragma('synchronous', { simple: true })).toBe(1);
  });
});
