import Database from 'better-sqlite3';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDeskCore, type DeskCore, type DeskCoreOptions } from '../../../src/main/composition/desk-core';
import { CLEAN_CLOSE_MARK } from '../../../src/main/kernel/cache/database';
import { LATEST_VERSION } from '../../../src/main/kernel/cache/migrations';
import { createKeytarStore } from '../../../src/main/kernel/secrets';
import type { Transfer } from '../../../src/shared/ipc/desk-work-records';
import type { Notice } from '../../../src/shared/ipc/records';
import { ipcClient } from './support/ipc';
import { tempDir } from './support/temp-dir';

/** While set, an in leg's adjust request fails as if the network were down: it never reaches the service. */
let holdInLegs = false;
const inLegHoldingFetch: typeof fetch = async (input, init) => {
  if (holdInLegs && /\/adjust$/.test(new URL(String(input)).pathname) && String(init?.body ?? '').includes(': in from ')) throw new TypeError('fetch failed');
  return fetch(input, init);
};

const options = (dataDir: string): DeskCoreOptions => ({
  dataDir,
  secrets: createKeytarStore(),
  demoSandbox: { demo: { skus: 40, shipments: 5 }, rateLimit: false },
  syncIntervalMs: 600_000,
  fetch: inLegHoldingFetch,
});

const DONE_SKU = 'WD-000015';
const OPEN_SKU = 'WD-000017';
const UNDONE_SKU = 'WD-000012';

interface Work {
  from: string;
  to: string;
  /** The service's on-hand of OPEN_SKU before its transfer. */
  openBefore: { from: number; to: number };
  undone: { original: string; reversal: string };
  done: Transfer;
  open: Transfer;
  count: { id: string; lines: Array<{ sku: string; counted: number }> };
}

/**
 * A desk that has done a bit of everything, then stopped: an adjustment undone, a transfer done,
 * a count open with lines, and a transfer whose out leg was applied and whose in leg was not
 * queued yet (the moment between the two: the in leg, held back from the network, is taken out
 * of the file as if the desk had stopped before queuing it).
 */
async function deskWithWork(dataDir: string): Promise<Work> {
  const core = await createDeskCore(options(dataDir));
  const ipc = ipcClient(core);
  try {
    await ipc.call('sync.now');
    await ipc.call('workers.add', { name: 'Bo' });
    await ipc.call('workers.switch', { id: (await ipc.call('workers.list')).workers[0]!.id });
    const levels = async (sku: string) => {
      const found = await ipc.call('stock.lookup', { code: sku });
      if (found.kind !== 'stock') throw new Error(`${sku} not found`);
      return found.stock.levels;
    };
    const found = { stock: { levels: await levels(OPEN_SKU) } };
    const doneLevels = await levels(DONE_SKU);
    // A warehouse holding enough of both items to move some out.
    const from = found.stock.levels.find((l) => l.onHand >= 4 && (doneLevels.find((d) => d.warehouseId === l.warehouseId)?.onHand ?? 0) >= 4)!.warehouseId;
    const to = (await ipc.call('warehouses.list')).find((w) => w.id !== from)!.id;
    const openBefore = { from: found.stock.levels.find((l) => l.warehouseId === from)?.onHand ?? 0, to: found.stock.levels.find((l) => l.warehouseId === to)?.onHand ?? 0 };

    const original = await ipc.call('stock.adjust', { sku: UNDONE_SKU, warehouseId: from, delta: 3, reason: 'found' });
    await expect.poll(async () => (await ipc.call('outbox.list', { sku: UNDONE_SKU })).entries.find((e) => e.id === original.id)?.state, { timeout: 10_000 }).toBe('applied');
    const undo = await ipc.call('outbox.undo', { id: original.id });
    if (undo.action !== 'reversed') throw new Error(`expected a reversal, got ${undo.action}`);
    await expect.poll(async () => (await ipc.call('outbox.list', { sku: UNDONE_SKU })).entries.find((e) => e.id === undo.reversal.id)?.state, { timeout: 10_000 }).toBe('applied');

    const transfer = async (sku: string, quantity: number, ready: (t: Transfer) => boolean): Promise<Transfer> => {
      const created = await ipc.call('transfers.create', { sku, fromWarehouseId: from, toWarehouseId: to, quantity });
      await expect.poll(async () => ready((await ipc.call('transfers.list')).find((t) => t.id === created.id)!), { timeout: 10_000 }).toBe(true);
      return (await ipc.call('transfers.list')).find((t) => t.id === created.id)!;
    };
    const done = await transfer(DONE_SKU, 4, (t) => t.state === 'done');

    const started = await ipc.call('counts.start', { warehouseId: from });
    await ipc.call('counts.scan', { code: 'WD-000030' });
    await ipc.call('counts.scan', { code: 'WD-000030' });
    await ipc.call('counts.scan', { code: 'WD-000031' });
    const lines = (await ipc.call('counts.current'))!.lines.map((l) => ({ sku: l.sku, counted: l.counted })).sort((a, b) => a.sku.localeCompare(b.sku));

    holdInLegs = true;
    const open = await transfer(OPEN_SKU, 2, (t) => t.out.state === 'applied' && t.in !== null);
    await core.close();
    holdInLegs = false;
    const db = new Database(join(dataDir, 'cache.sqlite'));
    db.transaction(() => {
      db.prepare('DELETE FROM outbox WHERE id = ?').run(open.in!.id);
      db.prepare('UPDATE transfers SET in_id = NULL WHERE id = ?').run(open.id);
    })();
    db.close();
    return { from, to, openBefore, undone: { original: original.id, reversal: undo.reversal.id }, done, open, count: { id: started.id, lines } };
  } finally {
    holdInLegs = false;
    await core.close();
  }
}

