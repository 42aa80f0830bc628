// A policy that requires each worker's own PIN to start at the desk, through the real IPC router
// and a real core: picking a name or scanning a badge is no proof, the PIN is, with the lockout a
// supervisor's PIN has; every refusal is a journal line without the PIN.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeskCore, type DeskCore } from '../../../src/main/composition/desk-core';
import { createKeytarStore } from '../../../src/main/kernel/secrets';
import { ipcClient } from '../composition/support/ipc';
import { tempDir } from '../composition/support/temp-dir';

describe('a desk where each worker starts with their own PIN', () => {
  const dir = tempDir('desk-pin-required-');
  let core: DeskCore;
  let ipc: ReturnType<typeof ipcClient>;
  let ana: string;
  let bo: string;

  const current = async (): Promise<string | null> => (await ipc.call('workers.list')).current?.name ?? null;

  beforeAll(async () => {
    const policyFile = join(dir.path, 'policy.json');
    writeFileSync(policyFile, JSON.stringify({ supervisor: { pinRequired: true, maxAttempts: 3, lockoutMinutes: 5 } }));
    core = await createDeskCore({ dataDir: join(dir.path, 'data'), secrets: createKeytarStore(), demoSandbox: { demo: { skus: 5, shipments: 1 }, rateLimit: false }, syncIntervalMs: 600_000, policyFile });
    ipc = ipcClient(core);
    await ipc.call('workers.add', { name: 'Ana', badge: 'BADGE-ANA' });
    await ipc.call('workers.add', { name: 'Bo' });
    const list = (await ipc.call('workers.list')).workers;
    ana = list.find((w) => w.name === 'Ana')!.id;
    bo = list.find((w) => w.name === 'Bo')!.id;
    // No supervisor has a PIN yet: the first PINs need nobody's approval.
    await ipc.call('workers.setPin', { workerId: ana, pin: '4321' });
  });
  afterAll(async () => {
    await core?.close();
    dir.remove();
  });

  it('picking a name without the PIN is refused and changes nobody at the desk', async () => {
    expect(await ipc.fail('workers.switch', { id: ana })).toMatchObject({ code: 'pin_required', params: { name: 'Ana' } });
    expect(await current()).toBeNull();
  });

  it('the right PIN starts the worker; a worker with no PIN yet cannot start until one is set', async () => {
    expect((await ipc.call('workers.switch', { id: ana, pin: '4321' })).current?.name).toBe('Ana');
    expect(await ipc.fail('workers.switch', { id: bo, pin: '1111' })).toMatchObject({ code: 'pin_refused', reason: 'no_pin', params: { name: 'Bo' } });
    expect(await current()).toBe('Ana');
    // Leaving the desk needs no PIN.
    expect((await ipc.call('workers.switch', { nobody: true })).current).toBeNull();
  });

  it('a scanned badge only names who is to enter their PIN, also during a stock-take', async () => {
    expect(await ipc.call('stock.lookup', { code: 'BADGE-ANA' })).toEqual({ kind: 'worker', code: 'BADGE-ANA', name: 'Ana', workerId: ana, switched: false });
    expect(await current()).toBeNull();
    // The journal says what happened: asked, not switched.
    expect((await ipc.call('journal.search', { kind: 'worker' })).entries[0]).toMatchObject({ code: 'BADGE-ANA', details: { what: 'worker_badge_pin', params: { name: 'Ana' } } });
    await ipc.call('sync.now');
    const warehouseId = (await ipc.call('warehouses.list'))[0]!.id;
    await ipc.call('counts.start', { warehouseId });
    expect(await ipc.call('counts.scan', { code: 'BADGE-ANA' })).toMatchObject({ kind: 'worker', switched: false });
    expect(await current()).toBeNull();
    expect((await ipc.call('workers.switch', { badge: 'BADGE-ANA', pin: '4321' })).current?.name).toBe('Ana');
  });

  it('wrong PINs lock the worker out, even with the right one after; each refusal is journalled without the PIN', async () => {
    await ipc.call('workers.switch', { nobody: true });
    expect(await ipc.fail('workers.switch', { id: ana, pin: '0000' })).toMatchObject({ code: 'pin_refused', reason: 'wrong' });
    expect(await ipc.fail('workers.switch', { id: ana, pin: '0001' })).toMatchObject({ code: 'pin_refused', reason: 'wrong' });
    expect(await ipc.fail('workers.switch', { id: ana, pin: '0002' })).toMatchObject({ code: 'pin_refused', reason: 'locked' });
    expect(await ipc.fail('workers.switch', { id: ana, pin: '4321' })).toMatchObject({ code: 'pin_refused', reason: 'locked' });
    expect(await current()).toBeNull();
    const lines = (await ipc.call('journal.search', { kind: 'worker' })).entries.filter((e) => e.details?.what === 'worker_refused');
    expect(lines.length).toBeGreaterThanOrEqual(5);
    expect(lines[0]).toMatchObject({ outcome: 'failed', details: { params: { name: 'Ana' } } });
    await core.close();
    for (const file of readdirSync(join(dir.path, 'data'), { recursive: true, withFileTypes: true })) {
      if (!file.isFile()) continue;
      const bytes = readFileSync(join(file.parentPath, file.name), 'latin1');
      for (const pin of ['4321', '0000', '0001', '0002']) expect.soft(bytes.includes(`"${pin}"`), `${pin} in ${file.name}`).toBe(false);
    }
  });
});
