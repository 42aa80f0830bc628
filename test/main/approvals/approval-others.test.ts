// Dropping an uncertain adjustment, cancelling or deleting a shipment and changing settings under
// a policy that asks a supervisor to approve each, through the real IPC router and the demo
// sandbox over HTTP: refused without an approval and nothing changes, an approval is good for its
// own entry, shipment, action or change once, and each approval is a journal line.
import Database from 'better-sqlite3';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeskCore, type DeskCore } from '../../../src/main/composition/desk-core';
import { createKeytarStore } from '../../../src/main/kernel/secrets';
import type { ApprovalAction } from '../../../src/shared/ipc/approval-records';
import { ipcClient } from '../composition/support/ipc';
import { tempDir } from '../composition/support/temp-dir';

describe('the other actions a supervisor must approve', () => {
  const dir = tempDir('desk-approval-others-');
  const dataDir = join(dir.path, 'data');
  let core: DeskCore;
  let ipc: ReturnType<typeof ipcClient>;
  let warehouseId: string;
  let supervisorId: string;

  const approve = async (action: ApprovalAction): Promise<string> => {
    const granted = await ipc.raw('approvals.request', { supervisor: { id: supervisorId }, pin: '2468', action });
    if (!granted.ok) throw new Error(JSON.stringify(granted.error));
    return granted.value.token;
  };
  const lastApproval = async () => (await ipc.call('journal.search', { kind: 'approval' })).entries[0];

  /** An adjustment booked, then left uncertain as a crash past the service's key horizon leaves one (the outbox's own tests make it so). */
  async function uncertainEntry(sku: string): Promise<string> {
    const entry = await ipc.call('stock.adjust', { sku, warehouseId, delta: 2, reason: 'found' });
    const db = new Database(join(dataDir, 'cache.sqlite'));
    try {
      db.prepare("UPDATE outbox SET state = 'uncertain' WHERE id = ?").run(entry.id);
    } finally {
      db.close();
    }
    return entry.id;
  }
  const stateOf = async (id: string) => (await ipc.call('outbox.list', {})).entries.find((e) => e.id === id)?.state;

  beforeAll(async () => {
    const policyFile = join(dir.path, 'policy.json');
    writeFileSync(policyFile, JSON.stringify({ supervisor: { approve: { discardUncertain: true, cancelShipment: true, changeSettings: true } } }));
    core = await createDeskCore({ dataDir, secrets: createKeytarStore(), demoSandbox: { demo: { skus: 10, shipments: 12 }, rateLimit: false }, syncIntervalMs: 600_000, policyFile });
    ipc = ipcClient(core);
    await ipc.call('sync.now');
    warehouseId = (await ipc.call('warehouses.list'))[0]!.id;
    const added = await ipc.call('workers.add', { name: 'Sam' });
    supervisorId = added.workers.find((w) => w.name === 'Sam')!.id;
    await ipc.call('workers.setRole', { workerId: supervisorId, role: 'supervisor' });
    await ipc.call('workers.setPin', { workerId: supervisorId, pin: '2468' });
    await ipc.call('workers.add', { name: 'Wim' });
    const wim = (await ipc.call('workers.list')).workers.find((w) => w.name === 'Wim')!;
    await ipc.call('workers.switch', { id: wim.id });
  });
  afterAll(async () => {
    await core?.close();
    dir.remove();
  });

  it('drops or takes as applied an uncertain adjustment only with an approval for that entry and that choice', async () => {
    const id = await uncertainEntry('WD-000003');
    const other = await uncertainEntry('WD-000004');
    expect(await ipc.fail('outbox.resolve', { id, choice: 'drop' })).toMatchObject({ code: 'approval_required', reason: 'missing' });
    expect(await ipc.fail('outbox.resolve', { id, choice: 'applied' })).toMatchObject({ code: 'approval_required', reason: 'missing' });
    expect(await ipc.fail('outbox.resolve', { id, choice: 'drop', approval: await approve({ kind: 'uncertain', entryId: other, choice: 'drop' }) })).toMatchObject({ reason: 'other_action' });
    expect(await ipc.fail('outbox.resolve', { id, choice: 'drop', approval: await approve({ kind: 'uncertain', entryId: id, choice: 'applied' }) })).toMatchObject({ reason: 'other_action' });
    expect(await stateOf(id)).toBe('uncertain');

    const token = await approve({ kind: 'uncertain', entryId: id, choice: 'drop' });
    expect(await ipc.call('outbox.resolve', { id, choice: 'drop', approval: token })).toMatchObject({ state: 'discarded' });
    // Spent: the same token on the other entry is refused, and it stays uncertain.
    expect(await ipc.fail('outbox.resolve', { id: other, choice: 'drop', approval: token })).toMatchObject({ reason: 'unknown' });
    expect(await stateOf(other)).toBe('uncertain');
    expect(await lastApproval()).toMatchObject({ worker: 'Wim', sku: 'WD-000003', outcome: 'done', details: { what: 'approval_granted', params: { approver: 'Sam', action: 'uncertain_drop', delta: 2 } } });
    // Sending it again is the service's to judge: no approval.
    expect(await ipc.call('outbox.resolve', { id: other, choice: 'resend' })).toMatchObject({ state: expect.stringMatching(/queued|sending|applied/) });
  });

  it('cancels and deletes a shipment only with an approval for that shipment and that action', async () => {
    const list = (await ipc.call('shipments.list', { limit: 50 })).shipments;
    const cancellable = list.filter((s) => s.scope === 1 && (s.status === 'created' || s.status === 'label_ready'));
    const [toCancel, another] = [cancellable[0]!, cancellable[1]!];
    const toDelete = list.find((s) => s.status === 'created' && s.scope === 2)!;

    expect(await ipc.fail('shipments.cancel', { token: toCancel.token })).toMatchObject({ code: 'approval_required', reason: 'missing' });
    expect(await ipc.fail('shipments.cancel', { token: toCancel.token, approval: await approve({ kind: 'shipment', token: toCancel.token, verb: 'delete' }) })).toMatchObject({ reason: 'other_action' });
    expect(await ipc.fail('shipments.cancel', { token: toCancel.token, approval: await approve({ kind: 'shipment', token: another.token, verb: 'cancel' }) })).toMatchObject({ reason: 'other_action' });
    expect((await ipc.call('shipments.read', { token: toCancel.token })).status).toBe(toCancel.status);

    const token = await approve({ kind: 'shipment', token: toCancel.token, verb: 'cancel' });
    expect(await ipc.call('shipments.cancel', { token: toCancel.token, approval: token })).toMatchObject({ status: 'cancelled' });
    expect(await ipc.fail('shipments.cancel', { token: another.token, approval: token })).toMatchObject({ reason: 'unknown' });
    expect((await ipc.call('shipments.read', { token: another.token })).status).toBe(another.status);
    expect(await lastApproval()).toMatchObject({ code: toCancel.token, details: { what: 'approval_granted', params: { approver: 'Sam', action: 'shipment_cancel', shipment: toCancel.token } } });

    expect(await ipc.fail('shipments.delete', { token: toDelete.token })).toMatchObject({ code: 'approval_required' });
    expect((await ipc.call('shipments.read', { token: toDelete.token })).token).toBe(toDelete.token);
    const del = await approve({ kind: 'shipment', token: toDelete.token, verb: 'delete' });
    expect(await ipc.call('shipments.delete', { token: toDelete.token, approval: del })).toEqual({ token: toDelete.token, deleted: true });
  });

  it('changes settings only with an approval for that very change; the comfort ones and no change need none', async () => {
    expect(await ipc.fail('settings.update', { deskName: 'Dock 3' })).toMatchObject({ code: 'approval_required', reason: 'missing' });
    expect(await ipc.fail('settings.update', { deskName: 'Dock 3', approval: await approve({ kind: 'settings', patch: { deskName: 'Dock 4' } }) })).toMatchObject({ reason: 'other_action' });
    expect(await ipc.fail('settings.update', { deskName: 'Dock 3', journalRetentionDays: 30, approval: await approve({ kind: 'settings', patch: { deskName: 'Dock 3' } }) })).toMatchObject({ reason: 'other_action' });
    expect((await ipc.call('settings.get')).deskName).toBeNull();

    // The language, the sounds and a setting set to what it already is.
    expect(await ipc.call('settings.update', { language: 'de', soundsMuted: true, deskName: null })).toMatchObject({ language: 'de', soundsMuted: true });

    const token = await approve({ kind: 'settings', patch: { deskName: 'Dock 3', language: 'en' } });
    expect(await ipc.call('settings.update', { deskName: 'Dock 3', approval: token })).toMatchObject({ deskName: 'Dock 3', language: 'de' });
    expect(await ipc.fail('settings.update', { deskName: 'Dock 5', approval: token })).toMatchObject({ reason: 'unknown' });
    expect(await lastApproval()).toMatchObject({ worker: 'Wim', details: { what: 'approval_granted', params: { approver: 'Sam', action: 'settings', settings: 'deskName' } } });

    // The same change written in another order is the same change.
    const scanner = await approve({ kind: 'settings', patch: { scanner: { suffix: 'Tab', prefix: '#' } } });
    expect((await ipc.call('settings.update', { scanner: { prefix: '#', suffix: 'Tab' }, approval: scanner })).scanner).toMatchObject({ prefix: '#', suffix: 'Tab' });
  });
});
