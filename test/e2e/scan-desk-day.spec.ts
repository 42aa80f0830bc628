import type { DeskApi } from '../../src/shared/ipc/desk-api';
import { failure } from '../../src/shared/ipc/result';
import type { SecretStore } from '../../src/main/kernel/secrets/secret-store';
import type { Page } from '@playwright/test';
import { expect, test } from './support/harness-fixture';
import { openDesk, scanCode, showShipmentsWithStatus, typeIntoScreen } from './support/page-helpers';

/**
 * A worker's day at the scan desk: the traps of the everyday flows, as a worker with a scanner in
 * one hand meets them. One desk for the file; each test names the point it guards.
 */

test.describe.configure({ mode: 'serial' });

async function scan(page: Page, code: string): Promise<void> {
  await scanCode(page, code);
  await expect(page.getByTestId('answer-card').getByRole('heading', { name: code, exact: true })).toBeVisible();
}

const warehouseSelect = (page: Page) => page.getByRole('combobox', { name: 'Warehouse', exact: true });

test('the desk works in its own warehouse: every product starts there, and every warehouse has a row', async ({ page, desk }) => {
  test.setTimeout(120_000);
  await openDesk(page, desk);
  await page.keyboard.press('F5');
  const deskChoice = page.getByLabel("This desk's warehouse");
  await deskChoice.selectOption({ label: 'Duisburg Logport (DUI1)' });
  await expect(page.getByRole('status').filter({ hasText: 'Every adjustment starts in this warehouse' })).toBeVisible();
  const duisburg = await deskChoice.inputValue();
  await page.keyboard.press('F1');

  // Products with stock in different warehouses: the choice does not move from one to the next.
  for (const sku of ['WD-000001', 'WD-000002', 'WD-000003', 'WD-000004', 'WD-000005', 'WD-000006']) {
    await scan(page, sku);
    await expect(warehouseSelect(page)).toHaveValue(duisburg);
    // all three of the demo's warehouses, with or without a stock record, this desk's first
    const rows = page.getByTestId('stock-levels').locator('tbody tr');
    await expect(rows).toHaveCount(3);
    await expect(rows.first()).toContainText('this desk');
  }

  // A warehouse where the product has no stock yet: the first units can be booked into it.
  let empty: { sku: string; warehouseId: string } | null = null;
  for (let i = 10; i < 40 && !empty; i++) {
    const sku = `WD-0000${i}`;
    await scan(page, sku);
    const zero = page.locator('[data-testid^="on-hand-"]', { hasText: /^0$/ }).first();
    if ((await zero.count()) > 0) empty = { sku, warehouseId: (await zero.getAttribute('data-testid'))!.replace('on-hand-', '') };
  }
  expect(empty, 'a demo product without stock in one warehouse').not.toBeNull();
  await warehouseSelect(page).selectOption(empty!.warehouseId);
  await page.getByRole('radio', { name: 'Add' }).check();
  await page.getByRole('combobox', { name: 'Reason', exact: true }).selectOption({ label: 'Received' });
  await page.getByLabel('Quantity to add').fill('4');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId(`on-hand-${empty!.warehouseId}`)).toHaveText('4', { timeout: 20_000 });
});

