import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeskCore, type DeskCore, type DeskCoreOptions } from '../../../src/main/composition/desk-core';
import { createKeytarStore } from '../../../src/main/kernel/secrets';
import type { Transfer } from '../../../src/shared/ipc/desk-work-records';
import { ipcClient } from '../composition/support/ipc';
import { tempDir } from '../composition/support/temp-dir';

const options = (dataDir: string): DeskCoreOptions => ({ dataDir, secrets: createKeytarStore(), demoSandbox: { demo: { skus: 40, shipments: 5 }, rateLimit: false }, syncIntervalMs: 600_000 });

/** Transfers through the real IPC router; the sandbox's own records say what was applied, and how often. */
describe('transfer between warehouses', () => {
  const dir = tempDir('desk-transfers-');
  let core: DeskCore;
  let ipc: ReturnType<typeof ipcClient>;
  let from: string;
  let to: string;

  async function start(): Promise<void> {
    core = await createDeskCore(options(dir.path));
    ipc = ipcClient(core);
  }
  const settledTransfer = async (id: string, done: (t: Transfer) => boolean): Promise<Transfer> => {
    await expect.poll(async () => done((await ipc.call('transfers.list')).find((t) => t.id === id)!), { timeout: 10_000 }).toBe(true);
    return (await ipc.call('transfers.list')).find((t) => t.id === id)!;
  };

  beforeAll(async () => {
    await start();
    await ipc.call('sync.now');
    const found = await ipc.call('stock.lookup', { code: 'WD-000015' });
    if (found.kind !== 'stock') throw new Error('WD-000015 not found');
    const levels = [...found.stock.levels].sort((a, b) => b.onHand - a.onHand);
    from = levels[0]!.warehouseId;
    to = (await ipc.call('warehouses.list')).find((w) => w.id !== from)!.id;
    await ipc.call('workers.add', { name: 'Cy' });
    await ipc.call('workers.switch', { id: (await ipc.call('workers.list')).workers[0]!.id });
  });
  afterAll(async () => {
    await core?.close();
    dir.remove();
  });

  it('moves stock as two linked adjustments, each applied once', async () => {
    const created = await ipc.call('transfers.create', { sku: 'WD-000015', fromWarehouseId: from, toWarehouseId: to, quantity: 4 });
    expect(created).toMatchObject({ sku: 'WD-000015', quantity: 4, worker: 'Cy', out: { delta: -4, warehouseId: from } });
    const done = await settledTransfer(created.id, (t) => t.state === 'done');
    expect(done.in).toMatchObject({ delta: 4, warehouseId: to, state: 'applied' });
    const atService = core.sandbox()!.adjustmentsFor('WD-000015');
    expect(atService.map((a) => [a.warehouseId, a.delta])).toEqual([
      [from, -4],
      [to, 4],
    ]);
    for (const a of atService) expect(a.note).toMatch(new RegExp(`^\\[by Cy\\] Transfer ${created.id}: (out to|in from) `));
  });

  it('a refused out leg moves nothing, and says what to do', async () => {
    const created = await ipc.call('transfers.create', { sku: 'WD-000016', fromWarehouseId: from, toWarehouseId: to, quantity: 900_000 });
    const refused = await settledTransfer(created.id, (t) => t.state !== 'pending');
    expect(refused).toMatchObject({ state: 'out_refused', in: null, out: { state: 'rejected', lastError: { code: 'insufficient_stock' } } });
    expect(refused.advice).toMatch(/^Nothing was moved/);
    expect(core.sandbox()!.adjustmentsFor('WD-000016')).toEqual([]);
    const journal = await ipc.call('journal.search', { sku: 'WD-000016' });
    expect(journal.entries.map((e) => [e.kind, e.outcome])).toEqual([
      ['sent', 'rejected'],
      ['transfer', 'queued'],
      ['adjust', 'queued'],
    ]);
  });

  it('refuses a transfer to the same warehouse, or to one that does not exist', async () => {
    expect((await ipc.fail('transfers.create', { sku: 'WD-000015', fromWarehouseId: from, toWarehouseId: from, quantity: 1 })).code).toBe('invalid_argument');
    expect((await ipc.fail('transfers.create', { sku: 'WD-000015', fromWarehouseId: from, toWarehouseId: 'wh_nowhere', quantity: 1 })).code).toBe('invalid_argument');
  });

  it('offline across a restart: the legs go once the service is back, each once', async () => {
    core.sandbox()!.setFaults({ unreachable: true });
    await ipc.raw('sync.now');
    const created = await ipc.call('transfers.create', { sku: 'WD-000015', fromWarehouseId: from, toWarehouseId: to, quantity: 2 });
    expect(created).toMatchObject({ state: 'pending', in: null, out: { state: 'queued' } });
    await core.close();
    await start(); // the same data folder: cache, outbox and the demo sandbox's file, the fault gone with the old process
    await ipc.call('sync.now');
    const done = await settledTransfer(created.id, (t) => t.state === 'done');
    expect(done.in?.state).toBe('applied');
    const legs = core.sandbox()!.adjustmentsFor('WD-000015').filter((a) => a.note?.includes(created.id));
    expect(legs.map((a) => [a.warehouseId, a.delta])).toEqual([
      [from, -2],
      [to, 2],
    ]);
  });
});
