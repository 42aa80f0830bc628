import { expect, test } from './support/harness-fixture';
import { matchBaseline } from './support/baseline';
import { openDesk, scanCode } from './support/page-helpers';

/**
 * A screenshot of each of these screens in light and dark, at the desk's 1280x800, saved to
 * test/artifacts/e2e/<screen>-<scheme>.png to be looked at and compared with the committed
 * baseline in test/e2e/baselines/ (support/baseline.ts; the Stock and Shipments specs compare
 * theirs the same way). Clock times and ages are masked; everything else on the screen must match.
 *
 * Both schemes share one harness, and the light run ends offline: every wait below is on the
 * state the next step needs (main online again, the answer refreshed, the list loaded), never on
 * time, so a loaded machine only makes it slower.
 */

for (const colorScheme of ['light', 'dark'] as const) {
  test(`screenshots (${colorScheme})`, async ({ page, desk }) => {
    test.setTimeout(120_000);
    const shot = (name: string) => matchBaseline(page, desk, `${name}-${colorScheme}`);
    await page.emulateMedia({ colorScheme });
    // Online in main (not only a page that loaded): lookups refresh from the service only then.
    await openDesk(page, desk);
    await expect(page.getByTestId('sync')).toHaveText(/Synced/, { timeout: 60_000 });
    await shot('scan-empty');

    await scanCode(page, 'WD-000042');
    const card = page.getByTestId('answer-card');
    await expect(card).toHaveAttribute('data-kind', 'stock');
    await expect(card.getByRole('heading', { name: 'WD-000042', exact: true })).toBeVisible();
    // The cached answer first, then the service's fresh copy replaces it in place.
    await expect(card.getByText('up to date', { exact: true })).toBeVisible({ timeout: 15_000 });
    await shot('scan-found');

    // The adjust confirmation over the card.
    await page.getByRole('radio', { name: 'Remove' }).check();
    await page.getByRole('combobox', { name: 'Reason', exact: true }).selectOption({ label: 'Damaged' });
    await page.getByLabel('Quantity to remove').fill('60');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toBeVisible();
    await shot('scan-adjust-confirm');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.getByRole('radio', { name: 'Add' }).check();
    await page.getByRole('combobox', { name: 'Reason', exact: true }).selectOption({ label: 'Received' });
    await page.getByLabel('Quantity to add').fill('12');
    await page.keyboard.press('Enter');
    await expect(page.locator('[data-testid^="adjustment-"]').first()).toHaveAttribute('data-state', 'applied', { timeout: 20_000 });
    await shot('scan-adjusted');

    await scanCode(page, 'WD-999996');
    await expect(card).toHaveAttribute('data-kind', 'not_found');
    await expect(card.getByRole('heading', { name: 'WD-999996', exact: true })).toBeVisible();
    await shot('scan-not-found');

    await page.keyboard.press('F4');
    await page.getByRole('tab', { name: /All/ }).click();
    await expect(page.getByRole('tab', { name: /All/ })).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator('table.entries tbody tr').first()).toBeVisible();
    await shot('outbox');

    await page.keyboard.press('F5');
    await expect(page.getByTestId('account-status')).toContainText('Demo mode');
    await shot('settings');

    // A shipment's detail scrolled to its cards (the shipments spec shoots its top): ORD-100003
    // is a delivered scope 2 shipment with a tracking number in the demo data.
    await page.keyboard.press('F3');
    await page.getByTestId('shipments-reference').fill('ORD-100003');
    await page.getByRole('button', { name: /^Open shipment ORD-100003\b/ }).click();
    const detail = page.getByTestId('shipment-detail');
    await expect(detail.getByRole('region', { name: 'Shipping' })).toContainText('Booked with the carrier directly');
    await detail.getByRole('region', { name: /^Parcels/ }).scrollIntoViewIfNeeded();
    await shot('shipment-detail-cards');

    // Offline: the status bar and the answer card say so. The first lookup's refresh is the
    // request that fails; the second answer is the one given while main knows it is offline.
    // Each scheme scans its own SKU here: the harness is shared, and a SKU the other run refreshed
    // moments ago may not be asked of the service again, so no request would fail.
    const offlineSku = colorScheme === 'light' ? 'WD-000042' : 'WD-000043';
    await desk.setFaults({ unreachable: true });
    try {
      await page.keyboard.press('F1');
      // A sync is a request that must fail now, whatever the lookups had to ask.
      await page.getByRole('button', { name: 'Sync now' }).click();
      await scanCode(page, offlineSku);
      await expect(page.getByTestId('connectivity')).toHaveText(/Offline/, { timeout: 30_000 });
      await scanCode(page, offlineSku);
      // Four answers by now (found, not found, and these two): the second offline one is on the card.
      await expect(page.getByRole('region', { name: 'Recent scans' }).getByRole('listitem')).toHaveCount(4);
      await expect(card.getByText('offline', { exact: true })).toBeVisible();
      // Saved to be looked at, not compared: what the offline card shows around the masks still
      // varies from run to run (the failed sync's words, the queued state), which is not yet pinned down.
      await desk.screenshot(page, `scan-offline-${colorScheme}`);
    } finally {
      await desk.setFaults({ unreachable: false });
    }
    // Leave the shared harness as this test found it: main online again (its probe hears it).
    await expect(page.getByTestId('connectivity')).toHaveText(/Online/, { timeout: 30_000 });
  });
}