test('removing more than is on hand: Enter never confirms it, and the refusal says it in words', async ({ page, desk }) => {
  await openDesk(page, desk);
  await scan(page, 'WD-000201');
  const warehouseId = await warehouseSelect(page).inputValue();
  const onHand = Number((await page.getByTestId(`on-hand-${warehouseId}`).textContent())!.replace(/[^\d]/g, ''));
  const name = (await warehouseSelect(page).locator('option:checked').textContent())!.replace(' (this desk)', '').trim();
  const before = desk.core.sandbox()!.adjustmentsFor('WD-000201').length;

  await page.getByRole('radio', { name: 'Remove' }).check();
  await page.getByRole('combobox', { name: 'Reason', exact: true }).selectOption({ label: 'Damaged' });
  await page.getByLabel('Quantity to remove').fill(String(onHand + 2));
  // Two Enters, as a hurried hand or a scanner's suffix gives them: the dialog opens on its safe choice.
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Remove more than is on hand?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: /Keep it as it is/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.locator('[data-testid^="adjustment-"]')).toHaveCount(0);
  expect(desk.core.sandbox()!.adjustmentsFor('WD-000201')).toHaveLength(before);

  // Confirmed on purpose (Tab to the button, Enter): refused, in words; the code and request id below.
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: `Remove ${onHand + 2}` })).toBeFocused();
  await page.keyboard.press('Enter');
  const entry = page.locator('[data-testid^="adjustment-"]').first();
  await expect(entry).toHaveAttribute('data-state', 'rejected', { timeout: 20_000 });
  const notice = entry.getByRole('alert');
  await expect(notice).toContainText(`Only ${onHand} on hand in ${name.replace(/ \(\w+\)$/, '')}, so ${onHand + 2} cannot be removed.`);
  await expect(notice.locator('.reference')).toContainText('insufficient_stock');
  await expect(notice.locator('.reference')).toContainText(/req_/);
  // nothing raw in sight: no warehouse id, no HTTP status, no field names
  const visible = await notice.innerText();
  expect(visible).not.toContain(warehouseId);
  expect(visible).not.toMatch(/HTTP|on_hand|delta:/);
});

test('typing by hand is never lost: after a scan, after a click on empty space, after F2', async ({ page, desk }) => {
  test.setTimeout(120_000);
  await openDesk(page, desk);
  // A person's keys, slower than this scanner setting: only a field can take them.
  await page.evaluate(async () => {
    await (globalThis as unknown as { desk: DeskApi }).desk.settings.update({ scanner: { maxInterKeyMs: 30 } });
  });
  try {
    await page.reload();
    await expect(page.getByLabel('Scan or type a code')).toBeFocused();
    await page.keyboard.type('WD-000301', { delay: 120 });
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('answer-card').getByRole('heading', { name: 'WD-000301', exact: true })).toBeVisible();

    // The answer replaced what had the focus: the next SKU typed by hand is still looked up.
    await page.keyboard.type('WD-000302', { delay: 120 });
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('answer-card').getByRole('heading', { name: 'WD-000302', exact: true })).toBeVisible();

    // A click on empty space does not strand the keys either.
    await page.getByTestId('answer-card').locator('p.name').click();
    await page.keyboard.type('WD-000303', { delay: 120 });
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('answer-card').getByRole('heading', { name: 'WD-000303', exact: true })).toBeVisible();

    // The first key may come before the page has put the focus back (a loaded desk PC: the click's
    // task, then the key, then the refocus). The page is kept busy right after the focus is lost,
    // so the keys wait behind it and are handled before the deferred refocus can run.
    const busy = page.evaluate(() => {
      (globalThis as unknown as { document: { activeElement: { blur(): void } | null } }).document.activeElement?.blur();
      const until = performance.now() + 400;
      while (performance.now() < until) {
        // the main thread held, as by a long task
      }
    });
    await page.keyboard.type('WD-000305', { delay: 120 });
    await busy;
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('answer-card').getByRole('heading', { name: 'WD-000305', exact: true })).toBeVisible();

    // F2: the stock list's filter takes the keys, not the heading.
    await page.keyboard.press('F2');
    await page.keyboard.type('WD-000304', { delay: 120 });
    await expect(page.getByRole('searchbox')).toHaveValue('WD-000304');
  } finally {
    await page.evaluate(async () => {
      await (globalThis as unknown as { desk: DeskApi }).desk.settings.update({ scanner: { maxInterKeyMs: 500 } });
    });
  }
});

