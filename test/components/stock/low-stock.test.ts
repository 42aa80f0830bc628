import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-svelte';
import LowStockPanel from '../../../src/renderer/src/screens/stock/LowStockPanel.svelte';
import { loadWarehouses } from '../../../src/renderer/src/state/warehouses.svelte';
import '../../../src/renderer/src/styles/base.css';
import type { LowStockQuery, LowStockRow } from '../../../src/shared/ipc/level-records';
import { createFakeDesk, WAREHOUSES, type FakeDesk } from '../support/fake-desk';

const ROWS: LowStockRow[] = [
  { sku: 'SKU-00007', name: 'Stretch film', warehouseId: null, minimum: 500, reorder: 200, onHand: 120, waiting: -20, short: 400, toReorder: 400 },
  { sku: 'SKU-00003', name: 'Pallet label', warehouseId: 'wh-north', minimum: 40, reorder: 100, onHand: 35, waiting: 0, short: 5, toReorder: 100 },
];

/** The Low stock tab against a fake desk: what it asks main for, and what it shows of the answer. */
describe('low stock list', () => {
  let fake: FakeDesk;
  let uninstall: () => void;
  beforeEach(async () => {
    await page.viewport(1280, 800);
    fake = createFakeDesk({ 'levels.low': () => ({ ok: true, value: { rows: ROWS, levels: 6 } }) });
    uninstall = fake.install();
    await loadWarehouses();
  });
  afterEach(() => uninstall());
  const asked = () => fake.calls.filter((c) => c.channel === 'levels.low').map((c) => c.input as LowStockQuery);

  it('shows each SKU below its minimum with on hand, what waits to be sent and what to reorder', async () => {
    render(LowStockPanel, { warehouses: WAREHOUSES });
    await expect.element(page.getByTestId('low-count')).toHaveTextContent('Below minimum: 2 · minimums set: 6');
    const rows = page.getByTestId('low-row');
    await expect.element(rows.nth(0)).toHaveTextContent('SKU-00007Stretch filmAll warehouses500120-20400400');
    await expect.element(rows.nth(1)).toHaveTextContent('SKU-00003Pallet labelNorth annex (NRTH)40355100');
  });

  it('asks main again for a filter, a warehouse and a column to sort by', async () => {
    render(LowStockPanel, { warehouses: WAREHOUSES });
    await expect.element(page.getByTestId('low-row').first()).toBeVisible();
    await page.getByTestId('low-filter').fill('film');
    await page.getByTestId('low-warehouse').selectOptions('wh-north');
    await page.getByRole('button', { name: /To reorder/ }).click();
    await expect.poll(() => asked().at(-1)).toEqual({ query: 'film', warehouseId: 'wh-north', sort: 'toReorder', direction: 'desc' });
    await page.getByRole('button', { name: /To reorder/ }).click();
    await expect.poll(() => asked().at(-1)).toEqual({ query: 'film', warehouseId: 'wh-north', sort: 'toReorder', direction: 'asc' });
    await expect.element(page.getByRole('columnheader', { name: /To reorder/ })).toHaveAttribute('aria-sort', 'ascending');
  });

  it('tells a desk without minimums how to set one', async () => {
    fake.handlers['levels.low'] = () => ({ ok: true, value: { rows: [], levels: 0 } });
    render(LowStockPanel, { warehouses: WAREHOUSES });
    await expect.element(page.getByText('No minimums are set yet. Scan a product and choose “Minimum…” on its card.')).toBeVisible();
  });

  it('tells a desk with minimums and nothing below them that all is well', async () => {
    fake.handlers['levels.low'] = () => ({ ok: true, value: { rows: [], levels: 3 } });
    render(LowStockPanel, { warehouses: WAREHOUSES });
    await expect.element(page.getByText('Nothing is below its minimum.')).toBeVisible();
  });
});

describe('importing a sheet of minimums from the low stock list', () => {
  let fake: FakeDesk;
  let uninstall: () => void;
  beforeEach(async () => {
    await page.viewport(1280, 800);
    fake = createFakeDesk({
      'levels.low': () => ({ ok: true, value: { rows: [], levels: 0 } }),
      'imports.levels': ({ apply }) => ({
        ok: true,
        value: {
          missingColumns: [],
          lines: 4,
          ready: 2,
          problems: [
            { line: 3, sku: 'SKU-99999', problem: 'unknown_sku', detail: 'SKU-99999' },
            { line: 5, sku: 'SKU-00001', problem: 'duplicate', detail: '2' },
          ],
          applied: apply ? 2 : 0,
        },
      }),
    });
    uninstall = fake.install();
  });
  afterEach(() => uninstall());

  it('previews the sheet with each problem by its line, and imports the ready lines only when asked', async () => {
    render(LowStockPanel, { warehouses: WAREHOUSES });
    const text = 'sku;minimum\nSKU-00001;5\nSKU-99999;4\nSKU-00002;3\nSKU-00001;6\n';
    await page.getByTestId('import-levels-file').upload(new File([text], 'mindest.csv', { type: 'text/csv' }));
    await expect.element(page.getByTestId('sheet-summary')).toHaveTextContent('4 lines: 2 ready, 2 with a problem. Lines with a problem are left out; nothing changes until you press the button below.');
    await expect.element(page.getByTestId('sheet-kind-levels')).not.toBeInTheDocument();
    await expect.element(page.getByText('Not a SKU this desk knows')).toBeVisible();
    await expect.element(page.getByText('Same SKU and warehouse as line 2')).toBeVisible();
    expect(fake.calls.filter((c) => c.channel === 'imports.levels').map((c) => c.input)).toEqual([{ name: 'mindest.csv', text, apply: false }]);
    const lowReads = fake.calls.filter((c) => c.channel === 'levels.low').length;
    await page.getByTestId('sheet-apply').click();
    await expect.element(page.getByTestId('sheet-done')).toHaveTextContent('2 minimums set.');
    // The list is read again with the new minimums.
    await expect.poll(() => fake.calls.filter((c) => c.channel === 'levels.low').length).toBeGreaterThan(lowReads);
    expect(fake.calls.filter((c) => c.channel === 'imports.levels').map((c) => (c.input as { apply: boolean }).apply)).toEqual([false, true]);
  });

  it('says in plain words when the file is not a sheet it can read', async () => {
    fake.handlers['imports.levels'] = () => ({ ok: false, error: { code: 'invalid_argument', reason: 'bad_sheet', message: 'The file is not a sheet the desk can read.', params: { why: 'Quote Not Closed' } } });
    render(LowStockPanel, { warehouses: WAREHOUSES });
    await page.getByTestId('import-levels-file').upload(new File(['sku;minimum\n"WD-1;5\n'], 'broken.csv', { type: 'text/csv' }));
    await expect.element(page.getByText('This file is not a sheet the desk can read. Save it from your spreadsheet as CSV and choose it again.')).toBeVisible();
    // Nothing to apply; another file can be chosen at once.
    await expect.element(page.getByTestId('sheet-apply')).not.toBeInTheDocument();
    await expect.element(page.getByTestId('sheet-file')).toBeInTheDocument();
  });
});
