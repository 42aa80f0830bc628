import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { expect, test } from './support/harness-fixture';
import { matchBaseline } from './support/baseline';
import { openDesk, restMouse, scanCode, seriousA11yProblems } from './support/page-helpers';

/** The CSV a download holds, read back by a CSV parser; the byte order mark checked first. */
async function downloadedCsv(download: Download): Promise<string[][]> {
  const bytes = await readFile(await download.path());
  expect([...bytes.subarray(0, 3)], 'UTF-8 byte order mark').toEqual([0xef, 0xbb, 0xbf]);
  return parse(bytes, { bom: true }) as string[][];
}

async function addWorker(page: Page, name: string, badge?: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Who is at the desk?' });
  await page.getByRole('button', { name: /At the desk/ }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Name').focus();
  // As text, not keys: Playwright's keys come as fast as a scanner's, and a scan in the name field
  // (with Enter) is taken out of it and looked up (docs/scanning.md).
  await page.keyboard.insertText(name);
  if (badge) {
    await page.keyboard.press('Tab');
    await page.keyboard.type(badge);
  }
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: /At the desk/ })).toContainText(name);
}

test('who is at the desk: added by keyboard, switched by a badge scan, recorded in the journal, exported to CSV', async ({ page, desk }) => {
  test.setTimeout(150_000);
  await openDesk(page, desk);
  await expect(page.getByTestId('sync')).toHaveText(/Synced/, { timeout: 60_000 });
  await expect(page.getByRole('button', { name: /At the desk/ })).toContainText('Nobody yet');

  await addWorker(page, 'Ana Díaz', 'BADGE-0042');
  await addWorker(page, 'Bo Berg');
  await page.getByRole('button', { name: /At the desk/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Who is at the desk?' });
  expect(await seriousA11yProblems(page, 'dialog')).toEqual([]);
  await restMouse(page);
  await matchBaseline(page, desk, 'workers');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // A code typed by hand, key by key slower than the scanner's limit (openDesk sets the widest,
  // 500 ms), is looked up as typed ("keyed"); the scans below come at a scanner's speed and are
  // "scanned" (docs/scanning.md).
  await page.getByLabel('Scan or type a code').focus();
  await page.keyboard.type('WD-000011', { delay: 550 });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('answer-card').getByRole('heading', { name: 'WD-000011', exact: true })).toBeVisible();

  // One scan of Ana's badge puts her at the desk; the product card is not replaced.
  await scanCode(page, 'BADGE-0042');
  await expect(page.getByRole('button', { name: /At the desk/ })).toContainText('Ana Díaz');
  await expect(page.getByText('Ana Díaz is at the desk now.')).toBeVisible();
  // Read, dismissed: an info notice otherwise fades after a while, and the journal's baseline
  // below would depend on how fast the machine got there.
  await page.getByRole('button', { name: /^Dismiss.*Ana Díaz is at the desk now/ }).click();
  await expect(page.getByText('Ana Díaz is at the desk now.')).toBeHidden();
  await expect(page.getByTestId('connectivity')).toContainText(/Online/);

  await scanCode(page, 'WD-000010');
  await expect(page.getByTestId('answer-card').getByRole('heading', { name: 'WD-000010', exact: true })).toBeVisible();
  await page.getByRole('radio', { name: 'Add' }).check();
  await page.getByRole('combobox', { name: 'Reason', exact: true }).selectOption('found');
  await page.getByLabel('Quantity to add').fill('2');
  await page.keyboard.press('Enter');
  await expect.poll(() => desk.core.sandbox()!.adjustmentsFor('WD-000010').map((a) => a.note)).toEqual(['[by Ana Díaz]']);

  await page.keyboard.press('F6');
  await expect(page.getByRole('heading', { level: 1, name: 'Journal' })).toBeVisible();
  const rows = page.getByTestId('journal-row');
  await expect(rows.filter({ hasText: 'Applied' }).filter({ hasText: 'WD-000010' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'BADGE-0042' })).toContainText('Ana Díaz');
  await expect(rows.filter({ hasText: 'WD-000011' })).toContainText('Typed');
  await expect(rows.filter({ hasText: 'WD-000010' }).first()).toContainText('Scanned');

  await page.getByLabel('SKU').fill('WD-000010');
  await expect(rows).toHaveCount(3); // the scan, the adjustment queued, its verdict
  await expect(rows.first()).toContainText('Applied');
  expect(await seriousA11yProblems(page, 'main')).toEqual([]);
  await page.getByLabel('SKU').fill('');
  await restMouse(page);
  await matchBaseline(page, desk, 'journal');

  await page.getByRole('combobox', { name: 'Worker', exact: true }).selectOption('Ana Díaz');
  const [journalFile] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(journalFile.suggestedFilename()).toMatch(/^journal-\d{4}-\d\d-\d\d\.csv$/);
  const journal = await downloadedCsv(journalFile);
  expect(journal[0]).toEqual(['time (UTC)', 'what', 'worker', 'code', 'sku', 'details', 'outcome', 'request id', 'desk', 'entered']);
  expect(journal.slice(1).map((r) => [r[1], r[2], r[6]])).toEqual([
    ['worker', 'Ana Díaz', 'done'],
    ['scan', 'Ana Díaz', 'found'],
    ['adjust', 'Ana Díaz', 'queued'],
    ['sent', 'Ana Díaz', 'applied'],
  ]);
  expect(journal.slice(1).map((r) => r[9])).toEqual(['scanned', 'scanned', 'scanned', 'scanned']);
  expect(journal.at(-1)![7]).toMatch(/\S/);
  await expect(page.getByRole('status').filter({ hasText: 'exported as' })).toContainText('4 lines');

  // The stock list as shown: filter and warehouse applied.
  await page.keyboard.press('F2');
  await page.getByTestId('stock-filter').fill('WD-00001');
  await expect(page.getByTestId('stock-count')).toHaveText(/^10 items/);
  const [stockFile] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  const stock = await downloadedCsv(stockFile);
  expect(stock[0]).toEqual(['sku', 'name', 'on hand', 'reserved', 'available', 'updated (UTC)', 'cached as of (UTC)']);
  expect(stock.slice(1).map((r) => r[0])).toEqual(['WD-000010', 'WD-000011', 'WD-000012', 'WD-000013', 'WD-000014', 'WD-000015', 'WD-000016', 'WD-000017', 'WD-000018', 'WD-000019']);
});
