import Database from 'better-sqlite3';
import type { Page } from '@playwright/test';
import type { DeskApi } from '../../src/shared/ipc/desk-api';
import { expect, test } from './support/harness-fixture';
import { openDesk, restMouse, seriousA11yProblems } from './support/page-helpers';
import { takeScreenshot } from './support/screenshot';
import { RUN } from '../support/node-run-depth';

/**
 * Sheets in, at the size people bring: a 10,000-line sheet of stock changes as Excel saves it in a
 * decimal-comma locale (BOM, `;`, quoted notes) with 12 deliberate mistakes. Each is reported with
 * its line before anything changes; the rest are queued in one go and reach the service exactly
 * once (the sandbox's own table of adjustments is counted); the same file again is refused. The
 * dialog is saved at 1280x800 and 1024x700 to SCREENS_DIR. Every commit's run sends a 2,000-line
 * sheet with the same mistakes (the same code path; the send is most of the time, two durable
 * commits a line); a release run (TEST_DEPTH=release) the 10,000 lines.
 */
const SCREENS_DIR = process.env.SCREENS_DIR ?? 'test/artifacts/e2e/sheets-in';
const SKUS = 400;
const LINES = RUN.release ? 10_000 : 2_000;
const READY = LINES - 12;
/** A count as the desk writes it (en-GB: 10,000). */
const shown = (n: number): string => n.toLocaleString('en-GB');

test.use({ deskOptions: { demoSandbox: { demo: { skus: SKUS, shipments: 5 }, rateLimit: false } } });

async function deskCall<T>(page: Page, fn: (desk: DeskApi) => Promise<{ ok: boolean; value?: T }>): Promise<T> {
  const r = (await page.evaluate(`(${fn.toString()})(globalThis.desk)`)) as { ok: boolean; value?: T; error?: unknown };
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value as T;
}

/** The sheet, and the file line (header = 1) of each mistake. */
function bigSheet(warehouse: string): { text: string; mistakes: number[] } {
  const rows: string[] = [];
  const mistakes: number[] = [];
  // Where each mistake sits in a 10,000-line sheet, moved to the same place in a shorter one.
  const at = (line: number): number => Math.floor((line * LINES) / 10_000);
  const broken: Record<number, (sku: string) => string> = {
    [at(100)]: () => `WD-999991;${warehouse};3;Wareneingang;row 100`,
    [at(900)]: (sku) => `${sku};${warehouse};"1,5";Wareneingang;row 900`,
    [at(1700)]: (sku) => `${sku};NOWHERE;2;Wareneingang;row 1700`,
    [at(2500)]: (sku) => `${sku};${warehouse};2;stolen;row 2500`,
    [at(3300)]: (sku) => `${sku};${warehouse};0;Wareneingang;row 3300`,
    [at(4100)]: () => rows[3]!, // line 5 again, word for word
    [at(4900)]: () => `WD-999992;${warehouse};3;Wareneingang;row 4900`,
    [at(5700)]: (sku) => `${sku};${warehouse};zwei;Wareneingang;row 5700`,
    [at(6500)]: (sku) => `${sku};LAGER-X;2;Wareneingang;row 6500`,
    [at(7300)]: (sku) => `${sku};${warehouse};2;;row 7300`,
    [at(8100)]: (sku) => `${sku};${warehouse};0,0;Wareneingang;row 8100`,
    [at(9999)]: () => rows[9]!, // line 11 again
  };
  for (let i = 0; i < LINES; i++) {
    const sku = `WD-${String(1 + (i % SKUS)).padStart(6, '0')}`;
    const bad = broken[i];
    if (bad) mistakes.push(i + 2);
    // Notes quoted, one with the separator inside: as Excel writes them.
    rows.push(bad ? bad(sku) : `${sku};${warehouse};${1 + (i % 5)};${i % 2 === 0 ? 'Wareneingang' : 'found'};"row ${i}; bay ${i % 40}"`);
  }
  return { text: `\uFEFFArtikel;Lager;Menge;Grund;Bemerkung\r\n${rows.join('\r\n')}\r\n`, mistakes };
}

