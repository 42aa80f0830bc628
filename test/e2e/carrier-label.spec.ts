import type { Page } from '@playwright/test';
import type { DeskApi } from '../../src/shared/ipc/desk-api';
import { expect, test } from './support/harness-fixture';
import { BLUR_FOCUS, openDesk } from './support/page-helpers';

/** A scanner burst: keys back to back, then Enter, with the focus nowhere in particular. */
async function scan(page: Page, code: string): Promise<void> {
  await page.evaluate(BLUR_FOCUS);
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
}

test('scanning the SSCC on a parcel label opens its shipment', async ({ page, desk }) => {
  await openDesk(page, desk);
  const shipment = await page.evaluate(async () => {
    const r = await (globalThis as unknown as { desk: DeskApi }).desk.shipments.list({ limit: 3 });
    const s = r.ok ? r.value.shipments[2] : undefined;
    return s ? { token: s.token, sscc: s.parcels[0]?.sscc ?? null } : null;
  });
  expect(shipment?.sscc).toMatch(/^\d{18}$/);
  await page.getByRole('button', { name: /^Scan/ }).click();
  await scan(page, `00${shipment!.sscc}`);
  await expect(page.getByRole('button', { name: /^Shipments/ })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText(shipment!.token).first()).toBeVisible();
  await desk.screenshot(page, 'scan-sscc-opens-shipment');
});

test("scanning a parcel's carrier tracking number opens its shipment", async ({ page, desk }) => {
  await openDesk(page, desk);
  const shipment = await page.evaluate(async () => {
    const r = await (globalThis as unknown as { desk: DeskApi }).desk.shipments.list({ limit: 20 });
    const s = r.ok ? r.value.shipments.find((x) => x.trackingNumber !== null && x.carrier === 'ups') ?? r.value.shipments.find((x) => x.trackingNumber !== null) : undefined;
    return s ? { token: s.token, trackingNumber: s.trackingNumber! } : null;
  });
  expect(shipment).not.toBeNull();
  await page.getByRole('button', { name: /^Scan/ }).click();
  await scan(page, shipment!.trackingNumber);
  await expect(page.getByRole('button', { name: /^Shipments/ })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText(shipment!.token).first()).toBeVisible();
  await expect(page.getByText(shipment!.trackingNumber).first()).toBeVisible();
  await desk.screenshot(page, 'scan-tracking-number-opens-shipment');
});

test('a GS1 carton label finds the product and shows its lot, use-by date, serial and count', async ({ page, desk }) => {
  await openDesk(page, desk);
  const product = await page.evaluate(async () => {
    const r = await (globalThis as unknown as { desk: DeskApi }).desk.products.list({ limit: 5 });
    const p = r.ok ? r.value.products.find((x) => x.barcodes.some((b) => b.length === 13)) : undefined;
    return p ? { sku: p.sku, ean: p.barcodes.find((b) => b.length === 13)! } : null;
  });
  expect(product).not.toBeNull();
  await page.getByRole('button', { name: /^Scan/ }).click();
  // The human-readable line under a GS1-128 label, AIs in the printed order (GTIN not first).
  await scan(page, `(10)L24-0815(17)271130(01)0${product!.ean}(21)SN000417(30)24`);
  const card = page.getByTestId('answer-card');
  await expect(card).toHaveAttribute('data-kind', 'stock');
  await expect(card.locator('h2.sku')).toHaveText(product!.sku);
  await expect(card.getByTestId('gs1-lot')).toHaveText('L24-0815');
  await expect(card.getByTestId('gs1-expiry')).toHaveText(/^(30 Nov|Nov 30,) 2027$/);
  await expect(card.getByTestId('gs1-serial')).toHaveText('SN000417');
  await expect(card.getByTestId('gs1-count')).toHaveText('24');
  await desk.screenshot(page, 'scan-gs1-label-lot-expiry');
  // An expired lot is called out in words, not colour alone.
  await scan(page, `(01)0${product!.ean}(17)240131(10)OLD-1`);
  await expect(card.getByTestId('gs1-expiry')).toHaveText(/^(31 Jan|Jan 31,) 2024\s· expired$/);
});
