import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCache, type Cache } from '../../../src/main/composition/open-cache';
import { CatalogRecorder } from '../../../src/main/kernel/cache/catalog-recorder';
import { EventHub } from '../../../src/main/kernel/ipc/event-hub';
import type { RunningSandbox } from '../../../src/sandbox';
import { startTestSandbox, testClient } from '../composition/support/sandbox';
import { tempDir } from '../composition/support/temp-dir';
import { importHandlers } from './support/import-desk';

/** Sheets of minimums as spreadsheets save them, against a cache filled from the real sandbox. */
describe('importing a sheet of minimums', () => {
  const dir = tempDir('desk-import-levels-');
  let sandbox: RunningSandbox;
  let cache: Cache;
  let channels: ReturnType<typeof importHandlers>['handlers'];
  let code: string;
  let warehouseId: string;

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    const api = testClient(sandbox);
    cache = openCache(dir.path);
    const recorder = new CatalogRecorder(cache);
    for (const s of (await api.listStock({ limit: 10 })).body.data) recorder.stock(s);
    const warehouses = recorder.warehouses((await api.listWarehouses()).body.data, null, 0);
    code = warehouses[0]!.code;
    warehouseId = warehouses[0]!.id;
    channels = importHandlers(cache, new EventHub()).handlers;
  });
  afterAll(async () => {
    cache.close();
    await sandbox.close();
    dir.remove();
  });

  // Excel in a decimal-comma locale: a BOM, `;`, CRLF, a quoted name with a `;` and a line break,
  // a grouped thousand ("1.250"), a whole number written "12,0", headers in German.
  const SHEET = [
    '\uFEFFArtikel;Name;Lager;Mindestbestand;Bestellmenge',
    'WD-000001;"Film; 500 mm\r\nclear";;1.250;300',
    'WD-000002;Labels;{code};12,0;',
    'WD-999999;Unknown;;5;10',
    'WD-000003;Box;;1,5;10',
    'WD-000004;Tape;NOWHERE;5;10',
    'WD-000001;Film again;;7;',
    'WD-000005;Wrap;;5;0',
    ';No SKU;;5;',
    '',
    'WD-000006;Pallet;{code};"40";"100"',
  ].join('\r\n');

  it('previews every line: what is ready, and each problem with its line number, changing nothing', async () => {
    const outcome = await channels['imports.levels']({ name: 'mindest.csv', text: SHEET.replaceAll('{code}', code), apply: false });
    expect(outcome).toMatchObject({ missingColumns: [], lines: 9, ready: 3, applied: 0 });
    // Line numbers as a spreadsheet shows them: the quoted line break makes line 2 two lines long.
    expect(outcome.problems).toEqual([
      { line: 5, sku: 'WD-999999', problem: 'unknown_sku', detail: 'WD-999999' },
      { line: 6, sku: 'WD-000003', problem: 'bad_number', detail: 'minimum' },
      { line: 7, sku: 'WD-000004', problem: 'unknown_warehouse', detail: 'NOWHERE' },
      { line: 8, sku: 'WD-000001', problem: 'duplicate', detail: '2' },
      { line: 9, sku: 'WD-000005', problem: 'bad_number', detail: 'reorder' },
      { line: 10, sku: '', problem: 'no_sku', detail: '' },
    ]);
    expect(cache.levels.of('WD-000001')).toEqual([]);
  });

  it('applies the lines that are ready, once, and the same sheet again changes nothing more', async () => {
    const text = SHEET.replaceAll('{code}', code);
    for (let i = 0; i < 2; i++) expect(await channels['imports.levels']({ name: 'mindest.csv', text, apply: true })).toMatchObject({ ready: 3, applied: 3 });
    expect(cache.levels.of('WD-000001')).toMatchObject([{ warehouseId: null, minimum: 1250, reorder: 300 }]);
    expect(cache.levels.of('WD-000002')).toMatchObject([{ warehouseId, minimum: 12, reorder: null }]);
    expect(cache.levels.of('WD-000006')).toMatchObject([{ warehouseId, minimum: 40, reorder: 100 }]);
    expect(cache.levels.of('WD-000003')).toEqual([]);
  });

  it('reads a comma sheet with dot decimals and comma thousands, and refuses a sheet without the columns it needs', async () => {
    const comma = await channels['imports.levels']({ name: 'min.csv', text: 'sku,minimum,reorder\nWD-000007,"1,000",5\nWD-000008,2.0,\n', apply: true });
    expect(comma).toMatchObject({ ready: 2, applied: 2, problems: [] });
    expect(cache.levels.of('WD-000007')).toMatchObject([{ minimum: 1000, reorder: 5 }]);
    const missing = await channels['imports.levels']({ name: 'wrong.csv', text: 'sku;count\nWD-000009;4\n', apply: true });
    expect(missing).toMatchObject({ missingColumns: ['minimum'], applied: 0 });
    expect(cache.levels.of('WD-000009')).toEqual([]);
  });

  it('words a broken quote as a sheet it cannot read', async () => {
    await expect(Promise.resolve().then(() => channels['imports.levels']({ name: 'broken.csv', text: 'sku;minimum\n"WD-000001;5\n', apply: false }))).rejects.toMatchObject({
      error: { code: 'invalid_argument', reason: 'bad_sheet' },
    });
  });
});