test('the stock list is not a dead end: adjust from a row’s panel, Escape closes it, the full name is shown', async ({ page, desk }) => {
  await openDesk(page, desk);
  await typeIntoScreen(page, 'F2', 'WD-000401');
  await expect(page.getByTestId('stock-count')).toHaveText(/^1 item/);
  await page.locator('[data-testid="stock-table"] tr.data').first().click();
  const detail = page.getByTestId('stock-detail');
  await expect(detail.getByRole('heading', { level: 2, name: /WD-000401/ })).toBeVisible();
  const fullName = (await page.locator('[data-testid="stock-table"] tr.data td').nth(1).getAttribute('title'))!;
  await expect(detail.getByRole('heading', { level: 2, name: /WD-000401/ })).toContainText(fullName);
  await expect(detail).not.toContainText('on the Scan screen');

  const warehouseId = await detail.getByRole('combobox', { name: 'Warehouse', exact: true }).inputValue();
  const before = Number((await detail.getByTestId(`on-hand-${warehouseId}`).textContent())!.replace(/[^\d]/g, ''));
  await detail.getByRole('radio', { name: 'Add' }).check();
  await detail.getByRole('combobox', { name: 'Reason', exact: true }).selectOption({ label: 'Received' });
  await detail.getByLabel('Quantity to add').fill('3');
  await page.keyboard.press('Enter');
  await expect(detail.locator('[data-testid^="adjustment-"]').first()).toHaveAttribute('data-state', 'applied', { timeout: 20_000 });
  await expect(detail.getByTestId(`on-hand-${warehouseId}`)).toHaveText((before + 3).toLocaleString('en-US'));

  // Escape closes the panel, from the list as well as from inside it.
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();
  await page.locator('[data-testid="stock-table"] tr.data').first().focus();
  await page.keyboard.press('Enter');
  await expect(detail).toBeVisible();
  await page.locator('[data-testid="stock-table"] tr.data').first().focus();
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();
});

test('a queued change shows beside every quantity until it is sent; the verdict is in view; a stray Enter is no error', async ({ page, desk }) => {
  test.setTimeout(120_000);
  await openDesk(page, desk);
  await scan(page, 'WD-000501');
  const warehouseId = await warehouseSelect(page).inputValue();
  const onHand = (await page.getByTestId(`on-hand-${warehouseId}`).textContent())!;

  // Online: the verdict shows beside the button, inside the 1280x800 window; a second Enter is quiet.
  await page.getByRole('radio', { name: 'Add' }).check();
  await page.getByRole('combobox', { name: 'Reason', exact: true }).selectOption({ label: 'Received' });
  await page.getByLabel('Quantity to add').fill('2');
  await page.keyboard.press('Enter');
  const verdict = page.getByTestId('adjust-verdict');
  await expect(verdict).toHaveAttribute('data-state', 'applied', { timeout: 20_000 });
  await expect(verdict).toContainText('+2 booked at');
  await expect(verdict).toBeInViewport({ ratio: 1 });
  await page.keyboard.press('Enter');
  await expect(page.getByText('Enter a quantity.')).toHaveCount(0);
  const after = (Number(onHand.replace(/[^\d]/g, '')) + 2).toLocaleString('en-US');
  await expect(page.getByTestId(`on-hand-${warehouseId}`)).toHaveText(after);

  try {
    await desk.setFaults({ unreachable: true });
    await scan(page, 'WD-000501');
    await expect(page.getByTestId('connectivity')).toHaveText(/Offline/, { timeout: 30_000 });
    await page.getByRole('combobox', { name: 'Reason', exact: true }).selectOption({ label: 'Received' });
    await page.getByLabel('Quantity to add').fill('7');
    await page.keyboard.press('Enter');
    await expect(verdict).toHaveAttribute('data-state', 'queued');
    // "793 on hand · +7 waiting to send": in the warehouse's row, the total and the adjust preview.
    await expect(page.getByTestId(`on-hand-${warehouseId}`)).toHaveText(after);
    await expect(page.getByTestId(`pending-${warehouseId}`)).toHaveText('+7 waiting to send');
    await expect(page.getByTestId('pending-total')).toHaveText('+7 waiting to send');
    await expect(page.locator('#adjust-preview')).toContainText('+7 waiting to send');
    // and in the stock list's panel
    await typeIntoScreen(page, 'F2', 'WD-000501');
    await expect(page.getByTestId('stock-count')).toHaveText(/^1 item/);
    await page.locator('[data-testid="stock-table"] tr.data').first().click();
    await expect(page.getByTestId('stock-detail').getByTestId(`pending-${warehouseId}`)).toHaveText('+7 waiting to send');
  } finally {
    await desk.setFaults({ unreachable: false });
  }
  await expect(page.getByTestId('connectivity')).toHaveText(/Online/, { timeout: 60_000 });
  await expect(page.getByTestId('stock-detail').getByTestId(`pending-${warehouseId}`)).toHaveCount(0, { timeout: 60_000 });
});

