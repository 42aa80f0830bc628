import type { Page } from '@playwright/test';
import { expect, test } from './support/harness-fixture';
import { BLUR_FOCUS, generousScanner } from './support/page-helpers';

/**
 * A screenshot of each of these screens in light and dark, at the desk's 1280x800, saved to
 * test/artifacts/e2e/<screen>-<scheme>.png to be looked at (the Stock and Shipments screens have
 * their own in their specs).
 */
const dir = 'test/artifacts/e2e';

async function shot(page: Page, name: string, scheme: string): Promise<void> {
  await page.screenshot({ path: `${dir}/${name}-${scheme}.png` });
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`screenshots (${colorScheme})`, async ({ page, desk }) => {
    test.setTimeout(120_000);
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' }); // no flash: audits and shots see the resting state
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(desk.url);
    await generousScanner(page);
    await expect(page.getByTestId('sync')).toHaveText(/Synced/, { timeout: 60_000 });
    await shot(page, 'scan-empty', colorScheme);

    await page.evaluate(BLUR_FOCUS);
    await page.keyboard.type('WD-000042');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('answer-card')).toHaveAttribute('data-kind', 'stock');
    // the cached answer first, then the service's fresh copy replaces it in place
    await expect(page.getByTestId('answer-card').getByText('live', { exact: true })).toBeVisible({ timeout: 15_000 });
    await shot(page, 'scan-found', colorScheme);

    // The adjust confirmation over the card.
    await page.getByRole('radio', { name: 'Remove' }).check();
    await page.getByRole('combobox', { name: 'Reason', exact: true }).selectOption({ label: 'Damaged' });
    await page.getByLabel('Quantity to remove').fill('60');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toBeVisible();
    await shot(page, 'scan-adjust-confirm', colorScheme);
    await page.keyboard.press('Escape');

    await page.getByRole('radio', { name: 'Add' }).check();
    await page.getByRole('combobox', { name: 'Reason', exact: true }).selectOption({ label: 'Received' });
    await page.getByLabel('Quantity to add').fill('12');
    await page.keyboard.press('Enter');
    await expect(page.locator('[data-testid^="adjustment-"]').first()).toHaveAttribute('data-state', 'applied', { timeout: 20_000 });
    await shot(page, 'scan-adjusted', colorScheme);

    await page.evaluate(BLUR_FOCUS);
    await page.keyboard.type('WD-999996');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('answer-card')).toHaveAttribute('data-kind', 'not_found');
    await shot(page, 'scan-not-found', colorScheme);

    await page.keyboard.press('F4');
    await page.getByRole('tab', { name: /All/ }).click();
    await shot(page, 'outbox', colorScheme);

    await page.keyboard.press('F5');
    await expect(page.getByTestId('account-status')).toBeVisible();
    await shot(page, 'settings', colorScheme);

    // Offline: the status bar and the answer card say so.
    await desk.setFaults({ unreachable: true });
    await page.keyboard.press('F1');
    await page.evaluate(BLUR_FOCUS);
    await page.keyboard.type('WD-000042');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('connectivity')).toHaveText(/Offline/, { timeout: 30_000 });
    await page.evaluate(BLUR_FOCUS);
    await page.keyboard.type('WD-000042');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('answer-card').getByText('offline', { exact: true })).toBeVisible();
    await shot(page, 'scan-offline', colorScheme);
    await desk.setFaults({ unreachable: false });
  });
}
