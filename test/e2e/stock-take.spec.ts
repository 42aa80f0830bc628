import { mkdir } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import type { DeskApi } from '../../src/shared/ipc/desk-api';
import { expect, test } from './support/harness-fixture';
import { inBothSchemes, openDesk, restMouse, seriousA11yProblems } from './support/page-helpers';
import { takeScreenshot } from './support/screenshot';
import { lookLanguages } from '../support/run-depth';
import { RUN } from '../support/node-run-depth';

/**
 * A stock-take the worker can trust: every way into Count leaves the desk ready to count a scan
 * (never typing it into the typed count's field); the review names a line that waits for a
 * transfer not yet booked and the zone SKUs nobody counted; a submission with a large change asks
 * first, on the safe button. The changed screens are saved to SCREENS_DIR (docs/screens/count to
 * refresh the committed shots) at 1280x800 and 1024x700, light and dark, in English and German or
 * Polish (drawn each run; both in a release run).
 */
const SCREENS_DIR = process.env.SCREENS_DIR ?? 'test/artifacts/e2e/count';
const LANGUAGES = lookLanguages(RUN, 'stock-take screens', ['de', 'pl'] as const);

/** A scanner's burst where the focus happens to be: keys 4 ms apart, then Enter (no blur first). */
async function scannerBurst(page: Page, code: string): Promise<void> {
  await page.keyboard.type(code, { delay: 4 });
  await page.keyboard.press('Enter');
}

async function deskCall<T>(page: Page, fn: (desk: DeskApi) => Promise<{ ok: boolean; value?: T }>): Promise<T> {
  const r = (await page.evaluate(`(${fn.toString()})(globalThis.desk)`)) as { ok: boolean; value?: T; error?: unknown };
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value as T;
}

const countedOf = (page: Page, sku: string): Locator => page.locator(`[data-testid="count-line"][data-sku="${sku}"] td.num`);

test('every way into Count takes the next scans as counts: F7, F1 then F7, the Scan screen’s way back, a reload with the count open, after a typed count', async ({ page, desk }) => {
  test.setTimeout(180_000);
  await openDesk(page, desk);
  await expect(page.getByTestId('sync')).toHaveText(/Synced/, { timeout: 60_000 });

  await page.keyboard.press('F7');
  await page.getByRole('button', { name: 'Start count' }).click();
  await expect(page.getByText('Scan the first item.')).toBeVisible();

  // Right after the start, and after F7 with the count open.
  await scannerBurst(page, 'WD-000106');
  await expect(countedOf(page, 'WD-000106')).toHaveText('1');
  await page.keyboard.press('F7');
  const ready = page.getByTestId('count-ready');
  await expect(ready).toBeFocused();
  await scannerBurst(page, 'WD-000106');
  await scannerBurst(page, 'WD-000107');
  await expect(countedOf(page, 'WD-000106')).toHaveText('2');
  await expect(countedOf(page, 'WD-000107')).toHaveText('1');
  await expect(page.getByTestId('count-ready-note')).toBeVisible();

  // F1: the Scan screen says a count is open; F7 goes back ready to count.
  await page.keyboard.press('F1');
  await expect(page.getByTestId('open-count-banner')).toContainText('A count is open at');
  await page.keyboard.press('F7');
  await expect(ready).toBeFocused();
  await scannerBurst(page, 'WD-000107');
  await expect(countedOf(page, 'WD-000107')).toHaveText('2');

  // The banner's way back.
  await page.keyboard.press('F1');
  await page.getByRole('button', { name: /Back to the count/ }).click();
  await expect(ready).toBeFocused();
  await scannerBurst(page, 'WD-000108');
  await expect(countedOf(page, 'WD-000108')).toHaveText('1');

  // A typed count, then the scanner again: the field gave the focus back.
  await page.getByLabel('SKU', { exact: true }).fill('WD-000109');
  await page.getByLabel('Counted').fill('4');
  await page.getByLabel('Counted').press('Enter');
  await expect(countedOf(page, 'WD-000109')).toHaveText('4');
  await expect(ready).toBeFocused();
  await scannerBurst(page, 'WD-000108');
  await expect(countedOf(page, 'WD-000108')).toHaveText('2');

  // The window reloaded with the count open (main keeps it), then F7.
  await page.reload();
  await expect(page.getByTestId('open-count-banner')).toBeVisible({ timeout: 30_000 });
  await page.keyboard.press('F7');
  await expect(page.getByTestId('count-line')).toHaveCount(4);
  await expect(ready).toBeFocused();
  await scannerBurst(page, 'WD-000106');
  await scannerBurst(page, 'WD-000107');
  await expect(countedOf(page, 'WD-000106')).toHaveText('3');
  await expect(countedOf(page, 'WD-000107')).toHaveText('3');
  await expect(page.getByLabel('SKU', { exact: true })).toHaveValue('');

  await deskCall(page, (d) => d.counts.abandon() as never);
});