test.describe('signed out, on a computer without a keychain', () => {
  // Every keychain call fails as keytar does when no keyring runs.
  const noKeychain: SecretStore = {
    get: () => Promise.reject(failure('keychain_unavailable', 'The system keychain is not available.')),
    set: () => Promise.reject(failure('keychain_unavailable', 'The system keychain is not available.')),
    delete: () => Promise.reject(failure('keychain_unavailable', 'The system keychain is not available.')),
  };
  test.use({ deskOptions: { secrets: noKeychain } });

  test('signed out it never says "Ready to scan", and a sign-in that cannot succeed is not offered', async ({ page, desk }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(desk.url);
    await page.keyboard.press('F5');
    const status = page.getByTestId('account-status');
    await expect(status).toContainText(/Demo mode|Signed out/, { timeout: 30_000 });
    if ((await status.textContent())!.includes('Demo mode')) {
      await page.getByRole('button', { name: 'Sign out', exact: true }).click();
      await page.getByRole('dialog').getByRole('button', { name: /^Sign out/ }).click();
    }
    await expect(status).toContainText('Signed out');
    await expect(status).toContainText('not available');
    await expect(page.getByTestId('keychain-down')).toBeVisible();
    await expect(page.getByLabel('Client id')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Start demo mode' })).toBeEnabled();

    await page.keyboard.press('F1');
    await expect(page.getByTestId('scan-readiness')).toContainText('Not signed in');
    await expect(page.getByTestId('scan-readiness')).not.toContainText('ready');
    await expect(page.getByText('Ready to scan')).toHaveCount(0);
    await expect(page.locator('main').getByRole('button', { name: 'Sign in or start the demo' })).toBeVisible();
  });
});

test('the red Outbox badge opens the refusals, named by product, with what to do next', async ({ page, desk }) => {
  await openDesk(page, desk);
  await scan(page, 'WD-000601');
  const name = (await page.getByTestId('answer-card').locator('p.name').textContent())!.trim();
  await page.getByRole('radio', { name: 'Remove' }).check();
  await page.getByRole('combobox', { name: 'Reason', exact: true }).selectOption({ label: 'Lost' });
  await page.getByLabel('Quantity to remove').fill('99999');
  await page.keyboard.press('Enter');
  await page.getByRole('dialog').getByRole('button', { name: /^Remove/ }).click();
  await expect(page.getByTestId('adjust-verdict').or(page.getByRole('alert').filter({ hasText: 'Not booked' })).first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('pending-count')).toHaveText(/rejected/);

  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: /Outbox/ }).click();
  await expect(page.getByRole('tab', { name: /Rejected/ })).toHaveAttribute('aria-selected', 'true');
  const row = page.getByTestId('outbox-row').filter({ hasText: 'WD-000601' });
  await expect(row).toContainText(name);
  const refusal = page.locator('tr.error-row').first();
  await expect(refusal).toContainText(/Only \d+ on hand in (Amsterdam Westpoort|Duisburg Logport|Lyon Saint-Exupéry)/);
  await expect(refusal).toContainText('Retry once the stock has arrived');
});

