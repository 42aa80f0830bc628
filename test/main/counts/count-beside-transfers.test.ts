import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeskCore, type DeskCore, type DeskCoreOptions } from '../../../src/main/composition/desk-core';
import { createKeytarStore } from '../../../src/main/kernel/secrets';
import { IDEMPOTENCY_HORIZON_MS } from '../../../src/shared/api';
import type { Transfer } from '../../../src/shared/ipc/desk-work-records';
import { adjustElsewhere, onHandElsewhere } from '../../support/another-desk';
import { ipcClient } from '../composition/support/ipc';
import { tempDir } from '../composition/support/temp-dir';

const ADJUST = /\/logistics\/stock\/[^/]+\/adjust$/;
/** When set, every adjust request is answered 503 (the service is failing); reads still answer. */
let failAdjusts = false;
/** When set, an adjust request is applied and its answer lost: a gateway's 502 instead. */
let loseAdjustAnswers = false;
const READ_STOCK = /\/logistics\/stock\/([^/]+)\/read$/;
/** When set, runs before the service is asked for a SKU's stock, and is then cleared. */
let beforeStockRead: ((sku: string) => Promise<void>) | null = null;
const failingFetch: typeof fetch = async (input, init) => {
  const path = new URL(String(input)).pathname;
  const adjust = ADJUST.test(path);
  const read = READ_STOCK.exec(path);
  if (read && beforeStockRead) {
    const hook = beforeStockRead;
    beforeStockRead = null;
    await hook(decodeURIComponent(read[1]!));
  }
  if (failAdjusts && adjust) {
    return new Response(JSON.stringify({ error: { code: 'service_unavailable', message: 'down for a moment' } }), { status: 503, headers: { 'content-type': 'application/json' } });
  }
  const answer = await fetch(input, init);
  if (!loseAdjustAnswers || !adjust) return answer;
  await answer.arrayBuffer();
  return new Response('<html>502 Bad Gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } });
};
/** The desk's clock runs this far ahead; moved together with the sandbox's. */
let offsetMs = 0;

const options = (dataDir: string): DeskCoreOptions => ({
  dataDir,
  secrets: createKeytarStore(),
  demoSandbox: { demo: { skus: 40, shipments: 5 }, rateLimit: false },
  syncIntervalMs: 600_000,
  fetch: failingFetch,
  now: () => new Date(Date.now() + offsetMs),
});

/**
 * A transfer's in leg is queued only once its out leg is applied: until then the destination's
 * shelf holds the moved stock and neither the service's on-hand nor the outbox shows it there. A
 * count at either end must wait for every leg of it, and then book only what the shelf adds.
 * Each case counts at a warehouse of the transfer while one leg is unsettled, submits, settles
 * the leg, submits again, and asks the sandbox's own records what was booked.
 */
describe('stock-take beside a transfer not yet booked', () => {
  const dir = tempDir('desk-counts-transfers-');
  let core: DeskCore;
  let ipc: ReturnType<typeof ipcClient>;
  let from: string;
  let to: string;

  const transfer = async (id: string): Promise<Transfer> => (await ipc.call('transfers.list')).find((t) => t.id === id)!;
  const corrections = (sku: string) => core.sandbox()!.adjustmentsFor(sku).filter((a) => a.reason === 'count_correction');
  const service = () => core.sandbox()!.baseUrl;

  /** Counts `counted` of `sku` at `warehouse`, accepts it and submits. */
  async function countAndSubmit(sku: string, warehouse: string, counted: number) {
    await ipc.call('counts.start', { warehouseId: warehouse });
    await ipc.call('counts.set', { sku, counted });
    await ipc.call('counts.decide', { sku, decision: 'accepted' });
    return ipc.call('counts.submit');
  }

  beforeAll(async () => {
    core = await createDeskCore(options(dir.path));
    ipc = ipcClient(core);
    await ipc.call('sync.now');
    const [a, b] = await ipc.call('warehouses.list');
    from = a!.id;
    to = b!.id;
  });
  afterAll(async () => {
    beforeStockRead = null;
    failAdjusts = false;
    loseAdjustAnswers = false;
    await core?.close();
    dir.remove();
  });

  it('moved while the service is failing: the count at the destination waits, names the move, and books nothing twice', async () => {
    const sku = 'WD-000021';
    await adjustElsewhere(service(), sku, from, 20);
    const atDestination = await onHandElsewhere(service(), sku, to);

    failAdjusts = true;
    const created = await ipc.call('transfers.create', { sku, fromWarehouseId: from, toWarehouseId: to, quantity: 5 });
    await expect.poll(async () => (await transfer(created.id)).out.lastError?.code, { timeout: 15_000 }).toBeTruthy();

    // The shelf at the destination holds its own stock and the 5 moved in.
    const waiting = await countAndSubmit(sku, to, atDestination + 5);
    expect(waiting.state).toBe('open');
    expect(waiting.lines[0]!.submittedAt).toBeNull();
    expect(corrections(sku)).toEqual([]);
    const review = await ipc.call('counts.review');
    expect(review.lines[0]!.waitsFor).toEqual([{ kind: 'transfer_in', delta: 5, otherWarehouseId: from, state: 'waiting', entryId: created.out.id, transferId: created.id }]);

    // The service comes back: both legs are booked; the count then finds nothing left to correct.
    failAdjusts = false;
    await ipc.call('outbox.retry', { id: created.out.id });
    await expect.poll(async () => (await transfer(created.id)).state, { timeout: 20_000 }).toBe('done');
    expect((await ipc.call('counts.review')).lines[0]!.waitsFor).toEqual([]);
    expect((await ipc.call('counts.submit')).state).toBe('submitted');
    expect(corrections(sku)).toEqual([]);
    expect(await onHandElsewhere(service(), sku, to)).toBe(atDestination + 5);
  });

  it('a move started while the count is being submitted: the line waits for it instead of booking it a second time', async () => {
    const sku = 'WD-000025';
    await adjustElsewhere(service(), sku, from, 20);
    const atDestination = await onHandElsewhere(service(), sku, to);

    // Counted with the 4 moved in already on the shelf; the move is booked at the desk while the
    // submit asks the service for the on-hand it corrects against.
    let created: Transfer | null = null;
    beforeStockRead = async () => {
      failAdjusts = true;
      created = await ipc.call('transfers.create', { sku, fromWarehouseId: from, toWarehouseId: to, quantity: 4 });
    };
    const waiting = await countAndSubmit(sku, to, atDestination + 4);
    expect(created).not.toBeNull();
    expect(waiting.state).toBe('open');
    expect(waiting.lines[0]!.submittedAt).toBeNull();
    expect(corrections(sku)).toEqual([]);

    failAdjusts = false;
    await ipc.call('outbox.retry', { id: created!.out.id }).catch(() => undefined);
    await expect.poll(async () => (await transfer(created!.id)).state, { timeout: 20_000 }).toBe('done');
    expect((await ipc.call('counts.submit')).state).toBe('submitted');
    expect(corrections(sku)).toEqual([]);
    expect(await onHandElsewhere(service(), sku, to)).toBe(atDestination + 4);
  });

  it('the out leg refused, then retried: the count at the destination waits while it is refused, and the correction is right once it is booked', async () => {
    const sku = 'WD-000022';
    const atSource = await onHandElsewhere(service(), sku, from);
    const atDestination = await onHandElsewhere(service(), sku, to);
    // More than the service holds at the source: refused. The goods were moved all the same.
    const quantity = atSource + 3;
    const created = await ipc.call('transfers.create', { sku, fromWarehouseId: from, toWarehouseId: to, quantity });
    await expect.poll(async () => (await transfer(created.id)).state, { timeout: 15_000 }).toBe('out_refused');

    // One item more than moved is on the destination's shelf: the count should book +1 in the end.
    const waiting = await countAndSubmit(sku, to, atDestination + quantity + 1);
    expect(waiting.state).toBe('open');
    expect(corrections(sku)).toEqual([]);
    expect((await ipc.call('counts.review')).lines[0]!.waitsFor).toMatchObject([{ kind: 'transfer_in', delta: quantity, otherWarehouseId: from, state: 'refused' }]);

    // The source's missing stock is found and booked elsewhere; the out leg is retried and goes, the in leg follows.
    await adjustElsewhere(service(), sku, from, quantity);
    await ipc.call('outbox.retry', { id: created.out.id });
    await expect.poll(async () => (await transfer(created.id)).state, { timeout: 20_000 }).toBe('done');
    expect((await ipc.call('counts.submit')).state).toBe('submitted');
    await expect.poll(() => corrections(sku).map((a) => [a.warehouseId, a.delta]), { timeout: 15_000 }).toEqual([[to, 1]]);
    expect(await onHandElsewhere(service(), sku, to)).toBe(atDestination + quantity + 1);
  });

  it('the in leg refused, then retried: the count waits for it, then books nothing twice', async () => {
    const sku = 'WD-000023';
    await adjustElsewhere(service(), sku, from, 10);
    const atDestination = await onHandElsewhere(service(), sku, to);
    // The destination is gone at the service for a moment: the in leg is refused.
    const db = new Database(core.sandbox()!.dbPath);
    const closed = `wh_Closed${Date.now()}`;
    const rename = (a: string, b: string) => db.prepare('UPDATE warehouses SET id = ? WHERE id = ?').run(b, a);
    let created: Transfer;
    rename(to, closed);
    try {
      created = await ipc.call('transfers.create', { sku, fromWarehouseId: from, toWarehouseId: to, quantity: 4 });
      await expect.poll(async () => (await transfer(created.id)).state, { timeout: 15_000 }).toBe('in_refused');
    } finally {
      rename(closed, to);
      db.close();
    }
    const refused = await transfer(created.id);

    const waiting = await countAndSubmit(sku, to, atDestination + 4);
    expect(waiting.state).toBe('open');
    expect(corrections(sku)).toEqual([]);
    expect((await ipc.call('counts.review')).lines[0]!.waitsFor).toEqual([{ kind: 'transfer_in', delta: 4, otherWarehouseId: from, state: 'refused', entryId: refused.in!.id, transferId: created.id }]);

    await ipc.call('outbox.retry', { id: refused.in!.id });
    await expect.poll(async () => (await transfer(created.id)).state, { timeout: 20_000 }).toBe('done');
    expect((await ipc.call('counts.submit')).state).toBe('submitted');
    expect(corrections(sku)).toEqual([]);
    expect(await onHandElsewhere(service(), sku, to)).toBe(atDestination + 4);
  });

  it('at the source: the count waits for the out leg too', async () => {
    const sku = 'WD-000024';
    await adjustElsewhere(service(), sku, from, 10);
    const atSource = await onHandElsewhere(service(), sku, from);
    failAdjusts = true;
    const created = await ipc.call('transfers.create', { sku, fromWarehouseId: from, toWarehouseId: to, quantity: 6 });
    await expect.poll(async () => (await transfer(created.id)).out.lastError?.code, { timeout: 15_000 }).toBeTruthy();

    // The 6 have left the source's shelf.
    const waiting = await countAndSubmit(sku, from, atSource - 6);
    expect(waiting.state).toBe('open');
    expect(corrections(sku)).toEqual([]);
    expect((await ipc.call('counts.review')).lines[0]!.waitsFor).toMatchObject([{ kind: 'transfer_out', delta: -6, otherWarehouseId: to, state: 'waiting' }]);

    failAdjusts = false;
    await ipc.call('outbox.retry', { id: created.out.id });
    await expect.poll(async () => (await transfer(created.id)).state, { timeout: 20_000 }).toBe('done');
    expect((await ipc.call('counts.submit')).state).toBe('submitted');
    expect(corrections(sku)).toEqual([]);
    expect(await onHandElsewhere(service(), sku, from)).toBe(atSource - 6);
  });

  // Last: it moves both clocks past the service's idempotency horizon.
  it('the out leg uncertain: the count at the destination waits until the worker settles it, then books nothing twice', async () => {
    const sku = 'WD-000025';
    await adjustElsewhere(service(), sku, from, 10);
    const atDestination = await onHandElsewhere(service(), sku, to);
    loseAdjustAnswers = true;
    let created: Transfer;
    try {
      created = await ipc.call('transfers.create', { sku, fromWarehouseId: from, toWarehouseId: to, quantity: 3 });
      await expect.poll(async () => (await transfer(created.id)).out.lastError?.code, { timeout: 15_000 }).toBeTruthy();
    } finally {
      loseAdjustAnswers = false;
    }
    // Offline until past the horizon: the out leg may or may not have been applied, nobody knows.
    core.sandbox()!.setFaults({ unreachable: true });
    await ipc.raw('sync.now');
    offsetMs += IDEMPOTENCY_HORIZON_MS + 3_600_000;
    core.sandbox()!.advanceClock(IDEMPOTENCY_HORIZON_MS + 3_600_000);
    core.sandbox()!.setFaults({ unreachable: false });
    await ipc.call('sync.now');
    await expect.poll(async () => (await transfer(created.id)).state, { timeout: 15_000 }).toBe('uncertain');

    const waiting = await countAndSubmit(sku, to, atDestination + 3);
    expect(waiting.state).toBe('open');
    expect(corrections(sku)).toEqual([]);
    expect((await ipc.call('counts.review')).lines[0]!.waitsFor).toMatchObject([{ kind: 'transfer_in', delta: 3, otherWarehouseId: from, state: 'unknown' }]);

    // The stock shows it was applied: the worker says so, the in leg follows, and the count finds nothing to correct.
    await ipc.call('outbox.resolve', { id: created.out.id, choice: 'applied' });
    await expect.poll(async () => (await transfer(created.id)).state, { timeout: 20_000 }).toBe('done');
    expect((await ipc.call('counts.submit')).state).toBe('submitted');
    expect(corrections(sku)).toEqual([]);
    expect(await onHandElsewhere(service(), sku, to)).toBe(atDestination + 3);
  });
});
