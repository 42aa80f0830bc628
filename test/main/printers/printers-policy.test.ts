// Printer profiles and label routes set by the machine-wide policy file, through the real core and
// its IPC router, with real files: locked, every change is refused with `setting_locked`; preset,
// the policy's printers are there at first start and the desk may change them.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDeskCore, type DeskCore } from '../../../src/main/composition/desk-core';
import { createKeytarStore } from '../../../src/main/kernel/secrets';
import { ipcClient } from '../composition/support/ipc';
import { tempDir } from '../composition/support/temp-dir';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function folder(): string {
  const dir = tempDir('desk-printers-policy-');
  cleanups.push(() => dir.remove());
  return dir.path;
}

function policyFile(content: unknown): string {
  const file = join(folder(), 'policy.json');
  writeFileSync(file, JSON.stringify(content));
  return file;
}

async function start(policyFile: string, dataDir = folder()): Promise<{ core: DeskCore; ipc: ReturnType<typeof ipcClient>; dataDir: string }> {
  const core = await createDeskCore({ dataDir, secrets: createKeytarStore(), syncIntervalMs: 600_000, policyFile });
  cleanups.push(() => core.close());
  return { core, ipc: ipcClient(core), dataDir };
}

const DOCK = { id: 'dock-3', name: 'Dock 3', kind: 'zpl-network', host: 'zebra-dock3.example.com', port: 9100, dpi: 203, size: '100x150', darkness: 20, speed: 4 } as const;
const SHELF = { id: 'shelf', name: 'Shelf labels', kind: 'zpl-queue', queue: 'Zebra_Shelf', dpi: 300, size: '62x29' } as const;
const PRINTERS = { profiles: [DOCK, SHELF], routes: { shipment: 'dock-3', shelf: 'shelf' } };

describe('printers locked by the policy', () => {
  it('are the policy\'s, and every change over IPC is refused with setting_locked', async () => {
    const { ipc } = await start(policyFile({ settings: { printers: PRINTERS }, locked: ['printers'] }));
    expect(await ipc.call('printers.setup')).toEqual(PRINTERS);
    expect(await ipc.call('policy.get')).toMatchObject({ locked: ['printers'], problems: [] });
    const refusals = [
      await ipc.raw('printers.save', { ...DOCK, name: 'Renamed' }),
      await ipc.raw('printers.save', { id: 'new-one', name: 'New', kind: 'zpl-network', host: '10.0.0.9', port: 9100, dpi: 203, size: '62x29' }),
      await ipc.raw('printers.delete', { id: 'dock-3' }),
      await ipc.raw('printers.route', { label: 'product', profileId: 'dock-3' }),
      await ipc.raw('printers.route', { label: 'shipment', profileId: null }),
    ];
    for (const refused of refusals) expect(refused).toMatchObject({ ok: false, error: { code: 'setting_locked', params: { setting: 'printers' } } });
    expect(await ipc.call('printers.setup')).toEqual(PRINTERS);
  });

  it('a locked entry that is wholly refused still locks: the desk keeps its own printers and cannot change them', async () => {
    const dataDir = folder();
    const before = await start(join(folder(), 'absent.json'), dataDir);
    await before.ipc.call('printers.save', { ...DOCK, id: 'own', name: 'Own' });
    await before.core.close();
    const { ipc } = await start(policyFile({ settings: { printers: 'all of them' }, locked: ['printers'] }), dataDir);
    expect((await ipc.call('printers.setup')).profiles.map((p) => p.id)).toEqual(['own']);
    expect(await ipc.raw('printers.delete', { id: 'own' })).toMatchObject({ ok: false, error: { code: 'setting_locked' } });
  });
});

describe('printers preset by the policy', () => {
  it('are there at first start, the desk may change them, and its changes stand at the next start', async () => {
    const file = policyFile({ settings: { printers: PRINTERS } });
    const first = await start(file);
    expect(await first.ipc.call('printers.setup')).toEqual(PRINTERS);
    await first.ipc.call('printers.delete', { id: 'shelf' });
    await first.ipc.call('printers.route', { label: 'product', profileId: 'dock-3' });
    await first.core.close();
    const again = await start(file, first.dataDir);
    expect(await again.ipc.call('printers.setup')).toEqual({ profiles: [DOCK], routes: { shipment: 'dock-3', product: 'dock-3' } });
  });
});
