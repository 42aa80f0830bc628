import type { Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { expect, test } from './support/harness-fixture';
import { generousScanner, inBothSchemes, restMouse, seriousA11yProblems } from './support/page-helpers';
import { takeScreenshot } from './support/screenshot';
import { lookLanguages } from '../support/run-depth';
import { RUN } from '../support/node-run-depth';

/**
 * The adjust and transfer panels and their confirmations at 1280x800 and 1024x700, light and
 * dark, in English and German or Polish (drawn each run; both in a release run), saved as <lang>-<scene>-<size>-<scheme>.png to be looked
 * at, each confirmation with the axe audit in both schemes. Each language walks the steps once
 * and shoots every scene in light and dark where it stands. Every label is reached by its place,
 * not its words, so the same steps run in every language.
 * SCREENS_DIR=docs/screens/adjust-transfer refreshes the committed shots.
 */
const SCREENS_DIR = process.env.SCREENS_DIR ?? 'test/artifacts/e2e/adjust-transfer';
const SIZES = [
  { width: 1280, height: 800 },
  { width: 1024, height: 700 },
] as const;
const LOCALES = { en: 'en-GB', de: 'de-DE', pl: 'pl-PL' } as const;

/** Typed into the scan box (the words around it differ by language; its place does not). */
async function lookUp(page: Page, sku: string): Promise<void> {
  await page.keyboard.press('F1');
  const box = page.locator('.scan-head input').first();
  await box.fill(sku);
  await box.press('Enter');
  await expect(page.getByTestId('answer-card').getByRole('heading', { name: sku, exact: true })).toBeVisible();
}

/** SKUs whose every stocked warehouse holds 120 or more, so each shot's move of 100 from the first of them goes through (the file's tests share one sandbox). */
function stockedSkus(dbPath: string): string[] {
  const db = new Database(dbPath, { readonly: true });
  try {
    const rows = db.prepare("SELECT p.sku AS sku FROM stock_levels s JOIN products p ON p.seq = s.product_seq WHERE p.sku LIKE 'WD-%' GROUP BY p.seq HAVING min(CASE WHEN s.on_hand > 0 THEN s.on_hand END) >= 120 ORDER BY p.sku LIMIT 40").all() as { sku: string }[];
    return rows.map((r) => r.sku);
  } finally {
    db.close();
  }
}

let run = 0;
for (const lang of lookLanguages(RUN, 'adjust and transfer screens', ['de', 'pl'] as const)) {
  const locale = LOCALES[lang];
  test.describe(lang, () => {
    test.use({ locale });
    test(`adjust and transfer screens, light and dark (${lang})`, async ({ page, desk }) => {
      test.setTimeout(300_000);
      await page.emulateMedia({ colorScheme: 'light' });
      const skus = stockedSkus(desk.core.sandbox()!.dbPath);
      const first = 2 * run++ + 4;
      await page.setViewportSize(SIZES[0]);
      await generousScanner(desk);
      await page.goto(desk.url);
      // Online (the status bar's item is neither "unknown" nor "offline"): a lookup then asks the service.
      await expect(page.getByTestId('connectivity')).not.toHaveClass(/unknown|offline/, { timeout: 30_000 });
      const shot = async (scene: string, size: { width: number; height: number }, audit = false) => {
        await restMouse(page);
        await inBothSchemes(page, async (scheme) => {
          await takeScreenshot(page, { path: `${SCREENS_DIR}/${lang}-${scene}-${size.width}x${size.height}-${scheme}.png` });
          if (audit) expect(await seriousA11yProblems(page)).toEqual([]);
        });
      };
      for (const [i, size] of SIZES.entries()) {
        await page.setViewportSize(size);
        // The adjust form of a fresh product: Remove 60, Damaged, then the confirmation (it opens on its safe choice).
        await lookUp(page, skus[first + i]!);
        const form = page.locator('form.adjust');
        await form.locator('input[name="adjust-mode"][value="remove"]').check();
        await form.locator('select').nth(1).selectOption('damaged');
        await form.locator('#adjust-qty').fill('60');
        await form.locator('#adjust-qty').focus();
        await shot('adjust', size);
        // Scrolled to the foot of the page, Alt+A brings the quantity into view below the scan bar, not under it.
        await page.mouse.wheel(0, 3000);
        await page.keyboard.press('Alt+A');
        await expect(form.locator('#adjust-qty')).toBeFocused();
        const { field, bar } = await page.evaluate(() => {
          const d = (globalThis as unknown as { document: { querySelector: (s: string) => { getBoundingClientRect: () => { top: number; bottom: number } } } }).document;
          return { field: d.querySelector('#adjust-qty').getBoundingClientRect().top, bar: d.querySelector('.scan-head').getBoundingClientRect().bottom };
        });
        expect(field).toBeGreaterThanOrEqual(bar);
        await page.keyboard.press('Enter');
        await expect(page.getByRole('dialog')).toBeVisible();
        await shot('adjust-confirm', size, size === SIZES[0]);
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toHaveCount(0);

        // The transfer form filled in, its quantity focused (in view below the scan bar), then its confirmation.
        const move = page.getByTestId('transfer-form');
        await move.locator('select').nth(1).selectOption({ index: 1 });
        await move.locator('input').fill('100');
        await move.locator('input').focus();
        await shot('transfer', size);
        await page.keyboard.press('Enter');
        await expect(page.getByRole('dialog')).toBeVisible();
        await shot('transfer-confirm', size, size === SIZES[0]);
        // Confirmed (Tab to the confirm button, Enter), the move lists with its Undo; Undo asks.
        await page.keyboard.press('Tab');
        await page.keyboard.press('Enter');
        await expect(page.getByRole('dialog')).toHaveCount(0);
        const undo = page.locator('section.transfer li').first().getByRole('button');
        await expect(undo).toBeVisible({ timeout: 20_000 });
        await undo.click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await shot('undo-confirm', size, size === SIZES[0]);
        await page.keyboard.press('Escape');
      }
    });
  });
}