test('offline cannot be missed: a band over every screen, and an empty shipment search says why', async ({ page, desk }) => {
  test.setTimeout(120_000);
  await openDesk(page, desk);
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);
  try {
    await desk.setFaults({ unreachable: true });
    await scan(page, 'WD-000701');
    await expect(page.getByTestId('connectivity')).toHaveText(/Offline/, { timeout: 30_000 });
    const banner = page.getByTestId('offline-banner');
    await expect(banner).toBeVisible();
    await expect(banner).toBeInViewport({ ratio: 1 });
    await expect(page.getByTestId('scan-readiness')).toContainText('Offline');
    await page.keyboard.press('F3');
    await expect(banner).toBeVisible();
    await page.getByRole('searchbox', { name: 'Reference' }).fill('NO-SUCH-REFERENCE');
    await expect(page.getByTestId('shipments-empty')).toContainText('Offline: none of the shipments saved on this desk matches', { timeout: 30_000 });
  } finally {
    await desk.setFaults({ unreachable: false });
  }
  await expect(page.getByTestId('offline-banner')).toHaveCount(0, { timeout: 60_000 });
});

test('plain words: no "live", "shipment token", "Confirmed", scope numbers, request ids, codes or "pending" where a worker reads', async ({ page, desk }) => {
  test.setTimeout(120_000);
  await openDesk(page, desk);
  await expect(page.getByLabel('Scan or type a code')).not.toHaveAttribute('placeholder', /token/);
  await scan(page, 'WD-000801');
  const card = page.getByTestId('answer-card');
  await expect(card.getByText('up to date', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(card.getByText('live', { exact: true })).toHaveCount(0);
  // A booked change reads as a sentence; the service's request id is folded away for support.
  await page.getByRole('radio', { name: 'Add' }).check();
  await page.getByRole('combobox', { name: 'Reason', exact: true }).selectOption({ label: 'Received' });
  await page.getByLabel('Quantity to add').fill('1');
  await page.keyboard.press('Enter');
  const booked = page.locator('[data-testid^="adjustment-"]').first();
  await expect(booked).toHaveAttribute('data-state', 'applied', { timeout: 20_000 });
  expect(await booked.innerText()).not.toMatch(/req_|Request/);
  await booked.getByText('Reference for support').click();
  await expect(booked.getByTestId('request-ref').locator('code')).toHaveText(/^req_/);
  await expect(page.getByTestId('pending-count')).not.toContainText('pending');

  await page.keyboard.press('F2');
  await expect(page.getByTestId('stock-table').getByRole('columnheader', { name: 'Checked' })).toBeVisible();
  await expect(page.getByTestId('stock-table').getByRole('columnheader', { name: 'Confirmed' })).toHaveCount(0);

  // The outbox and the journal: no request ids in view either, and one word for what waits.
  await page.keyboard.press('F4');
  await page.getByRole('tab', { name: /^All/ }).click();
  await expect(page.getByTestId('outbox-row').first()).toBeVisible();
  // (a refusal's notice keeps its code and request id, below its sentence: not the rows' business)
  for (const row of await page.getByTestId('outbox-row').allInnerTexts()) expect(row).not.toMatch(/req_|Request|[Pp]ending/);
  expect((await page.locator('main').getByRole('tab').allInnerTexts()).join(' ')).not.toMatch(/[Pp]ending/);
  await page.keyboard.press('F6');
  await expect(page.getByTestId('journal-row').first()).toBeVisible();
  for (const row of await page.getByTestId('journal-row').allInnerTexts()) expect(row).not.toMatch(/req_|Request\b/);

  await page.keyboard.press('F5');
  await expect(page.getByLabel('Longest gap between scanner characters (ms)')).toBeVisible();
  await expect(page.locator('main')).not.toContainText('Inter-key');

  await page.keyboard.press('F3');
  await expect(page.locator('main')).not.toContainText(/token/i);
  await expect(page.getByLabel('Open by shipment code')).not.toHaveAttribute('placeholder', /shp_/);
  await page.getByRole('tab', { name: 'New shipment' }).click();
  await expect(page.getByRole('group', { name: 'How it is booked' })).toBeVisible();
  await expect(page.locator('main')).not.toContainText(/Scope|registered only/);
  const levels = await page.getByTestId('create-shipment').locator('select[name="service"] option').allTextContents();
  expect(levels).toEqual(['Economy', 'Standard', 'Express']);

  // A shipment that can still be cancelled: words for its service, its times, its green index,
  // and a cancel dialog that names it without its token and opens on "Keep it".
  await page.getByRole('tab', { name: 'Shipments' }).click();
  await page.getByTestId('shipments-status').selectOption('created');
  const table = page.getByTestId('shipments-table');
  await expect
    .poll(async () => {
      const states = await table.locator('td[data-status]').evaluateAll((cells) => cells.map((c) => c.getAttribute('data-status')));
      return states.length > 0 && states.every((s) => s === 'created');
    })
    .toBe(true);
  await table.getByRole('button', { name: /^Open shipment/ }).first().click();
  const detail = page.getByTestId('shipment-detail');
  await expect(detail.locator('section.shipping dd').nth(1)).toHaveText(/^(Economy|Standard|Express|—)$/);
  const times = detail.getByRole('region', { name: 'Times' });
  await expect(times).toContainText('Last checked');
  await expect(times).not.toContainText('Confirmed');
  await detail.getByRole('button', { name: 'Green index' }).click();
  const green = detail.getByTestId('green-index');
  await expect(green).toBeVisible({ timeout: 20_000 });
  // The grade is explained in words, and the method is not shown as a code.
  await expect(green.getByTestId('green-explain')).toContainText('Grades run from A, the least CO₂ for this parcel and route, to G, the most.');
  await expect(green.getByTestId('green-explain')).toContainText('Estimated by the shipping service.');
  expect(await green.innerText()).not.toMatch(/gcd|centroid|-v\d/);
  for (const mode of await green.locator('tbody td:first-child').allTextContents()) expect(mode).toMatch(/^(Road|Rail|Air|Sea)$/);
  await detail.getByRole('button', { name: 'Cancel shipment…' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Keep it' })).toBeFocused();
  expect(await dialog.innerText()).not.toMatch(/shp_|token/);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('shipment-status')).toHaveText('Created');
});

test('the transit time of a delivered shipment gives no delivery date in the future', async ({ page, desk }) => {
  await openDesk(page, desk);
  await page.keyboard.press('F3');
  const table = await showShipmentsWithStatus(page, 'delivered');
  await table.getByRole('button', { name: /^Open shipment/ }).first().click();
  const detail = page.getByTestId('shipment-detail');
  await detail.getByRole('button', { name: 'Transit time' }).click();
  const transit = detail.getByTestId('transit-time');
  await expect(transit).toContainText(/business day/);
  await expect(transit).not.toContainText('Estimated delivery');
  await expect(transit).toContainText('This shipment is delivered');
});

test('the shipment list reads as people write: carrier names, dates, no service tokens', async ({ page, desk }) => {
  await openDesk(page, desk);
  await page.keyboard.press('F3');
  const table = page.getByTestId('shipments-table');
  await expect(table.getByRole('button', { name: /^Open shipment/ }).first()).toBeVisible({ timeout: 30_000 });
  const text = await table.locator('tbody').innerText();
  expect(text).not.toMatch(/shp_/);
  expect(text).not.toMatch(/\bago\b/);
  const carriers = await table.locator('tbody tr td:nth-child(4)').evaluateAll((cells) => cells.map((c) => c.firstChild?.textContent ?? ''));
  expect(carriers.length).toBeGreaterThan(0);
  for (const carrier of carriers) expect(carrier).not.toMatch(/^[a-z]+$/);
});
