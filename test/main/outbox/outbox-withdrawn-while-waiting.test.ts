// An entry picked for sending may wait on the service (its time asked before a first send, a Set
// count's on-hand read) while it is still queued; the worker can discard it or undo can withdraw it
// in that moment. A withdrawn adjustment must never leave afterwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/main/kernel/api';
import { openCache, type Cache } from '../../../src/main/composition/open-cache';
import { EventHub } from '../../../src/main/kernel/ipc/event-hub';
import { Outbox } from '../../../src/main/outbox/outbox';
import { CatalogRecorder } from '../../../src/main/kernel/cache/catalog-recorder';
import { DEMO_OWNERS, type RunningSandbox } from '../../../src/sandbox';
import { startTestSandbox } from '../composition/support/sandbox';
import { tempDir } from '../composition/support/temp-dir';

describe('outbox: an entry discarded while its send waits on the service', () => {
  const dir = tempDir('desk-withdrawn-waiting-');
  let sandbox: RunningSandbox;
  let cache: Cache;

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    cache = openCache(dir.path);
  });
  afterAll(async () => {
    cache.close();
    await sandbox.close();
    dir.remove();
  });

  /** A client that has heard nothing from the service yet, whose requests can be held at will. */
  function heldClient() {
    let hold: Promise<void> | null = null;
    let release = () => {};
    const waiting: string[] = [];
    const heldFetch: typeof fetch = async (input, init) => {
      const path = new URL(String(input)).pathname;
      if (hold !== null && !path.endsWith('/adjust')) {
        waiting.push(path);
        await hold;
      }
      return fetch(input, init);
    };
    const api = createApiClient({ baseUrl: sandbox.baseUrl, credentials: async () => ({ ...DEMO_OWNERS.desk }), maxRetries: 0, fetch: heldFetch });
    return {
      api,
      waiting,
      holdAll() {
        hold = new Promise((resolve) => (release = resolve));
      },
      release() {
        hold = null;
        release();
      },
    };
  }

  it('the first send asks the service its time; discarded meanwhile, it is never sent', async () => {
    const seed = createApiClient({ baseUrl: sandbox.baseUrl, credentials: async () => ({ ...DEMO_OWNERS.desk }), maxRetries: 0 });
    const stock = (await seed.listStock({ limit: 5 })).body.data[0]!;
    const warehouseId = stock.levels[0]!.warehouse_id;
    const recorder = new CatalogRecorder(cache);
    recorder.stock(stock);

    const client = heldClient();
    client.holdAll();
    const outbox = new Outbox({ cache, recorder, events: new EventHub(), api: () => client.api, online: () => true, account: () => 'demo' });
    const entry = outbox.enqueue({ sku: stock.sku, warehouseId, delta: 4, reason: 'found' });
    await expect.poll(() => client.waiting.length).toBeGreaterThan(0);
    expect(cache.outbox.get(entry.id)!.entry.state).toBe('queued');

    outbox.discard(entry.id);
    client.release();
    await outbox.idle();

    expect(cache.outbox.get(entry.id)!.entry.state).toBe('discarded');
    expect(sandbox.adjustmentsFor(stock.sku)).toHaveLength(0);
  });
});
