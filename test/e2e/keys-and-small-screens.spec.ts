import type { DeskApi } from '../../src/shared/ipc/desk-api';
import type { Page } from '@playwright/test';
import { expect, test } from './support/harness-fixture';
import { openDesk, scanCode, showShipmentsWithStatus } from './support/page-helpers';

/**
 * Keys never lost and small screens: typed keys land where the worker meant them, the desk at
 * 1024x700 keeps what matters in view, a fresh desk asks once where it stands, a waiting change
 * counts in a count, and a delete opens on keeping. Each test names the point it guards.
 * One desk for the file, in this order: the first test needs a desk never told its warehouse.
 */

test.describe.configure({ mode: 'serial' });

async function scan(page: Page, code: string): Promise<void> {
  await scanCode(page, code);
  await expect(page.getByTestId('answer-card').getByRole('heading', { name: code, exact: true })).toBeVisible();
}

const warehouseSelect = (page: Page) => page.getByRole('combobox', { name: 'Warehouse', exact: true });
const onHandOf = async (page: Page, warehouseId: string) => Number((await page.getByTestId(`on-hand-${warehouseId}`).textContent())!.replace(/[^\d]/g, ''));

test('a fresh desk: a new shipment is sent from a warehouse, an empty submit points at one field, and the desk asks once where it stands', async ({ page, desk }) => {
  await openDesk(page, desk);
  // Never told its warehouse: the sender is still filled (the first by name), not left empty.
  await page.keyboard.press('F3');
  await page.getByRole('tab', { name: 'New shipment' }).click();
  const form = page.getByTestId('create-shipment');
  const field = (name: string) => form.locator(`[name="${name}"]`);
  await expect(field('sender.name')).toHaveValue('Amsterdam Westpoort');
  await expect(field('sender.address.city')).not.toHaveValue('');

  // An empty submit: the cursor in the first field, a one-line summary, one message, not thirteen.
  await page.getByRole('button', { name: 'Create shipment' }).click();
  await expect(page.getByTestId('create-errors')).toHaveText(/^\d+ fields need attention\. The cursor is in the first one; Enter goes on to the next\.$/);
  await expect(field('reference')).toBeFocused();
  await expect(form.locator('.field-error')).toHaveCount(1);
  // Enter goes on: the message follows the cursor to the next empty field.
  await field('reference').fill('FRESH-1');
  await field('reference').press('Enter');
  await expect(field('carrier')).toBeFocused();
  await expect(form.locator('.field-error')).toHaveCount(1);
  await expect(form.locator('.field-error')).toHaveText('Choose a carrier');

  // The Scan screen asks once which warehouse this desk is in; answered, it is the desk's.
  await page.keyboard.press('F1');
  const question = page.getByTestId('desk-warehouse-question');
  await expect(question.getByRole('heading', { name: 'Which warehouse is this desk in?' })).toBeVisible();
  await question.getByRole('combobox').selectOption({ label: 'Lyon Saint-Exupéry (LYS1)' });
  await question.getByRole('button', { name: 'This is the desk’s warehouse' }).click();
  await expect(question).toHaveCount(0);
  await page.keyboard.press('F5');
  await expect(page.getByLabel("This desk's warehouse").locator('option:checked')).toHaveText('Lyon Saint-Exupéry (LYS1)');
  await page.keyboard.press('F3');
  await page.getByRole('tab', { name: 'New shipment' }).click();
  await expect(field('sender.name')).toHaveValue('Lyon Saint-Exupéry');
  // Asked once: not again after a restart of the window.
  await page.reload();
  await expect(page.getByLabel('Scan or type a code')).toBeVisible();
  await expect(page.getByTestId('connectivity')).toHaveText(/Online/, { timeout: 30_000 });
  await expect(page.getByText('Ready to scan')).toBeVisible();
  await expect(page.getByTestId('desk-warehouse-question')).toHaveCount(0);
});

