import type { Page } from '@playwright/test';
import { expect, test } from './support/harness-fixture';
import { openDesk, showShipmentsWithStatus, shootAtSizesInBothSchemes, typeIntoScreen } from './support/page-helpers';

/**
 * The lists and forms (the scan screen after a change, the stock search, the shipment list, a
 * delivered shipment, the new-shipment form), at 1280x800 and 1024x700, light and dark, saved as
 * <screen>-<size>-<scheme>-<phase>.png to be looked at, each with the axe audit in both schemes.
 * The screens are walked once: each is shot in light and dark where it stands. SCREENS_PHASE
 * names the phase (default "after"), so shots taken before a change to these screens can be laid
 * beside the shots taken after it.
 */

// Written to test/artifacts (git-ignored) on every run; SCREENS_DIR=docs/screens/two-sizes refreshes the committed shots.
const SCREENS_DIR = process.env.SCREENS_DIR ?? 'test/artifacts/e2e/two-sizes';

const PHASE = /^[a-z]+$/.test(process.env.SCREENS_PHASE ?? '') ? process.env.SCREENS_PHASE! : 'after';
const SIZES = [
  { width: 1280, height: 800 },
  { width: 1024, height: 700 },
] as const;

test('lists and forms screens, light and dark', async ({ page, desk }) => {
  test.setTimeout(240_000);
  await page.emulateMedia({ colorScheme: 'light' });
  await openDesk(page, desk);
  const shotAll = async (name: string, prepare?: () => Promise<void>) => {
    await shootAtSizesInBothSchemes(page, SIZES, (size, scheme) => `${SCREENS_DIR}/${name}-${size.width}x${size.height}-${scheme}-${PHASE}.png`, prepare);
  };

  // The scan screen after an adjustment, done at each size (where it scrolls to depends on it):
  // the recent scans and the sent line.
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
  });

  // The stock list searched inside a value.
  await typeIntoScreen(page, 'F2', '000042');
  await expect(page.getByTestId('stock-count')).toHaveText(/items? containing “000042”/);
  await shotAll('stock-search');

  // The shipment list as it opens.
  await page.keyboard.press('F3');
  await expect(page.getByTestId('shipments-table').getByRole('button', { name: /^Open shipment/ }).first()).toBeVisible({ timeout: 30_000 });
  await shotAll('shipments-list');

  // A delivered shipment's actions.
  await showShipmentsWithStatus(page, 'delivered');
  // one booked with the carrier directly, so its record can be deleted: both kinds of action show
  const rows = page.getByTestId('shipments-table').getByRole('button', { name: /^Open shipment/ });
  const detail = page.getByTestId('shipment-detail');
  for (let i = 0; i < (await rows.count()); i++) {
    await rows.nth(i).click();
    await expect(detail).toBeVisible();
    if ((await detail.getByRole('button', { name: /^Delete/ }).count()) > 0) break;
    await detail.getByRole('button', { name: '← All shipments' }).click();
  }
  await shotAll('shipment-delivered');

  // The new-shipment form, empty.
  await openNewShipment(page);
  await shotAll('shipment-new');
});

async function openNewShipment(page: Page): Promise<void> {
  await page.keyboard.press('F3');
  await page.getByRole('tab', { name: 'New shipment' }).click();
  await expect(page.getByRole('group', { name: 'How it is booked' })).toBeVisible();
}

/**
 * These shots are of screens, not of how keys find the scan box (keys-and-small-screens.spec.ts and scan-desk-day.spec.ts cover that): the
 * code is typed into the scan box itself, so a key typed before the focus has settled after F1
 * cannot make a different screen.
 */
async function lookUp(page: Page, code: string): Promise<void> {
  const box = page.getByRole('textbox', { name: 'Scan or type a code' });
  await box.fill(code);
  await box.press('Enter');
}
