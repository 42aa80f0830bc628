import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeskCore, type DeskCore } from '../../../src/main/composition/desk-core';
import { createKeytarStore } from '../../../src/main/kernel/secrets';
import type { RunningSandbox } from '../../../src/sandbox';
import { recordEvents } from '../composition/support/events';
import { ipcClient } from '../composition/support/ipc';
import { tempDir } from '../composition/support/temp-dir';

/** Undo through the real IPC router, against the demo sandbox over HTTP; its records are the judge. */
describe('undo of an adjustment', () => {
  const dir = tempDir('desk-undo-');
  let core: DeskCore;
  let sandbox: RunningSandbox;
  let ipc: ReturnType<typeof ipcClient>;
  let events: ReturnType<typeof recordEvents>;
  let warehouseId: string;

  const onHand = async (sku: string): Promise<number> => {
    const r = await ipc.call('stock.search', { query: sku, warehouseId });
    return r.rows[0]!.onHand;
  };

  beforeAll(async () => {
    core = await createDeskCore({ dataDir: dir.path, secrets: createKeytarStore(), demoSandbox: { demo: { skus: 40, shipments: 5 }, rateLimit: false }, syncIntervalMs: 600_000 });
    ipc = ipcClient(core);
    events = recordEvents(core.events);
    sandbox = core.sandbox()!;
    await ipc.call('sync.now');
    warehouseId = (await ipc.call('warehouses.list'))[0]!.id;
    await ipc.call('workers.add', { name: 'Ana' });
    await ipc.call('workers.switch', { id: (await ipc.call('workers.list')).workers[0]!.id });
  });
  afterAll(async () => {
    await core?.close();
    dir.remove();
  });

  it('withdraws an adjustment not yet sent: it never reaches the service', async () => {
    sandbox.setFaults({ unreachable: true });
    await ipc.raw('sync.now'); // the failure tells the desk it is offline
    const queued = await ipc.call('stock.adjust', { sku: 'WD-000011', warehouseId, delta: 5, reason: 'found', note: 'withdrawn' });
    expect(queued.state).toBe('queued');
    expect(await ipc.call('outbox.undo', { id: queued.id })).toMatchObject({ action: 'withdrawn', entry: { id: queued.id, state: 'discarded' } });
    sandbox.setFaults({ unreachable: false });
    await ipc.call('sync.now');
    const later = await ipc.call('stock.adjust', { sku: 'WD-000011', warehouseId, delta: 1, reason: 'found', note: 'after' });
    await events.waitFor('outbox.changed', (e) => e.id === later.id && e.state === 'applied');
    expect(sandbox.adjustmentsFor('WD-000011').map((a) => a.delta)).toEqual([1]);
    expect((await ipc.fail('outbox.undo', { id: queued.id })).code).toBe('undo_not_possible');
  });

  it('reverses an applied adjustment with a linked one, applied exactly once', async () => {
    const before = await onHand('WD-000012');
    const original = await ipc.call('stock.adjust', { sku: 'WD-000012', warehouseId, delta: 3, reason: 'received', note: 'pallet 9' });
    await events.waitFor('outbox.changed', (e) => e.id === original.id && e.state === 'applied');
    const applied = (await ipc.call('outbox.list', { sku: 'WD-000012' })).entries.find((e) => e.id === original.id)!;

    const undo = await ipc.call('outbox.undo', { id: original.id });
    if (undo.action !== 'reversed') throw new Error(`expected a reversal, got ${undo.action}`);
    expect(undo.reversal).toMatchObject({ sku: 'WD-000012', warehouseId, delta: -3, reason: 'received' });
    await events.waitFor('outbox.changed', (e) => e.id === undo.reversal.id && e.state === 'applied');

    const atService = sandbox.adjustmentsFor('WD-000012');
    expect(atService.map((a) => [a.delta, a.note])).toEqual([
      [3, '[by Ana] pallet 9'],
      [-3, `[by Ana] Undo of adjustment ${applied.applied!.adjustmentId}`],
    ]);
    expect(await onHand('WD-000012')).toBe(before);
    expect(await ipc.call('outbox.links', { ids: [original.id] })).toEqual([{ undoId: undo.reversal.id, originalId: original.id }]);
    expect(await ipc.call('outbox.links', { ids: [undo.reversal.id] })).toEqual([{ undoId: undo.reversal.id, originalId: original.id }]);

    // Never twice, and an undo is not undone.
    expect((await ipc.fail('outbox.undo', { id: original.id })).code).toBe('already_undone');
    expect((await ipc.fail('outbox.undo', { id: undo.reversal.id })).code).toBe('undo_not_possible');
    expect(sandbox.adjustmentsFor('WD-000012')).toHaveLength(2);

    const journal = (await ipc.call('journal.search', { sku: 'WD-000012', kind: 'undo' })).entries;
    expect(journal.map((e) => [e.worker, e.outcome])).toEqual([['Ana', 'queued']]);
    expect(journal[0]!.summary).toMatch(/^\+3 at \w+ \(received\) reversed by -3/);
  });

  it('has nothing to undo for a refusal, and says so', async () => {
    const refused = await ipc.call('stock.adjust', { sku: 'WD-000013', warehouseId, delta: -1_000_000, reason: 'lost' });
    await events.waitFor('outbox.changed', (e) => e.id === refused.id && e.state === 'rejected');
    expect(await ipc.fail('outbox.undo', { id: refused.id })).toMatchObject({ code: 'undo_not_possible', message: expect.stringContaining('refused') });
    expect((await ipc.fail('outbox.undo', { id: 'no-such-entry' })).code).toBe('outbox_entry_not_found');
  });
  it('refuses to withdraw an adjustment that went out without an answer (it may have been applied); once answered, reverses it: applied once, reversed once', async () => {
    sandbox.setFaults({ dropRate: 1 }); // every request's socket dropped: the adjustment goes out, no answer comes
    const sent = await ipc.call('stock.adjust', { sku: 'WD-000014', warehouseId, delta: 2, reason: 'found', note: 'answer lost' });
    await events.waitFor('outbox.changed', (e) => e.id === sent.id && e.state === 'queued' && e.firstSentAt !== null);
    expect(await ipc.fail('outbox.undo', { id: sent.id })).toMatchObject({ code: 'outcome_unknown', message: expect.stringContaining('may have applied') });
    expect((await ipc.fail('outbox.discard', { id: sent.id })).code).toBe('outcome_unknown');
    sandbox.setFaults({ dropRate: 0 });
    await ipc.call('outbox.retry', { id: sent.id });
    await events.waitFor('outbox.changed', (e) => e.id === sent.id && e.state === 'applied');
    const undo = await ipc.call('outbox.undo', { id: sent.id });
    if (undo.action !== 'reversed') throw new Error(`expected a reversal, got ${undo.action}`);
    await events.waitFor('outbox.changed', (e) => e.id === undo.reversal.id && e.state === 'applied');
    expect(sandbox.adjustmentsFor('WD-000014').map((a) => a.delta)).toEqual([2, -2]);
  });
});
