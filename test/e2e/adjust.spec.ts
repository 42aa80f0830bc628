import type { Page } from '@playwright/test';
import { expect, test } from './support/harness-fixture';
import { openDesk, scanCode } from './support/page-helpers';

/**
 * Adjusting stock from the answer card, online and offline, through the real outbox: written
 * to SQLite before any network call, replayed with the same idempotency key when the service
 * is back, applied exactly once.
 */

async function scan(page: Page, code: string): Promise<void> {
  await scanCode(page, code);
  await expect(page.getByTestId('answer-card').getByRole('heading', { name: code, exact: true })).toBeVisible();
}

/** On hand in the first warehouse row of the answer card, and that warehouse's id. */
async function firstLevel(page: Page): Promise<{ warehouseId: string; onHand: number }> {
  const cell = page.locator('[data-testid^="on-hand-"]').first();
  const testId = (await cell.getAttribute('data-testid'))!;
  return { warehouseId: testId.replace('on-hand-', ''), onHand: Number((await cell.textContent())!.replace(/[^\d-]/g, '')) };
}

async function adjust(page: Page, opts: { mode: 'Add' | 'Remove'; quantity: number; reason: string; warehouseId: string }): Promise<void> {
  await page.getByRole('radio', { name: opts.mode }).check();
  await page.getByRole('combobox', { name: 'Warehouse', exact: true }).selectOption(opts.warehouseId);
  await page.getByRole('combobox', { name: 'Reason', exact: true }).selectOption({ label: opts.reason });
  await page.getByLabel(opts.mode === 'Add' ? 'Quantity to add' : 'Quantity to remove').fill(String(opts.quantity));
  await page.keyboard.press('Enter');
}

const sessionEntries = (page: Page) => page.locator('[data-testid^="adjustment-"]');

/** Rejected adjustments as the status bar counts them (this file's tests share one desk). */
async function rejectedCount(page: Page): Promise<number> {
  const text = (await page.getByTestId('pending-count').textContent()) ?? '';
  return Number(/(\d+) rejected/.exec(text)?.[1] ?? 0);
}

test.describe.configure({ mode: 'serial' });

test('adjust online: applied, and the card shows the new on-hand in place', async ({ page, desk }) => {
  await openDesk(page, desk);
  await scan(page, 'WD-000101');
  const before = await firstLevel(page);
  await adjust(page, { mode: 'Add', quantity: 5, reason: 'Received', warehouseId: before.warehouseId });
  await expect(sessionEntries(page).first()).toHaveAttribute('data-state', 'applied', { timeout: 20_000 });
  await expect(sessionEntries(page).first()).toContainText(`On hand now ${(before.onHand + 5).toLocaleString('en-US')}`);
  await expect(page.getByTestId(`on-hand-${before.warehouseId}`)).toHaveText((before.onHand + 5).toLocaleString('en-US'));
  // The service's request id is not a column of jargon: folded under the sentence, shown and copied on demand.
  const ref = sessionEntries(page).first().getByTestId('request-ref');
  await expect(ref.locator('code')).toBeHidden();
  await ref.getByText('Reference for support').click();
  await expect(ref.locator('code')).toHaveText(/^req_/);
});

test('offline: queued and pending, then applied exactly once when the service is back', async ({ page, desk }) => {
  test.setTimeout(120_000);
  await openDesk(page, desk);
  await scan(page, 'WD-000102');
  const before = await firstLevel(page);

  await desk.setFaults({ unreachable: true });
  // The desk learns it is offline from a real failure: a fresh lookup that cannot reach the service.
  await scan(page, 'WD-000102');
  await expect(page.getByTestId('connectivity')).toHaveText(/Offline/, { timeout: 30_000 });
  await expect(page.getByTestId('answer-card').getByText('offline', { exact: true })).toBeVisible();

  await adjust(page, { mode: 'Remove', quantity: 3, reason: 'Damaged', warehouseId: before.warehouseId });
  await expect(sessionEntries(page).first()).toHaveAttribute('data-state', 'queued');
  await expect(sessionEntries(page).first()).toContainText('waiting to send');
  await expect(page.getByTestId('pending-count')).toHaveText(/1 waiting to send/);

  await desk.setFaults({ unreachable: false });
  await expect(page.getByTestId('connectivity')).toHaveText(/Online/, { timeout: 60_000 });
  await expect(sessionEntries(page).first()).toHaveAttribute('data-state', 'applied', { timeout: 60_000 });
  await expect(page.getByTestId('pending-count')).toHaveText(/Nothing waiting to send/);

  // Exactly once: a fresh answer shows one −3, and the outbox holds one applied −3 for this SKU.
  await scan(page, 'WD-000102');
  await expect(page.getByTestId(`on-hand-${before.warehouseId}`)).toHaveText((before.onHand - 3).toLocaleString('en-US'));
  await page.keyboard.press('F4');
  await page.getByRole('tab', { name: /Applied/ }).click();
  const rows = page.locator('[data-testid="outbox-row"]', { hasText: 'WD-000102' });
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('−3');
});

