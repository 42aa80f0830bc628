import type { Page } from '@playwright/test';
import { expect, test } from './support/harness-fixture';
import { openDesk, scanCode } from './support/page-helpers';

/**
 * Issue 13, the points the first round left open: each test names the point it guards. One desk
 * for the file.
 */

test.describe.configure({ mode: 'serial' });

async function scan(page: Page, code: string): Promise<void> {
  await scanCode(page, code);
  await expect(page.getByTestId('answer-card').getByRole('heading', { name: code, exact: true })).toBeVisible();
}

test('5. the stock list finds text inside a SKU, and the rows are one key from the filter', async ({ page, desk }) => {
  await openDesk(page, desk.url);
  await page.keyboard.press('F2');
  await page.keyboard.type('000042');
  await expect(page.getByTestId('stock-count')).toHaveText(/^\d+ items? containing “000042”/);
  const row = page.locator('[data-testid="stock-table"] tr.data').first();
  await expect(row).toContainText('WD-000042');
  // A word of the name still finds by its start.
  await page.getByTestId('stock-filter').fill('mailer');
  await expect(page.getByTestId('stock-count')).toHaveText(/items? matching “mailer”/);
  // Down from the filter lands on the first row, Enter opens it.
  await page.getByTestId('stock-filter').fill('000042');
  await expect(page.getByTestId('stock-count')).toHaveText(/items? containing “000042”/);
  await page.keyboard.press('ArrowDown');
  await expect(row).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('stock-detail')).toBeVisible();
});

test('9. a stock list row shows what is booked here but not sent yet', async ({ page, desk }) => {
  test.setTimeout(120_000);
  await openDesk(page, desk.url);
  try {
    await desk.setFaults({ unreachable: true });
    await scan(page, 'WD-000901');
    await page.getByRole('radio', { name: 'Add' }).check();
    await page.getByRole('combobox', { name: 'Reason', exact: true }).selectOption({ label: 'Received' });
    await page.getByLabel('Quantity to add').fill('7');
    await page.keyboard.press('Enter');
    await expect(page.locator('[data-testid^="adjustment-"]').first()).toHaveAttribute('data-state', /queued|sending/, { timeout: 20_000 });
    await page.keyboard.press('F2');
    await page.keyboard.type('WD-000901');
    await expect(page.getByTestId('stock-count')).toHaveText(/^1 item/);
    await expect(page.locator('[data-testid="stock-table"] tr.data').first().getByTestId('row-pending')).toHaveText('+7 waiting to send');
  } finally {
    await desk.setFaults({ unreachable: false });
  }
  // Once sent, the note goes.
  await expect(page.getByTestId('row-pending')).toHaveCount(0, { timeout: 60_000 });
});