test('the review names a transfer not yet booked and the SKUs not counted; a large change asks first, and Enter keeps the review', async ({ page, desk }) => {
  test.setTimeout(400_000);
  await openDesk(page, desk);
  await expect(page.getByTestId('sync')).toHaveText(/Synced/, { timeout: 60_000 });
  const warehouses = await deskCall<Array<{ id: string; code: string }>>(page, (d) => d.warehouses.list() as never);
  const [here, there] = [warehouses[0]!, warehouses[1]!];
  const barcode = await page.evaluate(async () => {
    const r = await (globalThis as unknown as { desk: DeskApi }).desk.stock.lookup({ code: 'WD-000201' });
    return r.ok && r.value.kind === 'stock' ? r.value.stock.barcodes[0]! : '';
  });
  expect(barcode).not.toBe('');

  // 5 moved here from the other warehouse: more than the service holds there, so it is refused.
  await page.evaluate(
    async ([to, from]) => {
      const d = (globalThis as unknown as { desk: DeskApi }).desk;
      const found = await d.stock.lookup({ code: 'WD-000202' });
      const held = found.ok && found.value.kind === 'stock' ? (found.value.stock.levels.find((l) => l.warehouseId === from)?.onHand ?? 0) : 0;
      await d.transfers.create({ sku: 'WD-000202', fromWarehouseId: from!, toWarehouseId: to!, quantity: held + 5 });
    },
    [here.id, there.id],
  );
  await expect.poll(async () => (await deskCall<Array<{ state: string }>>(page, (d) => d.transfers.list() as never))[0]?.state, { timeout: 30_000 }).toBe('out_refused');

  // A zone listed by barcode and by SKU.
  await page.keyboard.press('F7');
  await page.getByRole('combobox', { name: 'Warehouse' }).selectOption(here.id);
  await page.getByRole('radio', { name: /zone/ }).check();
  await page.getByLabel('SKUs or barcodes of the zone').fill(`${barcode}\nWD-000202\nWD-000203\nWD-000204\nWD-000205`);
  await page.getByRole('button', { name: 'Start count' }).click();
  await expect(page.getByText('Scan the first item.')).toBeVisible();
  await scannerBurst(page, barcode);
  await expect(countedOf(page, 'WD-000201')).toHaveText('1');
  for (const [sku, n] of [
    ['WD-000202', 40],
    ['WD-000203', 900],
  ] as const) {
    await page.getByLabel('SKU', { exact: true }).fill(sku);
    await page.getByLabel('Counted').fill(String(n));
    await page.getByLabel('Counted').press('Enter');
    await expect(countedOf(page, sku)).toHaveText(new Intl.NumberFormat('en').format(n));
  }

  await page.getByRole('button', { name: /^Review 3 lines/ }).click();
  await expect(page.getByTestId('review-line')).toHaveCount(5, { timeout: 30_000 });
  await expect(page.locator('[data-testid="review-wait"][data-sku="WD-000202"]')).toContainText(`moving in from`);
  await expect(page.locator('[data-testid="review-wait"][data-sku="WD-000202"]')).toContainText('refused by the service');
  await expect(page.locator('[data-testid="review-line"][data-decision="not_counted"]')).toHaveCount(2);
  await expect(page.getByTestId('review-not-counted-note')).toContainText('2 SKUs of the zone were not counted');
  await page.getByRole('button', { name: 'Accept all' }).click();
  await expect(page.locator('[data-testid="review-line"][data-decision="accepted"]')).toHaveCount(3, { timeout: 30_000 });
  expect(await seriousA11yProblems(page, 'main')).toEqual([]);
  const reviewShown = async () => {
    await expect(page.getByTestId('review-wait')).toBeVisible({ timeout: 30_000 });
  };
  await shots(page, 'count-review-waiting', reviewShown);

  // Submit asks: the number of lines, the largest change first; the focus on the safe button, so Enter keeps the review.
  await page.getByRole('button', { name: /^Submit \d+ adjustments?$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Submit this count?' });
  await expect(dialog).toBeVisible();
  // The two lines booked now, the larger change first (WD-000202 waits for its transfer).
  await expect(dialog.getByTestId('count-confirm-body')).toHaveText(/^This books 2 corrections at /);
  await expect(dialog.getByTestId('count-confirm-largest').locator('li')).toHaveCount(2);
  await expect(dialog.getByRole('button', { name: /Back to the review/ })).toBeFocused();
  expect(await seriousA11yProblems(page)).toEqual([]);
  await shots(page, 'count-confirm', async () => {
    await reviewShown();
    if (!(await page.getByRole('dialog').isVisible())) await page.getByTestId('count-submit').click();
    await expect(page.getByRole('dialog')).toBeVisible();
  });
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  expect((await deskCall<{ state: string; lines: Array<{ submittedAt: string | null }> }>(page, (d) => d.counts.current() as never)).lines.every((l) => l.submittedAt === null)).toBe(true);

  // Confirmed on purpose: the lines with nothing to wait for go; the transfer's line waits.
  await page.getByRole('button', { name: /^Submit \d+ adjustments?$/ }).click();
  await dialog.getByRole('button', { name: /^Submit/ }).click();
  await expect.poll(async () => (await deskCall<{ lines: Array<{ sku: string; submittedAt: string | null }> }>(page, (d) => d.counts.current() as never)).lines.filter((l) => l.submittedAt !== null).map((l) => l.sku).sort(), { timeout: 30_000 }).toEqual(['WD-000201', 'WD-000203']);
  await expect(page.locator('[data-testid="review-wait"][data-sku="WD-000202"]')).toBeVisible({ timeout: 30_000 });
});

async function leaveDialog(page: Page): Promise<void> {
  if (await page.getByRole('dialog').isVisible()) await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/** Chooses the desk's language in Settings (F5), as a worker does, and comes back to Count (F7). */
async function chooseLanguage(page: Page, language: string): Promise<void> {
  await page.keyboard.press('F5');
  await page.getByTestId('language').selectOption(language);
  await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${language}`));
  await page.keyboard.press('F7');
}

/** The current screen at both sizes, light and dark, in this run's languages; `settle` brings it back after the language change. */
async function shots(page: Page, name: string, settle: () => Promise<void>): Promise<void> {
  await mkdir(SCREENS_DIR, { recursive: true });
  for (const language of LANGUAGES) {
    await leaveDialog(page);
    await chooseLanguage(page, language);
    await settle();
    await inBothSchemes(page, async (colorScheme) => {
      for (const size of [
        { width: 1280, height: 800 },
        { width: 1024, height: 700 },
      ]) {
        await page.setViewportSize(size);
        await restMouse(page);
        await takeScreenshot(page, { path: `${SCREENS_DIR}/${name}-${size.width}x${size.height}-${colorScheme}-${language}.png` });
      }
    });
  }
  await leaveDialog(page);
  await chooseLanguage(page, 'en');
  await settle();
  await page.setViewportSize({ width: 1280, height: 800 });
}