test('offline with +7 waiting: "Set count" to what is on the shelf books nothing, and the count review shows what is waiting', async ({ page, desk }) => {
  test.setTimeout(150_000);
  await openDesk(page, desk);
  await scan(page, 'WD-001101');
  const warehouseId = await warehouseSelect(page).inputValue();
  const onHand = await onHandOf(page, warehouseId);
  const before = desk.core.sandbox()!.adjustmentsFor('WD-001101').length;
  try {
    await desk.setFaults({ unreachable: true });
    await scan(page, 'WD-001101');
    await expect(page.getByTestId('connectivity')).toHaveText(/Offline/, { timeout: 30_000 });
    await page.getByRole('radio', { name: 'Add' }).check();
    await page.getByRole('combobox', { name: 'Reason', exact: true }).selectOption({ label: 'Received' });
    await page.getByLabel('Quantity to add').fill('7');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('adjust-verdict')).toHaveAttribute('data-state', 'queued');
    await expect(page.getByTestId(`pending-${warehouseId}`)).toHaveText('+7 waiting to send');

    // The shelf holds onHand + 7: a count of that is nothing to change, not another +7.
    await page.getByRole('radio', { name: 'Set count' }).check();
    await page.getByLabel('Counted quantity').fill(String(onHand + 7));
    await page.keyboard.press('Enter');
    await expect(page.getByText(/The count equals what is on hand with what is waiting to send .*: nothing to change\./)).toBeVisible();
    await expect(page.locator('[data-testid^="adjustment-"]')).toHaveCount(1);
    // One more on the shelf: the preview says +1, ending at onHand + 8.
    await page.getByLabel('Counted quantity').fill(String(onHand + 8));
    await expect(page.locator('#adjust-preview')).toContainText(`Change +1 → ${(onHand + 8).toLocaleString('en-US')}`);
    await page.getByLabel('Counted quantity').fill('');

    // A count started now shows the waiting change beside the on-hand it reviews against.
    await page.keyboard.press('F7');
    const start = page.getByRole('button', { name: 'Start count' });
    await expect(start).toBeVisible();
    await page.getByRole('combobox', { name: 'Warehouse' }).selectOption(warehouseId);
    await start.click();
    await page.getByLabel('SKU', { exact: true }).fill('WD-001101');
    await page.getByLabel('Counted').fill(String(onHand + 7));
    await page.getByLabel('Counted').press('Enter');
    await expect(page.getByTestId('count-line')).toHaveCount(1);
    await page.getByRole('button', { name: /^Review 1 line/ }).click();
    const line = page.locator('[data-testid="review-line"][data-sku="WD-001101"]');
    await expect(line).toBeVisible({ timeout: 30_000 });
    await expect(line.getByTestId('review-waiting')).toHaveText('+7 waiting to send');
    await page.getByRole('button', { name: 'Back to counting' }).click();
    await page.locator('main').getByRole('button', { name: 'Abandon count' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Abandon count' }).click();
    await expect(start).toBeVisible();
  } finally {
    await desk.setFaults({ unreachable: false });
  }
  // Once back, the +7 is sent once; nothing else was booked.
  await expect.poll(() => desk.core.sandbox()!.adjustmentsFor('WD-001101').length, { timeout: 60_000 }).toBe(before + 1);
});

test('typed keys are never lost: F3, F4 and F6 land in the screen’s entry, and after a booked change the next SKU goes to the scan box', async ({ page, desk }) => {
  test.setTimeout(120_000);
  await openDesk(page, desk);
  // A person's keys, slower than this scanner setting: only a field can take them.
  await page.evaluate(async () => {
    await (globalThis as unknown as { desk: DeskApi }).desk.settings.update({ scanner: { maxInterKeyMs: 30 } });
  });
  try {
    await page.reload();
    await expect(page.getByLabel('Scan or type a code')).toBeFocused();
    await page.keyboard.press('F3');
    await page.keyboard.type('ORD-1000', { delay: 120 });
    await expect(page.getByTestId('shipments-reference')).toHaveValue('ORD-1000');
    await page.keyboard.press('F4');
    await expect(page.getByRole('tab', { selected: true })).toBeFocused();
    await page.keyboard.press('F6');
    await page.keyboard.type('WD-000402', { delay: 120 });
    await expect(page.getByRole('searchbox', { name: 'SKU' })).toHaveValue('WD-000402');

    // A change booked on the Scan screen: the keys go back to the scan box, not the quantity.
    await page.keyboard.press('F1');
    await expect(page.getByLabel('Scan or type a code')).toBeFocused();
    await page.keyboard.type('WD-000402', { delay: 120 });
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('answer-card').getByRole('heading', { name: 'WD-000402', exact: true })).toBeVisible();
    await page.getByRole('radio', { name: 'Add' }).check();
    await page.getByRole('combobox', { name: 'Reason', exact: true }).selectOption({ label: 'Received' });
    await page.getByLabel('Quantity to add').fill('2');
    await page.getByLabel('Quantity to add').press('Enter');
    await expect(page.getByTestId('adjust-verdict')).toHaveAttribute('data-state', 'applied', { timeout: 20_000 });
    await expect(page.getByLabel('Scan or type a code')).toBeFocused();
    await page.keyboard.type('WD-000403', { delay: 120 });
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('answer-card').getByRole('heading', { name: 'WD-000403', exact: true })).toBeVisible();
    // Alt+A still goes back to the quantity.
    await page.keyboard.press('Alt+A');
    await expect(page.getByLabel('Quantity to add')).toBeFocused();
  } finally {
    await page.evaluate(async () => {
      await (globalThis as unknown as { desk: DeskApi }).desk.settings.update({ scanner: { maxInterKeyMs: 500 } });
    });
  }
});

