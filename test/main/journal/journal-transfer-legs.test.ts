import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeskCore, type DeskCore } from '../../../src/main/composition/desk-core';
import { createKeytarStore } from '../../../src/main/kernel/secrets';
import { ipcClient } from '../composition/support/ipc';
import { tempDir } from '../composition/support/temp-dir';

/**
 * A transfer's legs are adjustments with the API's reason `other`; the journal says which way the
 * stock went instead, as the Scan screen does. Real IPC router, real cache file, demo sandbox over HTTP.
 */
describe('the journal lines of a transfer', () => {
  const dir = tempDir('desk-journal-transfer-');
  let core: DeskCore;
  let ipc: ReturnType<typeof ipcClient>;

  beforeAll(async () => {
    core = await createDeskCore({ dataDir: dir.path, secrets: createKeytarStore(), demoSandbox: { demo: { skus: 40, shipments: 5 }, rateLimit: false }, syncIntervalMs: 600_000 });
    ipc = ipcClient(core);
    await ipc.call('sync.now');
  });
  afterAll(async () => {
    await core?.close();
    dir.remove();
  });

  it('words each leg as "transfer to" or "transfer from" the other warehouse, never "(other)"', async () => {
    const found = await ipc.call('stock.lookup', { code: 'WD-000007' });
    if (found.kind !== 'stock') throw new Error('WD-000007 not found');
    const from = [...found.stock.levels].sort((a, b) => b.onHand - a.onHand)[0]!.warehouseId;
    const warehouses = await ipc.call('warehouses.list');
    const to = warehouses.find((w) => w.id !== from)!.id;
    const code = (id: string): string => warehouses.find((w) => w.id === id)!.code;
    const created = await ipc.call('transfers.create', { sku: 'WD-000007', fromWarehouseId: from, toWarehouseId: to, quantity: 3 });
    await expect.poll(async () => (await ipc.call('transfers.list')).find((t) => t.id === created.id)?.state, { timeout: 10_000 }).toBe('done');

    const lines = (await ipc.call('journal.search', { sku: 'WD-000007' })).entries.filter((e) => e.details?.what === 'adjustment');
    expect(lines.map((e) => [e.kind, e.outcome, e.details?.params['delta']])).toEqual([
      ['sent', 'applied', 3],
      ['adjust', 'queued', 3],
      ['sent', 'applied', -3],
      ['adjust', 'queued', -3],
    ]);
    for (const e of lines) {
      const out = e.details!.params['delta'] === -3;
      expect(e.details!.params).toMatchObject(out ? { warehouse: code(from), transferTo: code(to) } : { warehouse: code(to), transferFrom: code(from) });
      // The CSV export's English.
      expect(e.summary).toContain(out ? `(transfer to ${code(to)})` : `(transfer from ${code(from)})`);
      expect(e.summary).not.toContain('(other)');
    }
  });
});
