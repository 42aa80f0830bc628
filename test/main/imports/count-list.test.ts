import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeskCore, type DeskCore } from '../../../src/main/composition/desk-core';
import { createKeytarStore } from '../../../src/main/kernel/secrets';
import { ipcClient } from '../composition/support/ipc';
import { tempDir } from '../composition/support/temp-dir';

/** A stock-take list through the real IPC router: the count it starts covers exactly the sheet's SKUs. */
describe('a stock-take list from a sheet', () => {
  const dir = tempDir('desk-count-list-');
  let core: DeskCore;
  let ipc: ReturnType<typeof ipcClient>;
  let codes: string[];

  beforeAll(async () => {
    core = await createDeskCore({ dataDir: dir.path, secrets: createKeytarStore(), demoSandbox: { demo: { skus: 20, shipments: 2 }, rateLimit: false }, syncIntervalMs: 600_000 });
    ipc = ipcClient(core);
    await ipc.call('sync.now');
    codes = (await ipc.call('warehouses.list')).map((w) => w.code);
  });
  afterAll(async () => {
    await core?.close();
    dir.remove();
  });

  it('previews the list with each problem, then starts a count with exactly the ready SKUs', async () => {
    const [here, there] = codes as [string, string];
    // A tab-separated sheet, a SKU written in small letters, one listed twice, one of another warehouse.
    const text = ['SKU\tWarehouse', `WD-000003\t${here}`, 'wd-000005\t', 'WD-000003\t', 'WD-999999\t', `WD-000007\t${there}`, 'WD-000008\t'].join('\n');
    const preview = await ipc.call('imports.countList', { name: 'zone-b.csv', text, apply: false });
    expect(preview).toMatchObject({ lines: 6, ready: 3, applied: 0, session: null, skus: ['WD-000003', 'WD-000005', 'WD-000008'] });
    expect(preview.problems).toEqual([
      { line: 4, sku: 'WD-000003', problem: 'duplicate', detail: '2' },
      { line: 5, sku: 'WD-999999', problem: 'unknown_sku', detail: 'WD-999999' },
      { line: 6, sku: 'WD-000007', problem: 'other_warehouse', detail: there },
    ]);
    expect(await ipc.call('counts.current')).toBeNull();

    const started = await ipc.call('imports.countList', { name: 'zone-b.csv', text, apply: true });
    expect(started.session).toMatchObject({ warehouseId: preview.warehouseId, zone: ['WD-000003', 'WD-000005', 'WD-000008'], lines: [] });
    expect(await ipc.call('counts.scan', { code: 'WD-000007' })).toMatchObject({ kind: 'refused', reason: 'not_in_zone' });
    const journal = await ipc.call('journal.search', { kind: 'count' });
    expect(journal.entries[0]).toMatchObject({ details: { what: 'count_list_imported', params: { file: 'zone-b.csv', skus: 3, problems: 3 } } });
  });
});