test('a large change asks for a confirmation; a refusal is shown with the service’s message', async ({ page, desk }) => {
  await openDesk(page, desk);
  await scan(page, 'WD-000103');
  const before = await firstLevel(page);
  await adjust(page, { mode: 'Remove', quantity: before.onHand + 500, reason: 'Lost', warehouseId: before.warehouseId });
  const dialog = page.getByRole('dialog', { name: 'Remove more than is on hand?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: /^Remove/ }).click();
  await expect(sessionEntries(page).first()).toHaveAttribute('data-state', 'rejected', { timeout: 20_000 });
  const notice = sessionEntries(page).first().getByRole('alert');
  await expect(notice).toContainText('insufficient_stock');
  await expect(notice).toContainText(/req_/);
  await expect(page.getByTestId(`on-hand-${before.warehouseId}`)).toHaveText(before.onHand.toLocaleString('en-US'));
});

test('set count: the counted quantity is sent as the difference to the shown on-hand', async ({ page, desk }) => {
  await openDesk(page, desk);
  await scan(page, 'WD-000104');
  const before = await firstLevel(page);
  const counted = before.onHand + 7;
  await page.getByRole('radio', { name: 'Set count' }).check();
  await page.getByRole('combobox', { name: 'Warehouse', exact: true }).selectOption(before.warehouseId);
  await page.getByRole('combobox', { name: 'Reason', exact: true }).selectOption({ label: 'Count correction' });
  await page.getByLabel('Counted quantity').fill(String(counted));
  await expect(page.locator('#adjust-preview')).toContainText('+7');
  await page.keyboard.press('Enter');
  await expect(sessionEntries(page).first()).toHaveAttribute('data-state', 'applied', { timeout: 20_000 });
  await expect(sessionEntries(page).first()).toContainText('+7');
  await expect(page.getByTestId(`on-hand-${before.warehouseId}`)).toHaveText(counted.toLocaleString('en-US'));
  // The service got one +7, not a "set to": the API only knows deltas.
  const applied = desk.core.sandbox()!.adjustmentsFor('WD-000104');
  expect(applied.map((a) => [a.warehouseId, a.delta, a.reason])).toEqual([[before.warehouseId, 7, 'count_correction']]);
});

test('a refused adjustment is retried from the outbox once the stock has arrived, and applied once', async ({ page, desk }) => {
  test.setTimeout(90_000);
  await openDesk(page, desk);
  await scan(page, 'WD-000105');
  const before = await firstLevel(page);
  const wanted = before.onHand + 30;
  const rejectedBefore = await rejectedCount(page);

  // More than there is: refused, and kept.
  await adjust(page, { mode: 'Remove', quantity: wanted, reason: 'Other', warehouseId: before.warehouseId });
  await page.getByRole('dialog', { name: 'Remove more than is on hand?' }).getByRole('button', { name: /^Remove/ }).click();
  await expect(sessionEntries(page).first()).toHaveAttribute('data-state', 'rejected', { timeout: 20_000 });
  await expect.poll(() => rejectedCount(page)).toBe(rejectedBefore + 1);

  // The missing 30 arrive.
  await adjust(page, { mode: 'Add', quantity: 30, reason: 'Received', warehouseId: before.warehouseId });
  await expect(sessionEntries(page).first()).toHaveAttribute('data-state', 'applied', { timeout: 20_000 });

  // Outbox, Rejected: retry. It is a new request (the service keeps its refusal under the old key).
  await page.keyboard.press('F4');
  await page.getByRole('tab', { name: /Rejected/ }).click();
  const row = page.getByTestId('outbox-row').filter({ hasText: 'WD-000105' });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: /^Retry/ }).click();
  await page.getByRole('tab', { name: /Applied/ }).click();
  await expect(page.getByTestId('outbox-row').filter({ hasText: 'WD-000105' })).toHaveCount(2, { timeout: 20_000 });
  await expect.poll(() => rejectedCount(page)).toBe(rejectedBefore);

  const applied = desk.core.sandbox()!.adjustmentsFor('WD-000105');
  expect(applied.map((a) => a.delta).sort((a, b) => a - b)).toEqual([-wanted, 30]);
  await scan(page, 'WD-000105');
  await expect(page.getByTestId(`on-hand-${before.warehouseId}`)).toHaveText('0');
});

test('each product starts on Add with no reason; a reason that stops fitting its kind is never booked', async ({ page, desk }) => {
  test.setTimeout(90_000);
  await openDesk(page, desk);
  await scan(page, 'WD-000106');
  const before = await firstLevel(page);
  await adjust(page, { mode: 'Remove', quantity: 3, reason: 'Damaged', warehouseId: before.warehouseId });
  await expect(sessionEntries(page).first()).toHaveAttribute('data-state', 'applied', { timeout: 20_000 });
  await expect(page.getByTestId(`on-hand-${before.warehouseId}`)).toHaveText((before.onHand - 3).toLocaleString('en-US'));

  // Set count on the same product: "Damaged" does not fit a count, so the count books a count correction.
  await page.getByRole('radio', { name: 'Set count' }).check();
  await expect(page.getByRole('combobox', { name: 'Reason', exact: true })).toHaveValue('count_correction');
  await page.getByLabel('Counted quantity').fill(String(before.onHand + 4));
  await page.keyboard.press('Enter');
  await expect.poll(() => desk.core.sandbox()!.adjustmentsFor('WD-000106').map((a) => [a.delta, a.reason]), { timeout: 20_000 }).toEqual([
    [-3, 'damaged'],
    [7, 'count_correction'],
  ]);

  // The next product: Add, no reason chosen, and Enter books nothing until one is.
  await scan(page, 'WD-000107');
  await expect(page.getByRole('radio', { name: 'Add' })).toBeChecked();
  await expect(page.getByRole('combobox', { name: 'Reason', exact: true })).toHaveValue('');
  await page.getByLabel('Quantity to add').fill('2');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Choose a reason.')).toBeVisible();
  expect(desk.core.sandbox()!.adjustmentsFor('WD-000107')).toEqual([]);
});
