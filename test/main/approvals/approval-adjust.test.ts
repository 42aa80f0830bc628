// A large adjustment under a policy that asks a supervisor to approve it, through the real IPC
// router and the demo sandbox over HTTP: refused without an approval, booked once with one, and
// an approval is good for its own values once; the lines of an approved adjustment keep how its code came in.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeskCore, type DeskCore } from '../../../src/main/composition/desk-core';
import { createKeytarStore } from '../../../src/main/kernel/secrets';
import { ipcClient } from '../composition/support/ipc';
import { tempDir } from '../composition/support/temp-dir';

describe('an adjustment a supervisor must approve', () => {
  const dir = tempDir('desk-approval-');
  let core: DeskCore;
  let ipc: ReturnType<typeof ipcClient>;
  let warehouseId: string;
  let supervisorId: string;

  const onHand = async (sku: string): Promise<number> => (await ipc.call('stock.search', { query: sku, warehouseId })).rows[0]!.onHand;
  const approve = (delta: number, sku = 'WD-000003', pin = '2468') => ipc.raw('approvals.request', { supervisor: { id: supervisorId }, pin, action: { kind: 'adjust', sku, warehouseId, delta } });

  beforeAll(async () => {
    const policyFile = join(dir.path, 'policy.json');
    writeFileSync(policyFile, JSON.stringify({ supervisor: { approve: { adjustmentsFrom: 50 }, maxAttempts: 5 } }));
    core = await createDeskCore({ dataDir: join(dir.path, 'data'), secrets: createKeytarStore(), demoSandbox: { demo: { skus: 10, shipments: 1 }, rateLimit: false }, syncIntervalMs: 600_000, policyFile });
    ipc = ipcClient(core);
    await ipc.call('sync.now');
    warehouseId = (await ipc.call('warehouses.list'))[0]!.id;
    const added = await ipc.call('workers.add', { name: 'Sam' });
    supervisorId = added.workers.find((w) => w.name === 'Sam')!.id;
    await ipc.call('workers.setRole', { workerId: supervisorId, role: 'supervisor' });
    const withPin = await ipc.call('workers.setPin', { workerId: supervisorId, pin: '2468' });
    expect(withPin.workers[0]).toMatchObject({ name: 'Sam', role: 'supervisor', hasPin: true });
    expect(JSON.stringify(withPin)).not.toContain('scrypt');
    await ipc.call('workers.add', { name: 'Wim' });
    const wim = (await ipc.call('workers.list')).workers.find((w) => w.name === 'Wim')!;
    await ipc.call('workers.switch', { id: wim.id });
  });
  afterAll(async () => {
    await core?.close();
    dir.remove();
  });

  it('refuses a large adjustment without an approval and changes nothing; a small one needs none', async () => {
    const before = await onHand('WD-000003');
    expect(await ipc.fail('stock.adjust', { sku: 'WD-000003', warehouseId, delta: 60, reason: 'received' })).toMatchObject({ code: 'approval_required', reason: 'missing' });
    expect(await ipc.fail('stock.adjust', { sku: 'WD-000003', warehouseId, delta: 60, reason: 'received', approval: `apv_${'0'.repeat(32)}` })).toMatchObject({ code: 'approval_required' });
    expect((await ipc.call('outbox.list', { sku: 'WD-000003' })).entries).toEqual([]);
    expect(await onHand('WD-000003')).toBe(before);
    expect(await ipc.call('stock.adjust', { sku: 'WD-000004', warehouseId, delta: 49, reason: 'received' })).toMatchObject({ state: 'applied' });
  });

  it('books an approved adjustment once, with the approver in its note and the journal', async () => {
    const before = await onHand('WD-000003');
    const granted = await approve(60);
    if (!granted.ok) throw new Error(JSON.stringify(granted.error));
    expect(granted.value.approver).toBe('Sam');
    const entry = await ipc.call('stock.adjust', { sku: 'WD-000003', warehouseId, delta: 60, reason: 'received', note: 'pallet', approval: granted.value.token });
    expect(entry).toMatchObject({ state: 'applied', note: '[by Wim] [approved by Sam] pallet', applied: { onHandAfter: before + 60 } });
    // Spent: the same token again is refused, and nothing more is booked.
    expect(await ipc.fail('stock.adjust', { sku: 'WD-000003', warehouseId, delta: 60, reason: 'received', approval: granted.value.token })).toMatchObject({ code: 'approval_required', reason: 'unknown' });
    expect(await onHand('WD-000003')).toBe(before + 60);
    const journal = await ipc.call('journal.search', { kind: 'approval' });
    expect(journal.entries[0]).toMatchObject({ kind: 'approval', worker: 'Wim', outcome: 'done', details: { what: 'approval_granted', params: { approver: 'Sam', delta: 60 } } });
  });

  it('keeps how the code came in on the lines of an adjustment that waited for an approval', async () => {
    const refused = await ipc.fail('stock.adjust', { sku: 'WD-000006', warehouseId, delta: 70, reason: 'received', entry: 'keyed' });
    expect(refused).toMatchObject({ code: 'approval_required' });
    const granted = await approve(70, 'WD-000006');
    if (!granted.ok) throw new Error(JSON.stringify(granted.error));
    const entry = await ipc.call('stock.adjust', { sku: 'WD-000006', warehouseId, delta: 70, reason: 'received', entry: 'keyed', approval: granted.value.token });
    expect(entry).toMatchObject({ state: 'applied', note: '[by Wim] [approved by Sam]' });
    const lines = (await ipc.call('journal.search', { sku: 'WD-000006' })).entries
      .filter((e) => e.kind === 'adjust' || e.kind === 'sent')
      .reverse()
      .map((e) => [e.kind, e.outcome, e.entry]);
    expect(lines).toEqual([
      ['adjust', 'failed', 'keyed'],
      ['adjust', 'queued', 'keyed'],
      ['sent', 'applied', 'keyed'],
    ]);
  });

  it('an approval is good for its own values only', async () => {
    const forSixty = await approve(60);
    if (!forSixty.ok) throw new Error('not granted');
    expect(await ipc.fail('stock.adjust', { sku: 'WD-000003', warehouseId, delta: 600, reason: 'received', approval: forSixty.value.token })).toMatchObject({ reason: 'other_action' });
    // Tried on other values, it is spent too.
    expect(await ipc.fail('stock.adjust', { sku: 'WD-000003', warehouseId, delta: 60, reason: 'received', approval: forSixty.value.token })).toMatchObject({ reason: 'unknown' });
    const forOther = await approve(60, 'WD-000005');
    if (!forOther.ok) throw new Error('not granted');
    expect(await ipc.fail('stock.adjust', { sku: 'WD-000003', warehouseId, delta: 60, reason: 'received', approval: forOther.value.token })).toMatchObject({ reason: 'other_action' });
  });

  it('a wrong PIN or a worker who is no supervisor is refused, each a journal line without the PIN', async () => {
    expect(await approve(60, 'WD-000003', '1357')).toMatchObject({ ok: false, error: { code: 'pin_refused', reason: 'wrong' } });
    const wim = (await ipc.call('workers.list')).workers.find((w) => w.name === 'Wim')!;
    expect(await ipc.raw('approvals.request', { supervisor: { id: wim.id }, pin: '2468', action: { kind: 'adjust', sku: 'WD-000003', warehouseId, delta: 60 } })).toMatchObject({
      ok: false,
      error: { code: 'pin_refused', reason: 'not_supervisor' },
    });
    const refused = (await ipc.call('journal.search', { kind: 'approval' })).entries.filter((e) => e.outcome === 'failed');
    expect(refused.map((e) => e.details?.error?.reason)).toEqual(['not_supervisor', 'wrong']);
    const all = JSON.stringify((await ipc.call('journal.search', {})).entries);
    expect(all).not.toContain('2468');
    expect(all).not.toContain('1357');
  });

  it('once a supervisor has a PIN, nobody makes themselves one or changes a PIN without their approval', async () => {
    const wim = (await ipc.call('workers.list')).workers.find((w) => w.name === 'Wim')!;
    expect(await ipc.fail('workers.setRole', { workerId: wim.id, role: 'supervisor' })).toMatchObject({ code: 'approval_required', reason: 'missing' });
    expect(await ipc.fail('workers.setPin', { workerId: wim.id, pin: '1111' })).toMatchObject({ code: 'approval_required' });
    expect((await ipc.call('workers.list')).workers.find((w) => w.name === 'Wim')).toMatchObject({ role: 'worker', hasPin: false });
    // An approval for one worker does not change another.
    const forSam = await ipc.raw('approvals.request', { supervisor: { id: supervisorId }, pin: '2468', action: { kind: 'worker', workerId: supervisorId } });
    if (!forSam.ok) throw new Error('not granted');
    expect(await ipc.fail('workers.setRole', { workerId: wim.id, role: 'supervisor', approval: forSam.value.token })).toMatchObject({ reason: 'other_action' });
    const forWim = await ipc.raw('approvals.request', { supervisor: { id: supervisorId }, pin: '2468', action: { kind: 'worker', workerId: wim.id } });
    if (!forWim.ok) throw new Error('not granted');
    const state = await ipc.call('workers.setPin', { workerId: wim.id, pin: '1111', approval: forWim.value.token });
    expect(state.workers.find((w) => w.name === 'Wim')).toMatchObject({ role: 'worker', hasPin: true });
    const granted = (await ipc.call('journal.search', { kind: 'approval' })).entries[0];
    expect(granted).toMatchObject({ outcome: 'done', details: { what: 'approval_granted', params: { action: 'worker', approver: 'Sam', name: 'Wim' } } });
  });
});
