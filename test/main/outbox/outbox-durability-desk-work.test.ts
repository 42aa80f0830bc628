// Issue 16, exactly once for desk work: transfers, counts and undo queue their adjustments together
// with their own rows (a transfer, a count line, an undo link) in one transaction. That commit, and
// every later one of the entry (its sending mark, its verdict), must be made with
// `synchronous = FULL` like a plain adjustment's (outbox-durability.test.ts): a power cut must not
// roll back an entry the worker was told was saved, nor the mark that its key has gone out. And a
// request never leaves from inside a transaction that may still roll back.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../src/main/kernel/api';
import { openCache, type Cache } from '../../../src/main/composition/open-cache';
import { CountService, type CountAccount } from '../../../src/main/counts';
import { EventHub } from '../../../src/main/kernel/ipc/event-hub';
import { CatalogRecorder } from '../../../src/main/kernel/cache/catalog-recorder';
import { Outbox } from '../../../src/main/outbox/outbox';
import { TransferService, type TransferAccount } from '../../../src/main/transfers';
import { UndoService } from '../../../src/main/undo';
import type { StockItem } from '../../../src/shared/api';
import type { RunningSandbox } from '../../../src/sandbox';
import { startTestSandbox, testClient } from '../composition/support/sandbox';
import { tempDir } from '../composition/support/temp-dir';
import { watchDurableWindows, type DurableWindows } from './support/durable-windows';

describe('desk work commits its outbox entries durably', () => {
  const dir = tempDir('desk-durable-work-');
  let sandbox: RunningSandbox;
  let api: ApiClient;
  let cache: Cache;
  let recorder: CatalogRecorder;
  let events: EventHub;
  let outbox: Outbox;
  let windows: DurableWindows;
  let stock: StockItem[];
  let warehouses: string[];

  const levelOf = (item: StockItem) => item.levels[0]!;
  /** Runs `act`, lets the outbox finish, and says what was committed outside a FULL window. */
  async function committedDurably(act: () => unknown | Promise<unknown>): Promise<{ outside: string[]; changedWindows: number }> {
    await outbox.idle();
    windows.reset();
    const initial = windows.snapshot();
    await act();
    await outbox.idle();
    const seen = windows.changesOutsideFull(initial);
    // Windows alternate, FULL then back to NORMAL (1).
    for (let i = 0; i < seen.levels.length; i += 1) expect(seen.levels[i]).toBe(i % 2 === 0 ? 'synchronous = FULL' : 'synchronous = 1');
    expect(cache.db.pragma('synchronous', { simple: true })).toBe(1);
    return seen;
  }

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    api = testClient(sandbox);
    cache = openCache(dir.path);
    recorder = new CatalogRecorder(cache);
    events = new EventHub();
    const listed = await api.listStock({ limit: 20 });
    for (const s of listed.body.data) recorder.stock(s);
    stock = listed.body.data.filter((s) => s.levels.length > 0 && s.levels[0]!.on_hand >= 10);
    warehouses = (await api.listWarehouses()).body.data.map((w) => w.id);
    outbox = new Outbox({ cache, recorder, events, api: () => api, online: () => true, account: () => 'demo' });
    windows = watchDurableWindows(cache);
  });
  afterAll(async () => {
    await outbox.idle();
    windows.close();
    cache.close();
    await sandbox.close();
    dir.remove();
  });
  beforeEach(async () => {
    await outbox.idle();
  });

  it('a transfer: its out leg with the transfer, then the in leg, each commit FULL', async () => {
    const account: TransferAccount = { accountKey: 'demo', outbox };
    const transfers = new TransferService({ cache, account: () => account, currentAccount: () => account, worker: () => 'Ed', warehouseCode: (id) => id });
    const item = stock[0]!;
    const from = levelOf(item).warehouse_id;
    const to = warehouses.find((w) => w !== from)!;
    let id = '';
    const out = await committedDurably(() => {
      id = transfers.create({ sku: item.sku, fromWarehouseId: from, toWarehouseId: to, quantity: 2 }).id;
    });
    expect(out.outside).toEqual([]);
    // The transfer with its out leg (queued), the sending mark, the verdict.
    expect(out.changedWindows).toBe(3);
    expect(cache.transfers.get(id)!.out_id).toBeTruthy();
    const inLeg = await committedDurably(() => transfers.advance());
    expect(inLeg.outside).toEqual([]);
    expect(inLeg.changedWindows).toBe(3);
    expect(transfers.list().find((t) => t.id === id)?.state).toBe('done');
  });

  it('a count: each submitted line with its entry, then its sending and verdict, each commit FULL', async () => {
    const item = stock[1]!;
    const warehouseId = levelOf(item).warehouse_id;
    const account: CountAccount = {
      accountKey: 'demo',
      api,
      recorder,
      online: true,
      outbox,
      lookup: { lookup: () => Promise.reject(new Error('not used')) },
    };
    const counts = new CountService({ cache, events, worker: () => 'Ed', account: () => account, currentAccount: () => account });
    const session = counts.start({ warehouseId });
    counts.set(item.sku, levelOf(item).on_hand + 3);
    counts.decide(item.sku, 'accepted');
    const seen = await committedDurably(() => counts.submit());
    expect(seen.outside).toEqual([]);
    expect(seen.changedWindows).toBe(3);
    const line = cache.counts.line(session.id, item.sku)!;
    expect(outbox.get(line.entry_id!).state).toBe('applied');
  });

  it('an undo: the reversal with its link, then its sending and verdict, each commit FULL', async () => {
    const item = stock[2]!;
    const original = outbox.enqueue({ sku: item.sku, warehouseId: levelOf(item).warehouse_id, delta: 4, reason: 'received' });
    await outbox.idle();
    expect(outbox.get(original.id).state).toBe('applied');
    const undo = new UndoService({ cache, outbox: () => outbox, worker: () => 'Ed' });
    let reversal = '';
    const seen = await committedDurably(() => {
      const result = undo.undo(original.id);
      if (result.action !== 'reversed') throw new Error(`expected a reversal, got ${result.action}`);
      reversal = result.reversal.id;
    });
    expect(seen.outside).toEqual([]);
    expect(seen.changedWindows).toBe(3);
    expect(outbox.get(reversal).state).toBe('applied');
  });

  it('a transaction rolled back after queuing an adjustment sends nothing and keeps nothing', async () => {
    const item = stock[3]!;
    const before = sandbox.adjustmentsFor(item.sku).length;
    const rows = cache.db.prepare('SELECT count(*) FROM outbox').pluck().get() as number;
    expect(() =>
      cache.writes.transaction(() => {
        outbox.enqueue({ sku: item.sku, warehouseId: levelOf(item).warehouse_id, delta: 1, reason: 'found' });
        throw new Error('the row queued with it could not be written');
      }),
    ).toThrow();
    await outbox.idle(); // a run started inside the transaction ends once its request is answered
    expect(sandbox.adjustmentsFor(item.sku).length).toBe(before);
    expect(cache.db.prepare('SELECT count(*) FROM outbox').pluck().get()).toBe(rows);
  });
});
