// "Seen" on a refusal belongs to the desk, not to a window: kept with the entry in the cache file,
// so every window and the next start count it the same; retried and refused again, it counts
// again. Real sandbox over HTTP, real SQLite file, reopened as after a restart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../src/main/kernel/api';
import { openCache, type Cache } from '../../../src/main/composition/open-cache';
import { EventHub } from '../../../src/main/kernel/ipc/event-hub';
import { Journal, journalOutbox } from '../../../src/main/journal';
import { handlersOf } from '../../../src/main/kernel/ipc/declare-channels';
import { CatalogRecorder } from '../../../src/main/kernel/cache/catalog-recorder';
import { Outbox, outboxChannels } from '../../../src/main/outbox';
import type { RunningSandbox } from '../../../src/sandbox';
import { recordEvents } from '../composition/support/events';
import { startTestSandbox, testClient } from '../composition/support/sandbox';
import { tempDir } from '../composition/support/temp-dir';

describe('outbox: a refusal marked Seen', () => {
  const dir = tempDir('desk-seen-');
  let sandbox: RunningSandbox;
  let api: ApiClient;
  let cache: Cache;
  let events: EventHub;
  let journal: Journal;
  let outbox: Outbox;
  let warehouseId: string;
  let sku: string;

  function open(): void {
    cache = openCache(dir.path);
    events = new EventHub();
    journal = new Journal({ store: cache.journal, worker: () => 'Ana', retentionDays: () => 90 });
    journalOutbox(events, journal, (id) => id);
    outbox = new Outbox({ cache, recorder: new CatalogRecorder(cache), events, api: () => api, online: () => true, account: () => 'demo' });
  }
  const handlers = () =>
    handlersOf(outboxChannels({ outbox: () => outbox, undo: { undo: () => { throw new Error('not here'); }, linksOf: () => [] }, warehouse: (id) => id, approve: () => null }), (line) => journal.record(line));
  /** As the router calls it: a refusal is a rejected answer. */
  const markSeen = async (id: string) => handlers()['outbox.markSeen']({ id });

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    api = testClient(sandbox);
    const stock = await api.listStock({ limit: 1 });
    sku = stock.body.data[0]!.sku;
    warehouseId = stock.body.data[0]!.levels[0]!.warehouse_id;
    open();
  });
  afterAll(async () => {
    await outbox.idle();
    journal.close();
    cache.close();
    await sandbox.close();
    dir.remove();
  });

  it('leaves the red count and stays seen after a restart; retried and refused again, it counts again', async () => {
    const refused = outbox.enqueue({ sku, warehouseId, delta: -1_000_000, reason: 'damaged' });
    await outbox.idle();
    expect(outbox.get(refused.id)).toMatchObject({ state: 'rejected', seen: false });
    expect(outbox.list().counts).toMatchObject({ rejected: 1, rejectedSeen: 0 });

    const announced = recordEvents(events);
    const seen = await markSeen(refused.id);
    expect(seen).toMatchObject({ id: refused.id, state: 'rejected', seen: true });
    // Every window's counts follow the entry's event.
    expect(announced.of('outbox.changed')).toEqual([seen]);
    expect(outbox.list().counts).toMatchObject({ rejected: 1, rejectedSeen: 1 });
    journal.flush();
    // The refusal was journaled once; the acknowledgement is no second refusal.
    expect(journal.search({ sku }).entries.filter((l) => l.outcome === 'rejected')).toHaveLength(1);

    // Another start of the desk (or another window) reads the same mark from the file.
    await outbox.idle();
    journal.close();
    cache.close();
    open();
    expect(outbox.get(refused.id).seen).toBe(true);
    expect(outbox.list({ states: ['rejected'] }).entries[0]).toMatchObject({ id: refused.id, seen: true });
    expect(outbox.list().counts).toMatchObject({ rejected: 1, rejectedSeen: 1 });

    outbox.retry(refused.id);
    await outbox.idle();
    expect(outbox.get(refused.id)).toMatchObject({ state: 'rejected', seen: false });
    expect(outbox.list().counts).toMatchObject({ rejected: 1, rejectedSeen: 0 });
  });

  it('refuses to mark what is not refused, and what is not the account’s', async () => {
    const fine = outbox.enqueue({ sku, warehouseId, delta: 1, reason: 'found' });
    await outbox.idle();
    await expect(markSeen(fine.id)).rejects.toMatchObject({ error: { code: 'outbox_not_rejected' } });
    expect(outbox.get(fine.id).seen).toBe(false);
    await expect(markSeen('ob_nobody')).rejects.toMatchObject({ error: { code: 'outbox_entry_not_found' } });
  });
});
