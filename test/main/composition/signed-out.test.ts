import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeskCore, type DeskCore } from '../../../src/main/composition/desk-core';
import { createKeytarStore } from '../../../src/main/kernel/secrets';
import { CHANNEL_NAMES, type Channel } from '../../../src/shared/ipc/contract';
import { ipcClient } from './support/ipc';
import { tempDir } from './support/temp-dir';

const token = 'shp_aaaaaaaaaaaaaaaaaaaa';

/** A valid argument for each channel that needs the account or the service. */
const ACTING: Partial<Record<Channel, unknown>> = {
  'stock.adjust': { sku: 'WD-000001', warehouseId: 'wh_a', delta: 1, reason: 'found' },
  'outbox.retry': { id: 'ob_1' },
  'outbox.discard': { id: 'ob_1' },
  'outbox.resolve': { id: 'ob_1', choice: 'drop' },
  'outbox.undo': { id: 'ob_1' },
  'outbox.markSeen': { id: 'ob_1' },
  'outbox.checked': { id: 'ob_1' },
  'transfers.create': { sku: 'WD-000001', fromWarehouseId: 'wh_a', toWarehouseId: 'wh_b', quantity: 1 },
  'transfers.undo': { id: 'trf_0000000000000000' },
  'counts.start': { warehouseId: 'wh_a' },
  'imports.adjustments': { name: 'changes.csv', text: 'sku;warehouse;quantity;reason\nWD-000001;wh_a;5;found\n', apply: false },
  'imports.countList': { name: 'list.csv', text: 'sku\nWD-000001\n', apply: true, warehouseId: 'wh_a' },
  'counts.scan': { code: 'WD-000001' },
  'counts.set': { sku: 'WD-000001', counted: 1 },
  'counts.review': undefined,
  'counts.decide': { sku: 'WD-000001', decision: 'accepted' },
  'counts.submit': undefined,
  'counts.abandon': undefined,
  'sync.now': undefined,
  'shipments.cancel': { token },
  'shipments.delete': { token },
};

/** Channels that read what the desk holds, or who is signed in: they answer, from the cache. */
const READING = ['app.info', 'account.status', 'settings.get', 'stock.lookup', 'stock.search', 'outbox.list', 'warehouses.list', 'products.list', 'shipments.list', 'sync.status', 'account.connectivity', 'stock.export', 'outbox.links', 'outbox.toCheck', 'transfers.list', 'transfers.ofEntries', 'counts.current', 'labels.printers', 'policy.get', 'stock.movements'];

/**
 * The desk's own records, not an account's: who works at this desk, its journal and its minimum levels answer the
 * same signed in or out (switching worker never touches the account, nor the other way round).
 */
const DESK_LOCAL: Partial<Record<Channel, unknown>> = {
  'workers.list': undefined,
  'workers.add': { name: 'Ana' },
  'workers.switch': { nobody: true },
  'journal.search': undefined,
  'journal.export': undefined,
  'journal.keyedShare': undefined,
  'journal.exportKeyedShare': undefined,
  'levels.of': { sku: 'WD-000001' },
  'levels.set': { sku: 'WD-000001', warehouseId: null, minimum: 5, reorder: 10 },
  'levels.clear': { sku: 'WD-000001', warehouseId: null },
  'levels.low': undefined,
  'levels.export': undefined,
  'imports.levels': { name: 'minimums.csv', text: 'sku;minimum\nWD-000001;5\n', apply: true },
  'printers.setup': undefined,
  'printers.save': { id: 'dock-3', name: 'Dock 3', kind: 'zpl-network', host: '127.0.0.1', port: 9, dpi: 203, size: '62x29' },
  'printers.route': { label: 'shelf', profileId: 'dock-3' },
  'printers.testPrint': { id: 'dock-3' },
  'printers.jobs': undefined,
  'printers.delete': { id: 'dock-3' },
  // A desk that cannot sign in is the one IT most needs a support file from.
  'support.scannerCheck': { at: '2026-11-28T08:00:00.000Z', findings: [] },
  'support.createFile': undefined,
  'today.summary': { from: '2026-03-28T23:00:00.000Z', to: '2026-03-29T22:00:00.000Z' },
};

