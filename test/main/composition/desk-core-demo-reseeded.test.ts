import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { DEMO_SANDBOX_FILE } from '../../../src/main/composition/demo-sandbox';
import { createDeskCore, type DeskCore } from '../../../src/main/composition/desk-core';
import { createKeytarStore } from '../../../src/main/kernel/secrets';
import type { LookupResult, OutboxEntry } from '../../../src/shared/ipc/records';
import { ipcClient } from './support/ipc';
import { tempDir } from './support/temp-dir';

/**
 * The demo's sandbox file deleted between two starts (a worker "resetting the demo", or a cleanup
 * tool): the new sandbox is seeded anew and its record versions start over. The cache still holds
 * the old sandbox's records under the same demo account, with higher versions; they must not
 * outlive it, or an adjusted SKU would show its old quantity for good.
 */
describe('the demo sandbox seeded anew under a kept cache', () => {
  const dir = tempDir('desk-core-demo-reseeded-');
  const cores: DeskCore[] = [];
  afterAll(async () => {
    for (const c of cores) await c.close();
    dir.remove();
  });
  const start = async (): Promise<DeskCore> => {
    const core = await createDeskCore({ dataDir: dir.path, secrets: createKeytarStore(), demoSandbox: { demo: { skus: 40, shipments: 5 }, rateLimit: false }, syncIntervalMs: 600_000 });
    cores.push(core);
    return core;
  };
  const onHand = (answer: LookupResult, warehouseId: string): number | undefined =>
    answer.kind === 'stock' ? answer.stock.levels.find((l) => l.warehouseId === warehouseId)?.onHand : undefined;

  it('shows the new sandbox\'s stock, not the cached records of the deleted one', async () => {
    const first = await start();
    const ipc = ipcClient(first);
    await ipc.call('sync.now');
    const before = await ipc.call('stock.lookup', { code: 'WD-000003' });
    if (before.kind !== 'stock') throw new Error('WD-000003 not in the demo data');
    const warehouseId = before.stock.levels[0]!.warehouseId;
    const seeded = onHand(before, warehouseId)!;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }); // the verdict, not the 2.5 s bound, answers
    let applied: OutboxEntry;
    try {
      applied = await ipc.call('stock.adjust', { sku: 'WD-000003', warehouseId, delta: 25, reason: 'received' });
    } finally {
      vi.useRealTimers();
    }
    expect(applied).toMatchObject({ state: 'applied', applied: { onHandAfter: seeded + 25 } });
    await first.close();
    cores.pop();

    for (const suffix of ['', '-wal', '-shm']) rmSync(join(dir.path, `${DEMO_SANDBOX_FILE}${suffix}`), { force: true });

    const second = await start();
    const again = ipcClient(second);
    expect(await again.call('sync.now')).toMatchObject({ state: 'idle', lastError: null });
    expect(onHand(await again.call('stock.lookup', { code: 'WD-000003' }), warehouseId)).toBe(seeded);
    const rows = await again.call('stock.search', { query: 'WD-000003', warehouseId });
    expect(rows.rows[0]?.onHand).toBe(seeded);
  });
});
