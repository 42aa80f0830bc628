import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-svelte';
import SheetsDialog from '../../../src/renderer/src/screens/stock/SheetsDialog.svelte';
import '../../../src/renderer/src/styles/base.css';
import type { AdjustmentSheetOutcome, SheetAdjustment } from '../../../src/shared/ipc/import-records';
import { createFakeDesk, WAREHOUSES, type FakeDesk } from '../support/fake-desk';

const READY: SheetAdjustment[] = Array.from({ length: 3000 }, (_, i) => ({ line: i + 5, sku: `SKU-${String(i).padStart(5, '0')}`, warehouseId: 'wh-north', mode: i === 0 ? 'counted' : 'change', quantity: i === 0 ? 40 : 2, change: 2, reason: i === 0 ? 'count_correction' : 'received', note: '' }));

function outcome(over: Partial<AdjustmentSheetOutcome> = {}): AdjustmentSheetOutcome {
  return {
    missingColumns: [],
    lines: 3002,
    ready: 3000,
    problems: [
      { line: 4, sku: 'SKU-00001', problem: 'duplicate', detail: '2' },
      { line: 2, sku: 'SKU-99999', problem: 'unknown_sku', detail: 'SKU-99999' },
    ],
    adjustments: READY,
    alreadyApplied: null,
    unchanged: 0,
    applied: 0,
    ...over,
  };
}

/** The sheets dialog against a fake desk: problems first with their lines, a long preview kept to what is in view, Apply only when there is something to apply. */
describe('bringing in a sheet of stock changes', () => {
  let fake: FakeDesk;
  let uninstall: () => void;
  beforeEach(async () => {
    await page.viewport(1024, 700);
    fake = createFakeDesk({ 'imports.adjustments': ({ apply }) => ({ ok: true, value: outcome(apply ? { applied: 3000 } : {}) }) });
    uninstall = fake.install();
  });
  afterEach(() => uninstall());
  const upload = () => page.getByTestId('sheet-file').upload(new File(['sku;warehouse;quantity\n'], 'changes.csv', { type: 'text/csv' }));

  it('lists problems first by line, then what each ready line does, and queues them on the worker’s word', async () => {
    render(SheetsDialog, { warehouses: WAREHOUSES, onclose: () => {} });
    await upload();
    await expect.element(page.getByTestId('sheet-summary')).toHaveTextContent('3,002 lines: 3,000 ready, 2 with a problem. Lines with a problem are left out; nothing changes until you press the button below.');
    const problems = page.getByTestId('sheet-problem');
    await expect.element(problems.nth(0)).toHaveTextContent('2SKU-99999Not a SKU this desk knows');
    await expect.element(problems.nth(1)).toHaveTextContent('4SKU-00001Repeats line 2');
    await expect.element(page.getByTestId('sheet-ready').nth(0)).toHaveTextContent('5SKU-00000Counted 40: +2 against what the desk knows now (Count correction)');
    // 3,000 ready lines, only those near the view in the page.
    expect(page.getByTestId('sheet-ready').elements().length).toBeLessThan(60);
    expect(fake.calls.map((c) => c.channel)).toEqual(['imports.adjustments']);
    await page.getByTestId('sheet-apply').click();
    await expect.element(page.getByTestId('sheet-done')).toHaveTextContent('3,000 changes queued. The Outbox sends them one by one.');
    expect(fake.calls.map((c) => (c.input as { apply: boolean }).apply)).toEqual([false, true]);
  });

  it('says when the same sheet was applied before, and offers nothing to apply', async () => {
    fake.handlers['imports.adjustments'] = () => ({ ok: true, value: outcome({ alreadyApplied: { at: '2026-11-27T09:15:00.000Z', name: 'changes.csv', entries: 3000 } }) });
    render(SheetsDialog, { warehouses: WAREHOUSES, onclose: () => {} });
    await upload();
    await expect.element(page.getByTestId('sheet-already')).toBeVisible();
    const said = page.getByTestId('sheet-already').element().textContent ?? '';
    expect(said).toContain('This sheet was already applied on 27');
    expect(said).toContain('(as changes.csv, 3,000 changes). It is not booked a second time.');
    await expect.element(page.getByTestId('sheet-apply')).toBeDisabled();
  });

  it('shows how far the core got while it checks a long sheet', async () => {
    let answer: (v: { ok: true; value: AdjustmentSheetOutcome }) => void = () => {};
    fake.handlers['imports.adjustments'] = () => new Promise((resolve) => (answer = resolve));
    render(SheetsDialog, { warehouses: WAREHOUSES, onclose: () => {} });
    await upload();
    await expect.element(page.getByTestId('sheet-progress')).toHaveTextContent('Reading the sheet…');
    fake.emit('imports.progress', { name: 'changes.csv', step: 'checking', done: 1500, total: 3002 });
    await expect.element(page.getByTestId('sheet-progress')).toHaveTextContent('Checking line 1,500 of 3,002…');
    answer({ ok: true, value: outcome() });
    await expect.element(page.getByTestId('sheet-summary')).toBeVisible();
  });
});