function booked(dbPath: string): { total: number; notes: number } {
  const db = new Database(dbPath, { readonly: true });
  try {
    return db.prepare("SELECT COUNT(*) AS total, COUNT(DISTINCT note) AS notes FROM adjustments WHERE note LIKE 'Sheet big-sheet.csv, line %'").get() as { total: number; notes: number };
  } finally {
    db.close();
  }
}

test(`a ${shown(LINES)}-line sheet with 12 mistakes: each reported with its line, the rest booked exactly once, the same file refused`, async ({ page, desk }) => {
  test.setTimeout(600_000);
  await openDesk(page, desk);
  await expect(page.getByTestId('sync')).toHaveText(/Synced/, { timeout: 60_000 });
  const warehouse = (await deskCall(page, (d) => d.warehouses.list()) as Array<{ code: string }>)[0]!.code;
  const { text, mistakes } = bigSheet(warehouse);
  expect(mistakes).toHaveLength(12);
  const file = { name: 'big-sheet.csv', mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') };

  await page.keyboard.press('F2');
  await page.getByTestId('sheets-in-open').click();
  const dialog = page.getByTestId('sheets-in');
  await page.setViewportSize({ width: 1280, height: 800 });
  await restMouse(page);
  await takeScreenshot(page, { path: `${SCREENS_DIR}/choose-1280x800.png` });
  await dialog.getByTestId('sheet-file').setInputFiles(file);
  await expect(dialog.getByTestId('sheet-summary')).toContainText(`${shown(LINES)} lines: ${shown(READY)} ready`, { timeout: 120_000 });

  // Problems first, each with its line number.
  const problems = dialog.getByTestId('sheet-problem');
  await expect(problems).toHaveCount(12);
  expect(await problems.locator('td:first-child').allTextContents()).toEqual(mistakes.map(String));
  await expect(problems.nth(0)).toContainText('Not a SKU this desk knows');
  await expect(problems.nth(1)).toContainText('The change is not a whole number');
  await expect(problems.nth(5)).toContainText('Repeats line 5');
  expect(await seriousA11yProblems(page, '[data-testid="sheets-in"]')).toEqual([]);
  for (const size of [{ width: 1280, height: 800 }, { width: 1024, height: 700 }]) {
    await page.setViewportSize(size);
    await restMouse(page);
    await takeScreenshot(page, { path: `${SCREENS_DIR}/preview-${size.width}x${size.height}.png` });
  }

  // The window answers while the core books the ready lines: the bar moves, the dialog scrolls.
  await dialog.getByTestId('sheet-apply').click();
  await expect(dialog.getByTestId('sheet-done')).toContainText(`${shown(READY)} changes queued`, { timeout: 120_000 });
  await takeScreenshot(page, { path: `${SCREENS_DIR}/done-1024x700.png` });

  const dbPath = desk.core.sandbox()!.dbPath;
  await expect.poll(() => booked(dbPath).total, { timeout: 400_000, intervals: [2_000] }).toBe(READY);
  expect(booked(dbPath).notes).toBe(READY);

  // The same file again: the preview says when it was applied, and nothing can be booked.
  await dialog.getByRole('button', { name: 'Another sheet' }).click();
  await dialog.getByTestId('sheet-file').setInputFiles({ ...file, name: 'big-sheet (copy).csv' });
  await expect(dialog.getByTestId('sheet-already')).toContainText('already applied', { timeout: 120_000 });
  await expect(dialog.getByTestId('sheet-apply')).toBeDisabled();
  await page.setViewportSize({ width: 1280, height: 800 });
  await restMouse(page);
  await takeScreenshot(page, { path: `${SCREENS_DIR}/already-1280x800.png` });
  expect(booked(dbPath).total).toBe(READY);
});
