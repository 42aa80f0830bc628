import { expect, test } from './support/harness-fixture';
import { inBothSchemes, openDesk, scanCode, seriousA11yProblems, typeIntoScreen } from './support/page-helpers';

/**
 * The everyday screens (a stock row's panel, a removal's confirmation and refusal, Settings, the
 * desk offline), at 1280x800 and 1024x700, light and dark, saved to
 * test/artifacts/e2e/everyday-<screen>-<size>-<scheme>.png to be looked at, each with the axe
 * audit (no serious or critical finding) in both schemes. The flow is walked once: each screen is
 * shot in light and dark where it stands. The screens with committed baselines are compared in
 * screenshots.spec.ts.
 */

const SIZES = [
  { width: 1280, height: 800 },
  { width: 1024, height: 700 },
] as const;

test('everyday screens, light and dark', async ({ page, desk }) => {
  test.setTimeout(180_000);
  await page.emulateMedia({ colorScheme: 'light' });
  await openDesk(page, desk);
  const shotAll = async (name: string) => {
    await inBothSchemes(page, async (scheme) => {
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await desk.screenshot(page, `everyday-${name}-${size.width}x${size.height}-${scheme}`);
      }
      await page.setViewportSize(SIZES[0]);
      expect(await seriousA11yProblems(page)).toEqual([]);
    });
  };

  // The stock list with a row's panel open: the per-warehouse table and the adjust form.
  await typeIntoScreen(page, 'F2', 'WD-000042');
  await expect(page.getByTestId('stock-count')).toHaveText(/^1 item/);
  await page.locator('[data-testid="stock-table"] tr.data').first().click();
  await expect(page.getByTestId('stock-detail').getByRole('combobox', { name: 'Warehouse', exact: true })).toBeVisible();
  await shotAll('stock-detail');

  // The scan answer with a refusal in words.
  await page.keyboard.press('F1');
  await scanCode(page, 'WD-000043');
  const card = page.getByTestId('answer-card');
  await expect(card.getByRole('heading', { name: 'WD-000043', exact: true })).toBeVisible();
  await page.getByRole('radio', { name: 'Remove' }).check();
  await page.getByRole('combobox', { name: 'Reason', exact: true }).selectOption({ label: 'Damaged' });
  await page.getByLabel('Quantity to remove').fill('99999');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
  await shotAll('scan-remove-confirm');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-testid^="adjustment-"]').first()).toHaveAttribute('data-state', 'rejected', { timeout: 20_000 });
  await shotAll('scan-refused');

  await page.keyboard.press('F5');
  await shotAll('settings');

  // Offline: the band over the screens and the scan box's word.
  try {
    await desk.setFaults({ unreachable: true });
    await page.keyboard.press('F1');
    await scanCode(page, 'WD-000044');
    await expect(page.getByTestId('offline-banner')).toBeVisible({ timeout: 30_000 });
    await shotAll('scan-offline');
    await page.keyboard.press('F4');
    await shotAll('outbox-offline');
  } finally {
    await desk.setFaults({ unreachable: false });
  }
  await expect(page.getByTestId('offline-banner')).toHaveCount(0, { timeout: 60_000 });
});
