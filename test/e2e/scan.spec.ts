import type { Page } from '@playwright/test';
import type { DeskApi } from '../../src/shared/ipc/desk-api';
import { expect, test, watchPage } from './support/harness-fixture';
import { BLUR_FOCUS, openDesk } from './support/page-helpers';

/**
 * Scanning through the harness: the real renderer in Chromium, the real bridge, main's lookup
 * over the real cache, the sandbox behind it. A "scan" is what a keyboard wedge does: keys
 * typed back to back, then Enter, with the focus wherever the worker left it.
 */

/** Keys as fast as the browser takes them, then the suffix: a scanner burst. */
async function scan(page: Page, code: string): Promise<void> {
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
}

async function blur(page: Page): Promise<void> {
  await page.evaluate(BLUR_FOCUS);
}

const card = (page: Page) => page.getByTestId('answer-card');

test.describe('scan', () => {
  test('found and not found, scanned with the focus nowhere in particular', async ({ page, desk }) => {
    const watch = await watchPage(page); // console errors, exceptions, CSP refusals
    await openDesk(page, desk);
    await blur(page);

    await scan(page, 'WD-000042');
    await expect(card(page)).toHaveAttribute('data-kind', 'stock');
    await expect(card(page).getByRole('heading', { name: 'WD-000042', exact: true })).toBeVisible();
    await expect(card(page).getByText(/^(up to date|cached, as of \d\d:\d\d)$/)).toBeVisible();
    // A cached answer is replaced in place by the service's fresh copy (stock.updated).
    await expect(card(page).getByText('up to date', { exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(card(page).getByText('checking for a fresh value…')).toHaveCount(0);
    await expect(card(page).getByRole('row', { name: /^Total|Amsterdam|Duisburg|Lyon/ }).first()).toBeVisible();

    // Its barcode finds the same SKU.
    const barcode = (await card(page).locator('.barcode').first().textContent())!.trim();
    expect(barcode).toMatch(/^\d{8,14}$/);
    await blur(page);
    await scan(page, barcode);
    await expect(card(page).getByRole('heading', { name: 'WD-000042', exact: true })).toBeVisible();
    await expect(card(page)).toContainText(`Scanned barcode ${barcode}`);

    await scan(page, 'WD-999998');
    await expect(card(page)).toHaveAttribute('data-kind', 'not_found');
    await expect(card(page)).toContainText('WD-999998');
    await expect(card(page)).toContainText('Not found');
    expect(watch.problems).toEqual([]);
    expect(await watch.violations()).toEqual([]);
  });

  test('a scan while the focus is on a button, a select or another screen is still a scan', async ({ page, desk }) => {
    await openDesk(page, desk);
    await page.getByRole('button', { name: 'Look up' }).focus();
    await scan(page, 'WD-000007');
    await expect(card(page).getByRole('heading', { name: 'WD-000007', exact: true })).toBeVisible();

    await page.getByRole('combobox', { name: 'Warehouse', exact: true }).focus(); // the adjust panel's select
    await scan(page, 'WD-000008');
    await expect(card(page).getByRole('heading', { name: 'WD-000008', exact: true })).toBeVisible();

    // From the Outbox screen: the answer brings the Scan screen back.
    await page.keyboard.press('F4');
    await expect(page.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible();
    await scan(page, 'WD-000009');
    await expect(card(page).getByRole('heading', { name: 'WD-000009', exact: true })).toBeVisible();
  });

  test('a scan inside another text field is taken out of it and looked up; the field keeps what was typed and nothing is submitted', async ({ page, desk }) => {
    await openDesk(page, desk);
    await blur(page);
    await scan(page, 'WD-000011');
    await expect(card(page).getByRole('heading', { name: 'WD-000011', exact: true })).toBeVisible();
    const note = page.getByLabel(/^Note/);
    await note.fill('pallet ');
    await note.focus();
    // A burst starts in a field only after a pause longer than the inter-key limit (500 ms here):
    // keys that follow fast on the last scan's are a person's clump and stay in the field.
    await page.waitForTimeout(600);
    // A scan into the note (docs/scanning.md, "One rule for scanner input"): the card answers it.
    await page.keyboard.type('WD-000012');
    await page.keyboard.press('Enter');
    await expect(card(page).getByRole('heading', { name: 'WD-000012', exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Recent scans' }).getByText('WD-000012')).toHaveCount(1);
  });

  test('two scans back to back are both answered, in order', async ({ page, desk }) => {
    await openDesk(page, desk);
    await blur(page);
    // No waiting between them: the second arrives while the first is being answered.
    await page.keyboard.type('WD-000021');
    await page.keyboard.press('Enter');
    await page.keyboard.type('WD-000022');
    await page.keyboard.press('Enter');
    await expect(card(page).getByRole('heading', { name: 'WD-000022', exact: true })).toBeVisible();
    const history = page.locator('.history li .code');
    await expect(history.nth(0)).toHaveText('WD-000022');
    await expect(history.nth(1)).toHaveText('WD-000021');
  });

  test('a flood of keys is refused clearly and the page stays responsive', async ({ page, desk }) => {
    await openDesk(page, desk);
    await blur(page);
    // 10,000 key events in one go, as a stuck scanner or a flood of garbage would send them.
    await page.evaluate(`(() => {
      const key = (k, c) => window.dispatchEvent(new KeyboardEvent('keydown', { key: k, code: c, bubbles: true, cancelable: true }));
      for (let i = 0; i < 10000; i++) key('x', 'KeyX');
      key('Enter', 'Enter');
    })()`);
    await expect(card(page)).toHaveAttribute('data-kind', 'unreadable');
    await expect(card(page)).toContainText('10,000 keys');
    await scan(page, 'WD-000031');
    await expect(card(page).getByRole('heading', { name: 'WD-000031', exact: true })).toBeVisible();
  });

  test('a shipment token opens the shipment', async ({ page, desk }) => {
    await openDesk(page, desk);
    const token = await page.evaluate(async () => {
      const r = await (globalThis as unknown as { desk: DeskApi }).desk.shipments.list({ limit: 1 });
      return r.ok ? (r.value.shipments[0]?.token ?? null) : null;
    });
    expect(token).toMatch(/^shp_/);
    await blur(page);
    await scan(page, token!);
    await expect(page.getByRole('button', { name: /^Shipments/ })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByText(token!).first()).toBeVisible();
  });
});
