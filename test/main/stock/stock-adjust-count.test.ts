import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeskCore, type DeskCore } from '../../../src/main/composition/desk-core';
import { createKeytarStore } from '../../../src/main/kernel/secrets';
import { ipcClient } from '../composition/support/ipc';
import { tempDir } from '../composition/support/temp-dir';

/** A Set count through the real IPC router, against the demo sandbox over HTTP. */
describe('stock.adjust with what was counted', () => {
  const dir = tempDir('desk-adjust-count-');
  let core: DeskCore;
  let ipc: ReturnType<typeof ipcClient>;
  let warehouseId: string;

  const onHand = async (sku: string): Promise<number> => (await ipc.call('stock.search', { query: sku, warehouseId })).rows[0]!.onHand;

  beforeAll(async () => {
    core = await createDeskCore({ dataDir: dir.path, secrets: createKeytarStore(), demoSandbox: { demo: { skus: 20, shipments: 2 }, rateLimit: false }, syncIntervalMs: 600_000 });
    ipc = ipcClient(core);
    await ipc.call('sync.now');
    warehouseId = (await ipc.call('warehouses.list'))[0]!.id;
  });
  afterAll(async () => {
    await core?.close();
    dir.remove();
  });

  it('takes the count with its delta and books it when the service still shows what was counted against', async () => {
    const sku = 'WD-000005';
    const shown = await onHand(sku);
    const entry = await ipc.call('stock.adjust', { sku, warehouseId, delta: 3, reason: 'count_correction', count: { counted: shown + 3, onHand: shown } });
    expect(entry).toMatchObject({ state: 'applied', applied: { onHandAfter: shown + 3 } });
  });

  it('refuses a count whose delta is not what was counted less what it was measured against', async () => {
    const sku = 'WD-000006';
    const shown = await onHand(sku);
    const refused = await ipc.fail('stock.adjust', { sku, warehouseId, delta: 5, reason: 'count_correction', count: { counted: shown + 3, onHand: shown } });
    expect(refused).toMatchObject({ code: 'invalid_argument', reason: 'count_mismatch' });
    expect((await ipc.call('outbox.list', { sku })).entries).toEqual([]);
  });
});