describe('a signed-out desk answers the same way on every channel', () => {
  let core: DeskCore;
  const dir = tempDir('desk-signed-out-');
  beforeAll(async () => {
    core = await createDeskCore({ dataDir: dir.path, secrets: createKeytarStore(), demoByDefault: false, syncIntervalMs: 600_000 });
  });
  afterAll(async () => {
    await core.close();
    dir.remove();
  });

  it.each(Object.entries(ACTING))('%s fails with not_signed_in', async (channel, input) => {
    const ipc = ipcClient(core);
    const answer = await ipc.raw(channel as Channel, input as never);
    expect(answer).toMatchObject({ ok: false, error: { code: 'not_signed_in' } });
  });

  it.each(READING)('%s answers from the cache', async (channel) => {
    const ipc = ipcClient(core);
    const input = channel === 'stock.lookup' ? { code: 'WD-000001' } : channel === 'stock.movements' ? { sku: 'WD-000001' } : channel === 'stock.search' || channel === 'stock.export' ? {} : channel === 'outbox.links' || channel === 'transfers.ofEntries' ? { ids: ['ob_1'] } : undefined;
    const answer = await ipc.raw(channel as Channel, input as never);
    expect(answer.ok).toBe(true);
  });

  it.each(Object.entries(DESK_LOCAL))('%s answers: the desk\'s own records', async (channel, input) => {
    const answer = await ipcClient(core).raw(channel as Channel, input as never);
    expect(answer.ok).toBe(true);
  });

  it('labels.print prints nothing: the emptied cache has no record to print a label of', async () => {
    const answer = await ipcClient(core).raw('labels.print', { items: [{ template: 'shelf', sku: 'WD-000001' }], size: '62x29', copies: 1, output: 'pdf' });
    expect(answer).toMatchObject({ ok: false, error: { code: 'not_in_cache' } });
  });

  it('labels.preview shows nothing: the emptied cache has no record to draw a label of', async () => {
    const answer = await ipcClient(core).raw('labels.preview', { items: [{ template: 'shelf', sku: 'WD-000001' }], size: '62x29' });
    expect(answer).toMatchObject({ ok: false, error: { code: 'not_in_cache' } });
  });

  it('printers.print prints nothing: the emptied cache has no record to print a label of', async () => {
    await ipcClient(core).call('printers.save', { id: 'dock-4', name: 'Dock 4', kind: 'zpl-network', host: '127.0.0.1', port: 9, dpi: 203, size: '62x29' });
    await ipcClient(core).call('printers.route', { label: 'shelf', profileId: 'dock-4' });
    const answer = await ipcClient(core).raw('printers.print', { items: [{ template: 'shelf', sku: 'WD-000001' }], copies: 1 });
    expect(answer).toMatchObject({ ok: false, error: { code: 'not_in_cache' } });
  });

  it('a supervisor, their PIN and an approval are the desk\'s own records too', async () => {
    const ipc = ipcClient(core);
    const sue = (await ipc.call('workers.add', { name: 'Sue' })).workers.find((w) => w.name === 'Sue')!;
    await ipc.call('workers.setRole', { workerId: sue.id, role: 'supervisor' });
    await ipc.call('workers.setPin', { workerId: sue.id, pin: '2468' });
    const answer = await ipc.raw('approvals.request', { supervisor: { id: sue.id }, pin: '2468', action: { kind: 'adjust', sku: 'WD-000001', warehouseId: 'wh_1', delta: 60 } });
    expect(answer.ok).toBe(true);
  });

  it('covers every channel of the contract', () => {
    // Not called here: shipments.read is a read (not_in_cache signed out); create, green index and
    // transit time go through the same requireOnline as cancel; account and settings work signed out.
    const covered = new Set([...Object.keys(ACTING), ...READING, ...Object.keys(DESK_LOCAL), 'shipments.read', 'shipments.create', 'shipments.greenIndex', 'shipments.transitTime', 'account.signIn', 'account.signOut', 'account.startDemo', 'settings.update', 'labels.print', 'labels.preview', 'printers.print', 'printers.retry', 'printers.cancel', 'workers.setRole', 'workers.setPin', 'approvals.request']);
    expect(CHANNEL_NAMES.filter((c) => !covered.has(c))).toEqual([]);
  });
});
