import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCache, type Cache } from '../../../src/main/composition/open-cache';
import type { ApiClient } from '../../../src/main/kernel/api';
import { CatalogRecorder } from '../../../src/main/kernel/cache/catalog-recorder';
import { EventHub } from '../../../src/main/kernel/ipc/event-hub';
import { Outbox } from '../../../src/main/outbox/outbox';
import type { SheetProgress } from '../../../src/shared/ipc/import-records';
import type { RunningSandbox } from '../../../src/sandbox';
import { startTestSandbox, testClient } from '../composition/support/sandbox';
import { tempDir } from '../composition/support/temp-dir';
import { importHandlers } from './support/import-desk';

const ACCOUNT = 'demo';

/** Sheets of adjustments as spreadsheets save them, queued through a real outbox to the real sandbox over HTTP. */
describe('importing a sheet of adjustments', () => {
  const dir = tempDir('desk-import-adjust-');
  let sandbox: RunningSandbox;
  let api: ApiClient;
  let cache: Cache;
  let outbox: Outbox;
  let online = false;
  let code: string;
  let warehouseId: string;
  /** A SKU with at least 2 on hand at that warehouse, for a line that takes 2 away. */
  let neg: string;
  const progress: SheetProgress[] = [];
  let desk: ReturnType<typeof importHandlers>;
  const at = (sku: string) => cache.reads.stockBySku(sku)!.levels.find((l) => l.warehouseId === warehouseId)?.onHand ?? 0;
  const entries = () => outbox.list({ limit: 500 }).entries;

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    api = testClient(sandbox);
    cache = openCache(dir.path);
    const recorder = new CatalogRecorder(cache);
    for (const s of (await api.listStock({ limit: 30 })).body.data) recorder.stock(s);
    const warehouses = recorder.warehouses((await api.listWarehouses()).body.data, null, 0);
    code = warehouses[0]!.code;
    warehouseId = warehouses[0]!.id;
    neg = cache.reads.stockBySku('WD-000011') && at('WD-000011') >= 2 ? 'WD-000011' : [...Array(19).keys()].map((i) => `WD-0000${12 + i}`).find((s) => at(s) >= 2)!;
    const events = new EventHub();
    events.attach((event, payload) => event === 'imports.progress' && progress.push(payload as SheetProgress));
    // Offline until a test says otherwise: what is queued waits, as on a desk that lost the network.
    outbox = new Outbox({ cache, recorder, events, api: () => api, online: () => online, account: () => ACCOUNT });
    desk = importHandlers(cache, events, { account: () => ({ accountKey: ACCOUNT, outbox }) });
  });
  afterAll(async () => {
    await outbox.idle();
    cache.close();
    await sandbox.close();
    dir.remove();
  });

  // Excel in a decimal-comma locale: a BOM, `;`, CRLF, a quoted note with a `;` and a line break,
  // a grouped thousand, "12,0", German headers and reasons, a date column the import does not use
  // (left as Excel writes it), and one line of each problem.
  const sheet = () =>
    [
      '\uFEFFArtikel;Lager;Menge;Gezählt;Grund;Bemerkung;Datum',
      `WD-000001;${code};+1.250;;Wareneingang;"Lieferung 7; Palette 2\r\nRampe 3";28.11.2026 14:05`,
      `${neg};${code};-2;;damaged;;45988`,
      `WD-000003;${code};;${at('WD-000003') + 4};;gezählt;2026-11-28`,
      `WD-999999;${code};5;;found;;`,
      `WD-000004;NOWHERE;5;;found;;`,
      `WD-000005;${code};1,5;;found;;`,
      `WD-000006;${code};3;;stolen;;`,
      `WD-000007;${code};0;;found;;`,
      `WD-000008;${code};;;found;;`,
      `${neg};${code};-2;;damaged;;`,
      `WD-000009;${code};;${at('WD-000009')};;;`,
      `;${code};1;;found;;`,
      `WD-000010;${code};"12,0";;Retoure;;`,
    ].join('\r\n');

  it('previews every line with its problem and line number, says which lines are counts, and changes nothing', async () => {
    const outcome = await desk.handlers['imports.adjustments']({ name: 'korrekturen.csv', text: sheet(), apply: false });
    expect(outcome).toMatchObject({ missingColumns: [], lines: 13, ready: 4, applied: 0, alreadyApplied: null });
    // Line numbers as a spreadsheet shows them: the quoted line break makes line 2 two lines long.
    expect(outcome.problems).toEqual([
      { line: 6, sku: 'WD-999999', problem: 'unknown_sku', detail: 'WD-999999' },
      { line: 7, sku: 'WD-000004', problem: 'unknown_warehouse', detail: 'NOWHERE' },
      { line: 8, sku: 'WD-000005', problem: 'bad_number', detail: 'quantity' },
      { line: 9, sku: 'WD-000006', problem: 'unknown_reason', detail: 'stolen' },
      { line: 10, sku: 'WD-000007', problem: 'zero_change', detail: 'quantity' },
      { line: 11, sku: 'WD-000008', problem: 'no_quantity', detail: '' },
      { line: 12, sku: neg, problem: 'duplicate', detail: '4' },
      { line: 13, sku: 'WD-000009', problem: 'zero_change', detail: 'counted' },
      { line: 14, sku: '', problem: 'no_sku', detail: '' },
    ]);
    expect(outcome.adjustments).toEqual([
      { line: 2, sku: 'WD-000001', warehouseId, mode: 'change', quantity: 1250, change: 1250, reason: 'received', note: 'Lieferung 7; Palette 2 Rampe 3' },
      { line: 4, sku: neg, warehouseId, mode: 'change', quantity: -2, change: -2, reason: 'damaged', note: '' },
      { line: 5, sku: 'WD-000003', warehouseId, mode: 'counted', quantity: at('WD-000003') + 4, change: 4, reason: 'count_correction', note: 'gezählt' },
      { line: 15, sku: 'WD-000010', warehouseId, mode: 'change', quantity: 12, change: 12, reason: 'returned', note: '' },
    ]);
    expect(entries()).toEqual([]);
    expect(progress.at(-1)).toEqual({ name: 'korrekturen.csv', step: 'checking', done: 13, total: 13 });
  });

  it('applies all or none: a failure on the last line leaves no entry and no record of the sheet', async () => {
    const enqueue = outbox.enqueue.bind(outbox);
    let calls = 0;
    const failing = {
      transaction: outbox.transaction.bind(outbox),
      enqueue: (input: Parameters<Outbox['enqueue']>[0]) => {
        if (++calls === 4) throw new Error('the disk is gone');
        return enqueue(input);
      },
    };
    const broken = importHandlers(cache, new EventHub(), { account: () => ({ accountKey: ACCOUNT, outbox: failing }) });
    await expect(broken.handlers['imports.adjustments']({ name: 'korrekturen.csv', text: sheet(), apply: true })).rejects.toThrow('the disk is gone');
    expect(calls).toBe(4);
    expect(entries()).toEqual([]);
    expect((await desk.handlers['imports.adjustments']({ name: 'korrekturen.csv', text: sheet(), apply: false })).alreadyApplied).toBeNull();
  });

  it('queues every ready line in one go, each noting the sheet and its line, and journals the sheet once', async () => {
    const outcome = await desk.handlers['imports.adjustments']({ name: 'korrekturen.csv', text: sheet(), apply: true });
    expect(outcome).toMatchObject({ ready: 4, applied: 4, unchanged: 0 });
    const queued = entries().reverse();
    expect(queued.map((e) => [e.sku, e.delta, e.reason, e.state])).toEqual([
      ['WD-000001', 1250, 'received', 'queued'],
      [neg, -2, 'damaged', 'queued'],
      ['WD-000003', 4, 'count_correction', 'queued'],
      ['WD-000010', 12, 'returned', 'queued'],
    ]);
    expect(queued[0]!.note).toBe('Sheet korrekturen.csv, line 2: Lieferung 7; Palette 2 Rampe 3');
    expect(queued[3]!.note).toBe('Sheet korrekturen.csv, line 15');
    expect(desk.lines.at(-1)).toMatchObject({ kind: 'adjust', outcome: 'queued', details: { what: 'adjustments_imported', params: { file: 'korrekturen.csv', queued: 4, unchanged: 0, problems: 9 } } });
  });

  it('refuses the same sheet again, whatever it is called, and its preview says when it was applied', async () => {
    const preview = await desk.handlers['imports.adjustments']({ name: 'copy of korrekturen.csv', text: sheet(), apply: false });
    expect(preview.alreadyApplied).toMatchObject({ name: 'korrekturen.csv', entries: 4 });
    await expect(desk.handlers['imports.adjustments']({ name: 'copy of korrekturen.csv', text: sheet(), apply: true })).rejects.toMatchObject({ error: { code: 'sheet_already_applied' } });
    expect(entries()).toHaveLength(4);
    expect(desk.lines.at(-1)).toMatchObject({ kind: 'adjust', outcome: 'failed', details: { what: 'adjustments_imported', error: { code: 'sheet_already_applied' } } });
  });

  it('sends each queued line to the service exactly once, and a counted line is measured against what is still waiting', async () => {
    // Queued but unsent: a counted line of the same stock measures against it, not against the cache alone.
    const text = `sku,warehouse,counted\nWD-000001,${code},${at('WD-000001') + 1250 + 5}\n`;
    expect((await desk.handlers['imports.adjustments']({ name: 'recount.csv', text, apply: false })).adjustments).toMatchObject([{ mode: 'counted', change: 5 }]);
    expect(await desk.handlers['imports.adjustments']({ name: 'recount.csv', text, apply: true })).toMatchObject({ applied: 1 });
    const before = sandbox.stats().adjustmentsApplied;
    online = true;
    await outbox.kick();
    await outbox.idle();
    // Another run finds nothing left to send.
    await outbox.kick();
    await outbox.idle();
    expect(entries().map((e) => e.state)).toEqual(['applied', 'applied', 'applied', 'applied', 'applied']);
    expect(sandbox.stats().adjustmentsApplied - before).toBe(5);
    const db = new Database(sandbox.dbPath, { readonly: true });
    try {
      const booked = db.prepare("SELECT COUNT(*) AS n FROM adjustments WHERE note LIKE 'Sheet korrekturen.csv, line %'").get() as { n: number };
      expect(booked.n).toBe(4);
    } finally {
      db.close();
    }
  });
});
