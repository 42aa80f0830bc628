import type { Page } from '@playwright/test';
import { expect, test } from './support/harness-fixture';
import { openDesk, shootAtSizesInBothSchemes, typeIntoScreen } from './support/page-helpers';

/**
 * A desk's day (the warehouse question of a fresh desk, an empty new shipment sent, a booked change,
 * a change waiting while offline on Scan, Stock and Outbox, a shipment's green index and cancel
 * dialog, the journal, Settings), at 1280x800 and 1024x700, light and dark, saved as
 * day-<screen>-<size>-<scheme>.png to be looked at, each with the axe audit in both schemes. The
 * day is walked once: each screen is shot in light and dark where it stands.
 * SHOTS=<comma-separated names> takes only those (while working on one screen).
 */

// Written to test/artifacts (git-ignored) on every run; SCREENS_DIR=docs/screens/two-sizes refreshes the committed shots.
const SCREENS_DIR = process.env.SCREENS_DIR ?? 'test/artifacts/e2e/two-sizes';

const SIZES = [
  { width: 1280, height: 800 },
  { width: 1024, height: 700 },
] as const;
const ONLY = (process.env.SHOTS ?? '').split(',').filter(Boolean);

test("a desk's day screens, light and dark", async ({ page, desk }) => {
  test.setTimeout(300_000);
  await page.emulateMedia({ colorScheme: 'light' });
  await openDesk(page, desk);
  const shotAll = async (name: string, prepare?: () => Promise<void>) => {
    if (ONLY.length > 0 && !ONLY.includes(name)) return;
    await shootAtSizesInBothSchemes(page, SIZES, (size, scheme) => `${SCREENS_DIR}/day-${name}-${size.width}x${size.height}-${scheme}.png`, prepare);
  };

  // A fresh desk: the Scan screen asks once which warehouse it is in.
  await shotAll('scan-question', async () => {
    await page.keyboard.press('F1');
    await expect(page.getByTestId('desk-warehouse-question')).toBeVisible();
  });

  // The new-shipment form of that fresh desk, submitted empty.
  await shotAll('shipment-new-empty-submit', async () => {
    await openNewShipment(page);
    await page.getByRole('button', { name: 'Create shipment' }).click();
    await expect(page.getByTestId('create-errors')).toBeVisible();
  });

  // The scan screen after a booked change: the warehouse table and the verdict in view.
  await shotAll('scan-sent', async () => {
    await page.keyboard.press('F1');
    await lookUp(page, 'WD-000041');
    await expect(page.getByTestId('answer-card').getByRole('heading', { name: 'WD-000041', exact: true })).toBeVisible();
    await lookUp(page, 'WD-000042');
    await expect(page.getByTestId('answer-card').getByRole('heading', { name: 'WD-000042', exact: true })).toBeVisible();
    await page.getByRole('radio', { name: 'Add' }).check();
    await page.getByRole('combobox', { name: 'Reason', exact: true }).selectOption({ label: 'Received' });
    await page.getByLabel('Quantity to add').fill('2');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('adjust-verdict')).toHaveAttribute('data-state', 'applied', { timeout: 20_000 });
    const ref = page.locator('[data-testid^="adjustment-"]').first().getByTestId('request-ref');
    await expect(ref).toBeAttached();
  });

  // Offline with a change waiting: the adjust preview and the stock list beside On hand.
  try {
    await desk.setFaults({ unreachable: true });
    await page.keyboard.press('F1');
    await lookUp(page, 'WD-000043');
    await expect(page.getByTestId('connectivity')).toHaveText(/Offline/, { timeout: 30_000 });
    await page.getByRole('radio', { name: 'Add' }).check();
    await page.getByRole('combobox', { name: 'Reason', exact: true }).selectOption({ label: 'Received' });
    await page.getByLabel('Quantity to add').fill('7');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('adjust-verdict')).toHaveAttribute('data-state', 'queued');
    await page.getByRole('radio', { name: 'Set count' }).check();
    await page.getByLabel('Counted quantity').fill('100');
    await shotAll('scan-offline-count');
    await typeIntoScreen(page, 'F2', 'WD-00004');
    await expect(page.getByTestId('row-pending')).toBeVisible();
    await shotAll('stock-waiting');
    await page.keyboard.press('F4');
    await shotAll('outbox-waiting');
  } finally {
    await desk.setFaults({ unreachable: false });
  }
  await expect(page.getByTestId('connectivity')).toHaveText(/Online/, { timeout: 60_000 });

  // A shipment that can be cancelled: its words, its green index, its cancel dialog.
  await page.keyboard.press('F3');
  await page.getByTestId('shipments-status').selectOption('created');
  await expect
    .poll(async () => {
      const states = await page.getByTestId('shipments-table').locator('td[data-status]').evaluateAll((cells) => cells.map((c) => c.getAttribute('data-status')));
      return states.length > 0 && states.every((s) => s === 'created');
    })
    .toBe(true);
  await page.getByTestId('shipments-table').getByRole('button', { name: /^Open shipment/ }).first().click();
  const detail = page.getByTestId('shipment-detail');
  await detail.getByRole('button', { name: 'Green index' }).click();
  await expect(detail.getByTestId('green-index')).toBeVisible({ timeout: 20_000 });
  await shotAll('shipment-green');
  await shotAll('shipment-cancel-dialog', async () => {
    if (!(await page.getByRole('dialog').isVisible())) await detail.getByRole('button', { name: 'Cancel shipment…' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
  });
  if (await page.getByRole('dialog').isVisible()) await page.keyboard.press('Escape');

  await page.keyboard.press('F6');
  await expect(page.getByTestId('journal-row').first()).toBeVisible();
  await shotAll('journal');
  await page.keyboard.press('F5');
  await shotAll('settings');
});

async function openNewShipment(page: Page): Promise<void> {
  await page.keyboard.press('F3');
  await page.getByRole('tab', { name: 'New shipment' }).click();
  await expect(page.getByRole('group', { name: 'How it is booked' })).toBeVisible();
}

/** Typed into the scan box itself: these are shots of screens, not of how keys find the box. */
async function lookUp(page: Page, code: string): Promise<void> {
  const box = page.getByRole('textbox', { name: 'Scan or type a code' });
  await box.fill(code);
  await box.press('Enter');
}