test('at 1024x700 after a booked change: the scan box whole, every warehouse row and the verdict in view, the demo banner one line', async ({ page, desk }) => {
  await openDesk(page, desk);
  await page.setViewportSize({ width: 1024, height: 700 });
  const banner = page.getByRole('complementary', { name: 'Demo mode' });
  await expect(banner).toBeVisible();
  // One line: its height is that of its button row, not two lines of text.
  expect((await banner.boundingBox())!.height).toBeLessThan(50);
  await scan(page, 'WD-001501');
  await scan(page, 'WD-001502');
  await page.getByRole('radio', { name: 'Add' }).check();
  await page.getByRole('combobox', { name: 'Reason', exact: true }).selectOption({ label: 'Received' });
  await page.getByLabel('Quantity to add').fill('3');
  await page.keyboard.press('Enter');
  const verdict = page.getByTestId('adjust-verdict');
  await expect(verdict).toHaveAttribute('data-state', 'applied', { timeout: 20_000 });
  await expect(verdict).toBeInViewport({ ratio: 0.95 });
  const rows = page.getByTestId('stock-levels').locator('tbody tr');
  await expect(rows).toHaveCount(3);
  for (let i = 0; i < 3; i++) await expect(rows.nth(i)).toBeInViewport({ ratio: 0.99 }); // 1 misses by a fraction of a pixel of rounding
  // The box the next keys go to, whole and not under the navigation.
  const box = page.getByLabel('Scan or type a code');
  await expect(box).toBeFocused();
  await expect(box).toBeInViewport({ ratio: 1 });
  const navBottom = (await page.getByRole('navigation', { name: 'Screens' }).boundingBox())!;
  expect((await box.boundingBox())!.y).toBeGreaterThanOrEqual(navBottom.y + navBottom.height);
  await expect(page.getByTestId('recent-strip')).toBeInViewport({ ratio: 1 });
});

test('deleting a record opens on "Keep it": Enter keeps the shipment, and the dialog names it without its token', async ({ page, desk }) => {
  await openDesk(page, desk);
  await page.keyboard.press('F3');
  const table = await showShipmentsWithStatus(page, 'delivered');
  const rows = table.getByRole('button', { name: /^Open shipment/ });
  const detail = page.getByTestId('shipment-detail');
  let found = false;
  for (let i = 0; i < (await rows.count()) && !found; i++) {
    await rows.nth(i).click();
    await expect(detail).toBeVisible();
    found = (await detail.getByRole('button', { name: 'Delete this record…' }).count()) > 0;
    if (!found) await detail.getByRole('button', { name: '← All shipments' }).click();
  }
  expect(found, 'a delivered shipment whose record can be deleted').toBe(true);
  const title = (await detail.getByRole('heading', { level: 2 }).textContent())!.trim();
  await detail.getByRole('button', { name: 'Delete this record…' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Keep it' })).toBeFocused();
  expect(await dialog.innerText()).not.toMatch(/shp_|token/);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(detail.getByRole('heading', { level: 2, name: title })).toBeVisible();
  await expect(detail.getByRole('button', { name: 'Delete this record…' })).toBeVisible();
});

test('keys typed right after F3, before the Shipments screen has even arrived, all land in its reference box', async ({ page, desk }) => {
  test.setTimeout(120_000);
  await openDesk(page, desk);
  await page.evaluate(async () => {
    await (globalThis as unknown as { desk: DeskApi }).desk.settings.update({ scanner: { maxInterKeyMs: 30 } });
  });
  try {
    // The screen's code arrives 800 ms late, as on a slow start: a person has typed half the reference by then.
    let release: () => void = () => {};
    const arrived = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/ShipmentsScreen-[^/]+\.js$/, async (route) => {
      await new Promise((r) => setTimeout(r, 800));
      release();
      await route.continue();
    });
    await page.reload();
    await expect(page.getByLabel('Scan or type a code')).toBeFocused();
    await page.keyboard.press('F3');
    await page.keyboard.type('ORD-1000', { delay: 120 });
    await arrived;
    await expect(page.getByTestId('shipments-reference')).toHaveValue('ORD-1000');
    await expect(page.getByTestId('shipments-reference')).toBeFocused();
  } finally {
    await page.unroute(/\/assets\/ShipmentsScreen-[^/]+\.js$/);
    await page.evaluate(async () => {
      await (globalThis as unknown as { desk: DeskApi }).desk.settings.update({ scanner: { maxInterKeyMs: 500 } });
    });
  }
});
