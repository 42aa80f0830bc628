import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeskCore, type DeskCore } from '../../../src/main/composition/desk-core';
import { createKeytarStore } from '../../../src/main/kernel/secrets';
import type { ExportedFile } from '../../../src/shared/ipc/desk-work-records';
import { DEMO_OWNERS, type RunningSandbox } from '../../../src/sandbox';
import { recordEvents } from '../composition/support/events';
import { ipcClient } from '../composition/support/ipc';
import { tempDir } from '../composition/support/temp-dir';

function csvOf(file: ExportedFile): string[][] {
  if (file.status !== 'download') throw new Error(`expected a download, got ${file.status}`);
  expect(file.content.startsWith('\uFEFF'), 'UTF-8 byte order mark').toBe(true);
  return parse(file.content, { bom: true }) as string[][];
}

/**
 * Who is at the desk and the journal, through the real IPC router, on a real cache file, against
 * the demo sandbox over HTTP.
 */
describe('workers and the journal', () => {
  const dir = tempDir('desk-journal-');
  let core: DeskCore;
  let sandbox: RunningSandbox;
  let ipc: ReturnType<typeof ipcClient>;
  let events: ReturnType<typeof recordEvents>;
  let warehouseId: string;

  beforeAll(async () => {
    core = await createDeskCore({ dataDir: dir.path, secrets: createKeytarStore(), demoSandbox: { demo: { skus: 40, shipments: 5 }, rateLimit: false }, syncIntervalMs: 600_000 });
    ipc = ipcClient(core);
    events = recordEvents(core.events);
    sandbox = core.sandbox()!;
    await ipc.call('sync.now');
    warehouseId = (await ipc.call('warehouses.list'))[0]!.id;
  });
  afterAll(async () => {
    await core?.close();
    dir.remove();
  });

  it('keeps a desk-local list of workers; a name or a badge is on it once', async () => {
    expect(await ipc.call('workers.list')).toEqual({ workers: [], current: null });
    await ipc.call('workers.add', { name: 'Ana Díaz', badge: 'BADGE-0001' });
    const both = await ipc.call('workers.add', { name: 'Bo "Quotes", Jr.' });
    expect(both.workers.map((w) => w.name)).toEqual(['Ana Díaz', 'Bo "Quotes", Jr.']);
    expect(both.current).toBeNull();
    expect((await ipc.fail('workers.add', { name: 'ana díaz' })).code).toBe('worker_exists');
    expect((await ipc.fail('workers.add', { name: 'Cy', badge: 'BADGE-0001' })).code).toBe('worker_exists');
    expect((await ipc.fail('workers.add', { name: 'bad\u0007name' })).code).toBe('invalid_argument');
    expect((await ipc.fail('workers.switch', { badge: 'BADGE-9999' })).code).toBe('worker_not_found');
    expect((await ipc.call('workers.list')).workers).toHaveLength(2);
  });

  it('puts a worker at the desk with one badge scan, still signed in to the service', async () => {
    expect(await ipc.call('stock.lookup', { code: 'BADGE-0001' })).toMatchObject({ kind: 'worker', code: 'BADGE-0001', name: 'Ana Díaz', switched: true });
    expect((await ipc.call('workers.list')).current?.name).toBe('Ana Díaz');
    expect((await ipc.call('account.status')).mode).toBe('demo');
  });

  it('carries the worker in the note sent with an adjustment, ahead of the worker\'s own note', async () => {
    const entry = await ipc.call('stock.adjust', { sku: 'WD-000003', warehouseId, delta: 2, reason: 'found', note: 'behind the shelf' });
    await events.waitFor('outbox.changed', (e) => e.id === entry.id && e.state === 'applied');
    expect(sandbox.adjustmentsFor('WD-000003').map((a) => a.note)).toEqual(['[by Ana Díaz] behind the shelf']);
  });

  it('journals scans and actions with the worker, the outcome and the service\'s request id', async () => {
    const bo = (await ipc.call('workers.list')).workers.find((w) => w.name.startsWith('Bo'))!;
    await ipc.call('workers.switch', { id: bo.id });
    await ipc.call('stock.lookup', { code: 'WD-000004' });
    await ipc.call('stock.lookup', { code: 'WD-999999' });
    const refused = await ipc.call('stock.adjust', { sku: 'WD-000004', warehouseId, delta: -1_000_000, reason: 'lost' });
    await events.waitFor('outbox.changed', (e) => e.id === refused.id && e.state === 'rejected');

    const { entries } = await ipc.call('journal.search');
    const lines = entries.map((e) => [e.kind, e.worker, e.code ?? e.sku, e.outcome]);
    expect(lines).toEqual([
      ['sent', 'Bo "Quotes", Jr.', 'WD-000004', 'rejected'],
      ['adjust', 'Bo "Quotes", Jr.', 'WD-000004', 'queued'],
      ['scan', 'Bo "Quotes", Jr.', 'WD-999999', 'not_found'],
      ['scan', 'Bo "Quotes", Jr.', 'WD-000004', 'found'],
      ['sent', 'Ana Díaz', 'WD-000003', 'applied'],
      ['adjust', 'Ana Díaz', 'WD-000003', 'queued'],
      ['worker', 'Ana Díaz', 'BADGE-0001', 'done'],
    ]);
    const applied = entries.find((e) => e.kind === 'sent' && e.outcome === 'applied')!;
    expect(applied.requestId).toMatch(/\S/);
    expect(entries[0]!.requestId, 'a refusal keeps the request id of the refusing answer').toMatch(/\S/);
    expect(entries[0]!.summary).toContain('insufficient_stock');
    // The details as data, for the screen to word in the desk's language; the English summary is for the CSV.
    const code = (await ipc.call('warehouses.list')).find((w) => w.id === warehouseId)!.code;
    expect(entries[0]!.details).toMatchObject({ what: 'adjustment', params: { delta: -1_000_000, warehouse: code, reason: 'lost' }, error: { code: 'insufficient_stock' } });
    expect(entries[2]!.details).toEqual({ what: 'not_found', params: {} });
    expect(entries[3]!.details).toMatchObject({ what: 'stock_found', params: { onHand: expect.any(Number) } });
    expect(entries[6]!.details).toEqual({ what: 'worker_badge', params: { name: 'Ana Díaz' } });
  });

  it('filters by SKU, worker, outcome and day, and pages newest first', async () => {
    expect((await ipc.call('journal.search', { sku: 'WD-000004' })).entries.map((e) => e.kind)).toEqual(['sent', 'adjust', 'scan']);
    expect((await ipc.call('journal.search', { worker: 'Ana Díaz' })).entries).toHaveLength(3);
    expect((await ipc.call('journal.search', { outcome: 'not_found' })).entries.map((e) => e.code)).toEqual(['WD-999999']);
    const today = new Date().toISOString().slice(0, 10);
    expect((await ipc.call('journal.search', { day: today })).entries).toHaveLength(7);
    expect((await ipc.call('journal.search', { day: '2001-01-01' })).entries).toHaveLength(0);
    const first = await ipc.call('journal.search', { limit: 4 });
    const rest = await ipc.call('journal.search', { limit: 4, before: first.nextBefore! });
    expect(first.entries.length + rest.entries.length).toBe(7);
    expect(rest.nextBefore).toBeNull();
    expect((await ipc.fail('journal.search', { day: '25.11.2026' } as never)).code).toBe('invalid_argument');
  });

  it('exports the journal as CSV a parser reads back: header, quoting, ISO times, the desk’s name on each line', async () => {
    await ipc.call('settings.update', { deskName: 'Goods in 2' });
    const rows = csvOf(await ipc.call('journal.export', { worker: 'Bo "Quotes", Jr.' }));
    expect(new Set(rows.slice(1).map((r) => r[8]))).toEqual(new Set(['Goods in 2']));
    expect(rows[0]).toEqual(['time (UTC)', 'what', 'worker', 'code', 'sku', 'details', 'outcome', 'request id', 'desk', 'entered']);
    expect(rows.slice(1).map((r) => [r[1], r[2], r[6]])).toEqual([
      ['scan', 'Bo "Quotes", Jr.', 'found'],
      ['scan', 'Bo "Quotes", Jr.', 'not_found'],
      ['adjust', 'Bo "Quotes", Jr.', 'queued'],
      ['sent', 'Bo "Quotes", Jr.', 'rejected'],
      ['settings', 'Bo "Quotes", Jr.', 'done'],
    ]);
    for (const r of rows.slice(1)) expect(r[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('keeps a scanned formula from running in a spreadsheet', async () => {
    await ipc.call('stock.lookup', { code: '=HYPERLINK("x")' });
    const rows = csvOf(await ipc.call('journal.export'));
    expect(rows.map((r) => r[3])).toContain(`'=HYPERLINK("x")`);
  });

  it('journals a count typed by hand, each review decision and an abandoned count', async () => {
    const count = await ipc.call('counts.start', { warehouseId });
    await ipc.call('counts.set', { sku: 'WD-000005', counted: 7 });
    await ipc.call('counts.decide', { sku: 'WD-000005', decision: 'recount' });
    expect((await ipc.fail('counts.set', { sku: 'WD-NOPE-1', counted: 1 })).code).toBe('invalid_argument');
    await ipc.call('counts.abandon');
    const { entries } = await ipc.call('journal.search', { kind: 'count' });
    expect(entries.map((e) => [e.sku, e.details?.what, e.outcome])).toEqual([
      [null, 'count_abandoned', 'discarded'],
      ['WD-NOPE-1', 'failed', 'failed'],
      ['WD-000005', 'count_decided', 'done'],
      ['WD-000005', 'count_set', 'done'],
      [null, 'count_started', 'done'],
    ]);
    expect(entries[1]!.details?.error).toMatchObject({ code: 'invalid_argument', reason: 'unknown_sku', params: { sku: 'WD-NOPE-1' } });
    expect(entries[2]!.details?.params).toEqual({ decision: 'recount', count: count.id });
    expect(entries[3]!.details?.params).toEqual({ counted: 7, count: count.id });
    expect(entries.every((e) => e.worker === 'Bo "Quotes", Jr.')).toBe(true);
  });

  it('exports the stock list as shown: filter and warehouse applied, in its order', async () => {
    const shown = await ipc.call('stock.search', { query: 'WD-00001', warehouseId, sort: 'onHand', direction: 'desc' });
    const rows = csvOf(await ipc.call('stock.export', { query: 'WD-00001', warehouseId, sort: 'onHand', direction: 'desc' }));
    expect(rows[0]).toEqual(['sku', 'name', 'on hand', 'reserved', 'available', 'updated (UTC)', 'cached as of (UTC)']);
    expect(rows.slice(1).map((r) => [r[0], Number(r[2])])).toEqual(shown.rows.map((r) => [r.sku, r.onHand]));
    expect(rows).toHaveLength(shown.total + 1);
  });

  it('never holds a token or a secret', () => {
    const files = readdirSync(dir.path).filter((f) => f.startsWith('cache.sqlite'));
    const text = files.map((f) => readFileSync(join(dir.path, f)).toString('latin1')).join('\n');
    expect(text).not.toContain(DEMO_OWNERS.desk.clientSecret);
    expect(text).not.toMatch(/Bearer|access_token/);
  });
});
