import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { DeskApi } from '../../src/shared/ipc/desk-api';
import { expect, test } from './support/harness-fixture';
import { restMouse, seriousA11yProblems, showShipmentsWithStatus } from './support/page-helpers';
import { takeScreenshot } from './support/screenshot';
import { lookLanguages } from '../support/run-depth';
import { RUN } from '../support/node-run-depth';

/**
 * The screens whose words changed so a worker reads what is true: the Outbox's refused row (Retry,
 * Discard, Seen; no codes), a cancelled shipment (its reference first, the shp_ code small and
 * copyable) and its print dialog (the warning before printing, 100 x 150 mm chosen). In English
 * and German or Polish (drawn each run; both in a release run), light and dark, at 1280x800 and 1024x700, each axe clean. Saved to
 * test/artifacts/e2e/plain-words (git-ignored); SCREENS_DIR=docs/screens/plain-words refreshes the
 * committed shots.
 */
const ROOT = join(import.meta.dirname, '..', '..');
const SCREENS_DIR = join(ROOT, process.env['SCREENS_DIR'] ?? 'test/artifacts/e2e/plain-words');
const SIZES = [
  { width: 1280, height: 800 },
  { width: 1024, height: 700 },
] as const;
const LOCALES = { en: 'en-GB', de: 'de-DE', pl: 'pl-PL' } as const;
const LANGUAGES = lookLanguages(RUN, 'plain words screens', ['de', 'pl'] as const).map((lang) => ({ lang, locale: LOCALES[lang] }));

for (const { lang, locale } of LANGUAGES) {
  test.describe(`${lang}: plain words`, () => {
    test.use({ locale });

    test(`${lang}: outbox refusal, cancelled shipment and its label dialog`, async ({ page, desk }) => {
      test.setTimeout(300_000);
      mkdirSync(SCREENS_DIR, { recursive: true });
      await page.setViewportSize(SIZES[0]);
      await page.goto(desk.url);
      const connectivity = page.getByTestId('connectivity');
      await expect(connectivity).not.toHaveClass(/unknown|offline/, { timeout: 30_000 });

      // A removal of more than there is: refused by the service, kept in the outbox.
      await page.evaluate(async () => {
        const d = (globalThis as unknown as { desk: DeskApi }).desk;
        const warehouses = await d.warehouses.list();
        if (!warehouses.ok) throw new Error('no warehouses');
        await d.stock.adjust({ sku: 'WD-000043', warehouseId: warehouses.value[0]!.id, delta: -999_999, reason: 'damaged' });
      });

      const shoot = async (name: string): Promise<void> => {
        for (const colorScheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme });
          for (const size of SIZES) {
            await page.setViewportSize(size);
            await restMouse(page);
            await takeScreenshot(page, { path: join(SCREENS_DIR, `${lang}-${name}-${size.width}x${size.height}-${colorScheme}.png`) });
          }
        }
        await page.setViewportSize(SIZES[0]);
        expect(await seriousA11yProblems(page)).toEqual([]);
      };

      await page.keyboard.press('F4');
      // The refusal may arrive after the Outbox opened on what waits: show the refusals.
      await expect(page.locator('tr[data-testid="outbox-row"][data-state="rejected"], #outbox-filter-rejected .n:text("1")').first()).toBeVisible({ timeout: 30_000 });
      await page.locator('#outbox-filter-rejected').click();
      const refused = page.locator('tr[data-testid="outbox-row"][data-state="rejected"]').first();
      await expect(refused).toBeVisible({ timeout: 30_000 });
      await expect(refused.getByRole('button')).toHaveCount(3); // Retry (the stock may arrive), Discard, Seen
      await shoot('outbox-refused');

      await page.keyboard.press('F3');
      const table = await showShipmentsWithStatus(page, 'cancelled');
      await table.locator('tbody tr').first().getByRole('button').first().click();
      const detail = page.getByTestId('shipment-detail');
      await expect(detail).toBeVisible();
      await expect(detail.getByRole('heading', { level: 2 })).not.toContainText('shp_');
      await expect(detail.locator('.token')).toHaveText(/^shp_/);
      await shoot('shipment-cancelled');

      // Green index, transit time, then the label.
      await detail.locator('.card.actions .btn-row').first().locator('button').nth(2).click();
      const dialog = page.getByTestId('print-labels');
      await expect(dialog).toBeVisible();
      await expect(dialog.getByTestId('print-cancelled')).toBeVisible();
      await expect(dialog.locator('input[type=radio][value="100x150"]')).toBeChecked();
      await expect(dialog.getByTestId('label-preview-image')).toBeVisible();
      await shoot('print-cancelled');
    });
  });
}
