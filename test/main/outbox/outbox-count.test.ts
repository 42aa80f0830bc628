// A Set count waiting in the outbox: "counted 12" was turned into a delta against the on-hand the
// worker saw. When it is sent, the service's on-hand is read: unchanged, the delta is booked;
// moved meanwhile, nothing is booked and the entry is held for the worker with both figures;
// already the counted quantity, nothing is booked and the entry says so. Real sandbox over HTTP,
// real SQLite; the service's own record of applied adjustments is the judge.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../src/main/kernel/api';
import { openCache, type Cache } from '../../../src/main/composition/open-cache';
import { EventHub } from '../../../src/main/kernel/ipc/event-hub';
import { Outbox } from '../../../src/main/outbox/outbox';
import { CatalogRecorder } from '../../../src/main/kernel/cache/catalog-recorder';
import { AdjustInput, OutboxEntry } from '../../../src/shared/ipc/records';
import type { RunningSandbox } from '../../../src/sandbox';
import { startTestSandbox, testClient } from '../composition/support/sandbox';
import { tempDir } from '../composition/support/temp-dir';

describe('outbox: a count waiting to be sent', () => {
  const dir = tempDir('desk-count-');
  let sandbox: RunningSandbox;
  let api: ApiClient;
  let cache: Cache;
  let outbox: Outbox;
  let online = true;
  let warehouseId: string;
  let skus: string[];

  const onHand = async (sku: string) => (await api.readStock(sku)).body.levels.find((l) => l.warehouse_id === warehouseId)?.on_hand ?? 0;
  /** A change booked at the service by someone else (another desk, a pick). */
  const elsewhere = (sku: string, delta: number) => api.adjustStock(sku, { warehouse_id: warehouseId, delta, reason: delta > 0 ? 'found' : 'damaged' }, crypto.randomUUID());
  /** What the Set-count form sends: the delta against what it showed, and the count itself. */
  const counted = (sku: string, quantity: number, shown: number): AdjustInput =>
    AdjustInput.parse({ sku, warehouseId, delta: quantity - shown, reason: 'count_correction', count: { counted: quantity, onHand: shown } });
  const applications = (sku: string) => sandbox.adjustmentsFor(sku).length;
  const entryOf = (id: string) => OutboxEntry.parse(cache.outbox.get(id)!.entry);

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    api = testClient(sandbox);
    cache = openCache(dir.path);
    const recorder = new CatalogRecorder(cache);
    const stock = await api.listStock({ limit: 30 });
    for (const s of stock.body.data) recorder.stock(s);
    warehouseId = stock.body.data[0]!.levels[0]!.warehouse_id;
    skus = stock.body.data.filter((s) => s.levels.some((l) => l.warehouse_id === warehouseId && l.on_hand >= 10)).map((s) => s.sku);
    outbox = new Outbox({ cache, recorder, events: new EventHub(), api: () => api, online: () => online, account: () => 'demo' });
  });
  afterAll(async () => {
    await outbox.idle();
    cache.close();
    await sandbox.close();
    dir.remove();
  });
  beforeEach(async () => {
    await outbox.idle();
    online = true;
  });

  it('counted offline, the on-hand moved at the service before it was sent: nothing booked, held for the worker with both figures', async () => {
    const sku = skus[0]!;
    const shown = await onHand(sku);
    online = false;
    const entry = outbox.enqueue(counted(sku, shown + 2, shown));
    await elsewhere(sku, -3);
    const before = applications(sku);

    online = true;
    await outbox.kick();
    expect(entryOf(entry.id)).toMatchObject({
      state: 'rejected',
      lastError: { code: 'count_changed', reason: 'on_hand_moved', params: { counted: shown + 2, onHandThen: shown, onHandNow: shown - 3 } },
    });
    expect(applications(sku)).toBe(before);
    expect(await onHand(sku)).toBe(shown - 3);
    // The cache shows the figure the service holds now, for the worker's recount.
    expect(cache.reads.stockBySku(sku)!.levels.find((l) => l.warehouseId === warehouseId)!.onHand).toBe(shown - 3);
  });

  it('counted offline, nothing moved: the delta is booked once and the shelf figure is what was counted', async () => {
    const sku = skus[1]!;
    const shown = await onHand(sku);
    online = false;
    const entry = outbox.enqueue(counted(sku, shown + 4, shown));
    online = true;
    await outbox.kick();
    expect(entryOf(entry.id)).toMatchObject({ state: 'applied', delta: 4, applied: { onHandAfter: shown + 4 } });
  });

  it('with a change of its own waiting ahead of it: measured against on-hand plus that change, booked once that change is', async () => {
    const sku = skus[2]!;
    const shown = await onHand(sku);
    online = false;
    const ahead = outbox.enqueue({ sku, warehouseId, delta: 7, reason: 'received' });
    const count = outbox.enqueue(counted(sku, shown + 10, shown + 7));
    online = true;
    await outbox.kick();
    expect(entryOf(ahead.id).state).toBe('applied');
    expect(entryOf(count.id)).toMatchObject({ state: 'applied', delta: 3, applied: { onHandAfter: shown + 10 } });
  });

  it('the service already shows the counted quantity: books nothing and says so', async () => {
    const sku = skus[3]!;
    const shown = await onHand(sku);
    online = false;
    const entry = outbox.enqueue(counted(sku, shown - 2, shown));
    await elsewhere(sku, -2);
    const before = applications(sku);
    online = true;
    await outbox.kick();
    expect(entryOf(entry.id)).toMatchObject({ state: 'rejected', lastError: { code: 'count_matches', params: { counted: shown - 2, onHandNow: shown - 2 } } });
    expect(applications(sku)).toBe(before);
  });

  it('a count whose delta is not what was counted less what it was measured against is refused, nothing stored', () => {
    const bad = { ...counted(skus[4]!, 12, 10), delta: 5 };
    const stored = outbox.list().entries.length;
    expect(() => outbox.enqueue(bad)).toThrow(expect.objectContaining({ error: expect.objectContaining({ code: 'invalid_argument', reason: 'count_mismatch' }) }));
    expect(outbox.list().entries.length).toBe(stored);
  });
});