/** Garbles every page of these tables (the file must be closed); the file then fails its integrity check. */
function garble(dataDir: string, tables: readonly string[]): void {
  const file = join(dataDir, 'cache.sqlite');
  const db = new Database(file);
  const pageSize = db.pragma('page_size', { simple: true }) as number;
  const pages = (db.prepare(`SELECT DISTINCT pageno FROM dbstat WHERE name IN (${tables.map(() => '?').join(', ')})`).all(...tables) as Array<{ pageno: number }>).map((r) => r.pageno);
  db.close();
  expect(pages.length).toBeGreaterThan(0);
  const bytes = readFileSync(file);
  for (const page of pages) bytes.fill(0x5a, (page - 1) * pageSize, page * pageSize);
  writeFileSync(file, bytes);
  // The desk did not close it: the next start checks the file.
  rmSync(file + CLEAN_CLOSE_MARK, { force: true });
}

/** A file a newer app wrote: this app cannot read its schema and rebuilds. */
function fromNewerApp(dataDir: string): void {
  const db = new Database(join(dataDir, 'cache.sqlite'));
  db.pragma(`user_version = ${LATEST_VERSION + 1}`);
  db.close();
}

const rebuiltNotice = (notices: Notice[]): Notice => {
  const found = notices.find((n) => n.code === 'cache_rebuilt');
  if (!found) throw new Error(`no cache_rebuilt notice among ${JSON.stringify(notices)}`);
  return found;
};

