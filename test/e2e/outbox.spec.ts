import type { Page } from '@playwright/test';
import { expect, test } from './support/harness-fixture';
import { openDesk, scanCode } from './support/page-helpers';

async function scanAndQueue(page: Page, code: string, delta: number): Promise<void> {
  await scanCode(page, code);
  await expect(page.getByTestId('answer-card').getByRole('heading', { name: code, exact: true })).toBeVisible();
  await page.getByRole('radio', { name: delta > 0 ? 'Add' : 'Remove' }).check();
  await page.getByRole('combobox', { name: 'Reason', exact: true }).selectOption('other');
  await page.getByLabel(delta > 0 ? 'Quantity to add' : 'Quantity to remove').fill(String(Math.abs(delta)));
  await page.keyboard.press('Enter');
}

test('outbox: pending while offline, discard after a confirmation, history by state', async ({ page, desk }) => {
  test.setTimeout(120_000);
  await openDesk(page, desk);
  // Offline, only the cache answers: let the first sync fill it.
  await expect(page.getByTestId('sync')).toHaveText(/Synced/, { timeout: 60_000 });
  await desk.setFaults({ unreachable: true });
  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect(page.getByTestId('connectivity')).toHaveText(/Offline/, { timeout: 30_000 });

  await scanAndQueue(page, 'WD-000201', 4);
  await scanAndQueue(page, 'WD-000202', -2);
  await expect(page.getByTestId('pending-count')).toHaveText(/2 waiting to send/);
  await page.getByTestId('pending-count').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible();
  const rows = page.locator('[data-testid="outbox-row"]');
  await expect(rows).toHaveCount(2);

  await page.getByRole('button', { name: 'Discard −2 WD-000202' }).click();
  await expect(page.getByRole('dialog', { name: 'Discard this adjustment?' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(rows).toHaveCount(2);
  await page.getByRole('button', { name: 'Discard −2 WD-000202' }).click();
  // Discarding is destructive: Enter keeps it; confirming takes Tab to the Discard button first.
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(rows).toHaveCount(2);
  await page.getByRole('button', { name: 'Discard −2 WD-000202' }).click();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(rows).toHaveCount(1);
  await page.getByRole('tab', { name: /Discarded/ }).click();
  await expect(rows.filter({ hasText: 'WD-000202' })).toHaveCount(1);

  await desk.setFaults({ unreachable: false });
  await page.getByRole('tab', { name: /Applied/ }).click();
  await expect(rows.filter({ hasText: 'WD-000201' })).toHaveCount(1, { timeout: 60_000 });
  await expect(page.getByTestId('pending-count')).toHaveText(/Nothing waiting to send/);
});
