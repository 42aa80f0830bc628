import Database from 'better-sqlite3';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeskCore, type DeskCore } from '../../../src/main/composition/desk-core';
import { CACHE_FILE } from '../../../src/main/kernel/cache';
import { createKeytarStore } from '../../../src/main/kernel/secrets';
import { stockCacheReaders } from '../../../src/main/stock';
import type { ExportedFile } from '../../../src/shared/ipc/desk-work-records';
import type { RunningSandbox } from '../../../src/sandbox';
import { adjustElsewhere } from '../../support/another-desk';
import { recordEvents } from '../composition/support/events';
import { ipcClient } from '../composition/support/ipc';
import { tempDir } from '../composition/support/temp-dir';

const SKU = 'WD-000003';

function csvOf(file: ExportedFile): string[][] {
  if (file.status !== 'download') throw new Error(`expected a download, got ${file.status}`);
  return parse(file.content, { bom: true }) as string[][];
}

/**
 * A SKU's movements and how its codes were entered, through the real IPC router, on a real cache
 * file, against the demo sandbox over HTTP: the journal lines carry `scanned` or `keyed` from the
 * lookup and the adjustment, and the on-hand figures the desk saw change are kept per warehouse.
 */
describe('movements of a SKU, keyed or scanned', () => {
  const dir = tempDir('desk-movements-');
  let core: DeskCore;
  let sandbox: RunningSandbox;
  let ipc: ReturnType<typeof ipcClient>;
  let events: ReturnType<typeof recordEvents>;
  let warehouseId: string;
  let startOnHand: number;

  async function adjust(delta: number, entry?: 'scanned' | 'keyed'): Promise<void> {
    const queued = await ipc.call('stock.adjust', { sku: SKU, warehouseId, delta, reason: 'found', ...(entry ? { entry } : {}) });
    await events.waitFor('outbox.changed', (e) => e.id === queued.id && e.state === 'applied');
  }

  beforeAll(async () => {
    core = await createDeskCore({ dataDir: dir.path, secrets: createKeytarStore(), demoSandbox: { demo: { skus: 20, shipments: 2 }, rateLimit: false }, syncIntervalMs: 600_000 });
    ipc = ipcClient(core);
    events = recordEvents(core.events);
    sandbox = core.sandbox()!;
    await ipc.call('sync.now');
    warehouseId = (await ipc.call('warehouses.list'))[0]!.id;
    const found = await ipc.call('stock.lookup', { code: SKU, entry: 'keyed' });
    if (found.kind !== 'stock') throw new Error(`${SKU} not found`);
    startOnHand = found.stock.levels.find((l) => l.warehouseId === warehouseId)?.onHand ?? 0;
    await ipc.call('workers.add', { name: 'Ana' });
    const ana = (await ipc.call('workers.list')).workers[0]!;
    await ipc.call('workers.switch', { id: ana.id });
    await ipc.call('stock.lookup', { code: SKU, entry: 'scanned' });
    await ipc.call('stock.lookup', { code: SKU });
    await adjust(2, 'keyed');
    await adjust(-1, 'scanned');
    await adjust(3);
    // Another desk changes it; the next sync brings the new figure.
    await adjustElsewhere(sandbox.baseUrl, SKU, warehouseId, 5);
    await ipc.call('sync.now');
  });
  afterAll(async () => {
    await core?.close();
    dir.remove();
  });

  it('records on every scan and adjustment line how the code came in; a caller that does not say leaves it unknown', async () => {
    const { entries } = await ipc.call('journal.search', { sku: SKU });
    const lines = entries
      .filter((e) => ['scan', 'adjust', 'sent'].includes(e.kind))
      .reverse()
      .map((e) => [e.kind, e.worker, e.details?.params['delta'] ?? null, e.entry ?? null]);
    expect(lines).toEqual([
      ['scan', null, null, 'keyed'],
      ['scan', 'Ana', null, 'scanned'],
      ['scan', 'Ana', null, null],
      ['adjust', 'Ana', 2, 'keyed'],
      ['sent', 'Ana', 2, 'keyed'],
      ['adjust', 'Ana', -1, 'scanned'],
      ['sent', 'Ana', -1, 'scanned'],
      ['adjust', 'Ana', 3, null],
      ['sent', 'Ana', 3, null],
    ]);
  });

  it('refuses an entry that is neither scanned nor keyed', async () => {
    expect((await ipc.fail('stock.lookup', { code: SKU, entry: 'typed' } as never)).code).toBe('invalid_argument');
    expect((await ipc.fail('stock.adjust', { sku: SKU, warehouseId, delta: 1, reason: 'found', entry: 'guessed' } as never)).code).toBe('invalid_argument');
  });

  it('gives the SKU\'s moving lines of the last 30 days and the on-hand figures the desk saw change, per warehouse', async () => {
    const movements = await ipc.call('stock.movements', { sku: SKU });
    expect(movements.sku).toBe(SKU);
    // Adjustments and their verdicts, newest first; the scans are not movements.
    expect(movements.lines.map((l) => [l.kind, l.outcome, l.details?.params['delta']])).toEqual([
      ['sent', 'applied', 3],
      ['adjust', 'queued', 3],
      ['sent', 'applied', -1],
      ['adjust', 'queued', -1],
      ['sent', 'applied', 2],
      ['adjust', 'queued', 2],
    ]);
    expect(movements.linesCapped).toBe(false);
    const here = movements.onHand.filter((c) => c.warehouseId === warehouseId).map((c) => [c.before, c.after]);
    const s = startOnHand;
    expect(here).toEqual([
      [s, s + 2],
      [s + 2, s + 1],
      [s + 1, s + 4],
      [s + 4, s + 9],
    ]);
    expect(movements.onHand.every((c) => Date.parse(c.at) >= Date.parse(movements.since))).toBe(true);
    // Another SKU has none of these.
    expect(await ipc.call('stock.movements', { sku: 'WD-000004' })).toMatchObject({ lines: [], onHand: [] });
  });

  it('answers the same from the cache\'s reader thread, on its read-only connection', async () => {
    const fromCore = await ipc.call('stock.movements', { sku: SKU });
    const readOnly = new Database(join(dir.path, CACHE_FILE), { readonly: true, fileMustExist: true });
    try {
      const fromReader = await stockCacheReaders({ db: readOnly, serviceReachable: () => true })['stock.movements']({ sku: SKU });
      expect({ ...fromReader, since: null }).toEqual({ ...fromCore, since: null });
    } finally {
      readOnly.close();
    }
  });

  it('reports the adjustments made on keyed and on scanned codes per worker and day, and exports them', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const report = await ipc.call('journal.keyedShare');
    expect(report.rows).toEqual([{ day: today, worker: 'Ana', scanned: 1, keyed: 1 }]);
    expect((await ipc.call('journal.keyedShare', { worker: 'Bo' })).rows).toEqual([]);
    expect((await ipc.call('journal.keyedShare', { day: '2020-01-01' })).from).toBe('2020-01-01');

    const [header, row, ...rest] = csvOf(await ipc.call('journal.exportKeyedShare'));
    expect(header).toEqual(['day (UTC)', 'worker', 'adjustments on scanned codes', 'adjustments on keyed codes', 'keyed share (%)', 'desk']);
    expect(row?.slice(0, 5)).toEqual([today, 'Ana', '1', '1', '50']);
    expect(rest).toEqual([]);

    const journal = csvOf(await ipc.call('journal.export', { sku: SKU, kind: 'adjust' }));
    const entered = journal[0]!.indexOf('entered');
    expect(entered).toBeGreaterThan(0);
    expect(journal.slice(1).map((r) => r[entered])).toEqual(['keyed', 'scanned', '']);
  });
});
