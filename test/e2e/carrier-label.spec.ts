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
  await openDesk(page, desk.url);
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