describe('a rebuilt cache (real SQLite files, the demo sandbox over HTTP)', () => {
  const dirs: Array<ReturnType<typeof tempDir>> = [];
  let core: DeskCore | null = null;
  afterEach(async () => {
    await core?.close();
    core = null;
    for (const d of dirs.splice(0)) d.remove();
  });

  for (const [damage, spoil] of [
    ['from a newer app', fromNewerApp],
    ['with its catalog pages garbled', (dir: string) => garble(dir, ['stock_levels', 'stock_items'])],
  ] as const) {
    it(`${damage}: keeps transfers, undo links and the open count; the in leg is still sent, an undone adjustment and a lone leg are not undone`, async () => {
      const dir = tempDir('desk-rebuilt-');
      dirs.push(dir);
      const work = await deskWithWork(dir.path);
      spoil(dir.path);

      core = await createDeskCore(options(dir.path));
      const ipc = ipcClient(core);
      const notice = rebuiltNotice((await ipc.call('app.info')).notices);
      expect(notice.params).toMatchObject({ moves: 1, countKept: 1 });
      expect(notice.params).not.toHaveProperty('attention');
      expect(notice.params).not.toHaveProperty('problem');
      await ipc.call('sync.now');

      // The in leg goes after the rebuild, once: the stock ends where the move put it.
      await expect.poll(async () => (await ipc.call('transfers.list')).find((t) => t.id === work.open.id)?.state, { timeout: 15_000 }).toBe('done');
      const legs = core.sandbox()!.adjustmentsFor(OPEN_SKU).filter((a) => a.note?.includes(work.open.id));
      expect(legs.map((a) => [a.warehouseId, a.delta])).toEqual([
        [work.from, -2],
        [work.to, 2],
      ]);
      await ipc.call('sync.now');
      const after = await ipc.call('stock.lookup', { code: OPEN_SKU });
      if (after.kind !== 'stock') throw new Error(`${OPEN_SKU} not found`);
      const onHand = (w: string) => after.stock.levels.find((l) => l.warehouseId === w)?.onHand ?? 0;
      expect([onHand(work.from), onHand(work.to)]).toEqual([work.openBefore.from - 2, work.openBefore.to + 2]);

      // Undone stays undone; an undo is not undone; a leg is never undone alone.
      expect((await ipc.fail('outbox.undo', { id: work.undone.original })).code).toBe('already_undone');
      expect((await ipc.fail('outbox.undo', { id: work.undone.reversal })).code).toBe('undo_not_possible');
      expect((await ipc.fail('outbox.undo', { id: work.done.out.id })).code).toBe('transfer_leg');
      expect((await ipc.fail('outbox.undo', { id: work.done.in!.id })).code).toBe('transfer_leg');
      expect(core.sandbox()!.adjustmentsFor(UNDONE_SKU).map((a) => a.delta)).toEqual([3, -3]);
      expect(core.sandbox()!.adjustmentsFor(DONE_SKU).map((a) => [a.warehouseId, a.delta])).toEqual([
        [work.from, -4],
        [work.to, 4],
      ]);

      // The count goes on where it was.
      const count = await ipc.call('counts.current');
      expect(count?.id).toBe(work.count.id);
      expect(count!.lines.map((l) => ({ sku: l.sku, counted: l.counted })).sort((a, b) => a.sku.localeCompare(b.sku))).toEqual(work.count.lines);
      expect(await ipc.call('counts.scan', { code: 'WD-000031' })).toMatchObject({ kind: 'counted', sku: 'WD-000031', counted: 2 });
    }, 90_000);
  }

  it('with its transfers and undo links garbled: nothing that belonged to them is sent or undone, and the notice names what to check', async () => {
    const dir = tempDir('desk-rebuilt-');
    dirs.push(dir);
    const work = await deskWithWork(dir.path);
    garble(dir.path, ['transfers', 'adjustment_undos']);

    core = await createDeskCore(options(dir.path));
    const ipc = ipcClient(core);
    const notice = rebuiltNotice((await ipc.call('app.info')).notices);
    // The open transfer's out leg left its stock nowhere: the worker is told which item to check.
    // The other four (the done transfer's legs, the undone adjustment and its undo) are settled.
    expect(notice.params).toMatchObject({ attention: 1, attentionSkus: OPEN_SKU, settled: 4, countKept: 1 });
    expect(notice.message).toContain(`check the stock of ${OPEN_SKU}`);
    // The same item stays listed in the Outbox, for the account that made it, until the worker has checked it.
    expect((await ipc.call('outbox.toCheck')).map((c) => [c.id, c.sku, c.why, c.sent])).toEqual([[work.open.out.id, OPEN_SKU, 'transfer', true]]);
    expect((await ipc.call('outbox.list', { limit: 1 })).counts.toCheck).toBe(1);
    await ipc.call('sync.now');

    for (const id of [work.undone.original, work.undone.reversal, work.done.out.id, work.done.in!.id, work.open.out.id]) {
      expect((await ipc.fail('outbox.undo', { id })).code).toBe('outbox_entry_not_found');
    }
    expect(await ipc.call('transfers.list')).toEqual([]);
    // Nothing more reaches the service: the missing in leg is the worker's, as the notice says.
    expect(core.sandbox()!.adjustmentsFor(OPEN_SKU).filter((a) => a.note?.includes(work.open.id)).map((a) => a.delta)).toEqual([-2]);
    expect(core.sandbox()!.adjustmentsFor(UNDONE_SKU).map((a) => a.delta)).toEqual([3, -3]);
    expect((await ipc.call('counts.current'))?.id).toBe(work.count.id);
    expect(await ipc.call('outbox.checked', { id: work.open.out.id })).toMatchObject({ sku: OPEN_SKU });
    expect(await ipc.call('outbox.toCheck')).toEqual([]);
  }, 90_000);
});
