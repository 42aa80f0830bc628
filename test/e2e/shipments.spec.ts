import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/harness-fixture';
import { matchBaseline } from './support/baseline';
import { seriousA11yProblems } from './support/page-helpers';

/**
 * The Shipments screen through the harness (real renderer, bridge, main services, sandbox):
 * read, cancel, delete (scope 2), create, Green index and transit time, offline refusal, and
 * screenshots in light and dark. Demo shipments: ORD-100000.., status by index (created,
 * label_ready, in_transit, delivered, cancelled), every third one scope 2.
 */

async function openShipments(page: Page, url: string): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(url);
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: /^Shipments/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Shipments' })).toBeVisible();
  await expect(page.getByTestId('shipments-table').getByRole('button', { name: /^Open shipment/ }).first()).toBeVisible({ timeout: 30_000 });
}

const detail = (page: Page): Locator => page.getByTestId('shipment-detail');

/** Opens the first listed shipment with this status whose detail matches `want`. */
async function openFirst(page: Page, status: string, want: (d: Locator) => Promise<boolean>): Promise<string> {
  await page.getByTestId('shipments-status').selectOption(status);
  const table = page.getByTestId('shipments-table');
  const buttons = table.getByRole('button', { name: /^Open shipment/ });
  // Wait for the filtered page (the previous one may still be on screen for a moment).
  await expect
    .poll(async () => {
      const states = await table.locator('td[data-status]').evaluateAll((cells) => cells.map((c) => c.getAttribute('data-status')));
      return states.length > 0 && states.every((s) => s === status);
    })
    .toBe(true);
  const n = await buttons.count();
  for (let i = 0; i < n; i++) {
    await buttons.nth(i).click();
    await expect(detail(page)).toBeVisible();
    const token = (await detail(page).locator('.token').textContent())!.trim();
    if (await want(detail(page))) return token;
    await detail(page).getByRole('button', { name: '← All shipments' }).click();
  }
  throw new Error(`no ${status} shipment fits`);
}

/** Amsterdam to Berlin, two parcels, on the route form. */
async function fillRoute(form: Locator): Promise<void> {
  await form.locator('input[name="origin.country"]').fill('nl');
  await form.locator('input[name="origin.postalCode"]').fill('1043 AM');
  await form.locator('input[name="destination.country"]').fill('DE');
  await form.locator('input[name="destination.postalCode"]').fill('10119');
  await form.locator('input[name="weights"]').fill('1200, 800');
}

async function fillCreateForm(page: Page, reference: string, scope: '1' | '2'): Promise<void> {
  const form = page.getByTestId('create-shipment');
  const field = (name: string) => form.locator(`input[name="${name}"]`);
  await field('reference').fill(reference);
  await form.locator('select[name="carrier"]').selectOption({ label: 'DHL' });
  await form.getByLabel('Service level').selectOption('express');
  await form.getByRole('radio', { name: scope === '1' ? 'Through the service' : /^With the carrier directly/ }).check();
  if (scope === '2') await field('trackingNumber').fill('JD0146000012345');
  await form.getByLabel('Fill from a warehouse').selectOption({ label: 'Amsterdam Westpoort (AMS1)' });
  await expect(field('sender.address.city')).toHaveValue('Amsterdam');
  await field('recipient.name').fill('Jonas Müller');
  await field('recipient.address.line1').fill('Torstraße 1');
  await field('recipient.address.city').fill('Berlin');
  await field('recipient.address.postalCode').fill('10119');
  await field('recipient.address.country').fill('de');
  await field('parcels.0.weightGrams').fill('1200');
  await form.getByRole('button', { name: 'Add parcel' }).click();
  await expect(field('parcels.1.weightGrams')).toBeFocused();
  await page.keyboard.type('800');
  await field('parcels.1.dimensionsMm.length').fill('400');
  await field('parcels.1.dimensionsMm.width').fill('300');
  await field('parcels.1.dimensionsMm.height').fill('200');
}

// First in the file: the harness is shared by its tests, and the later ones cancel and delete
// shipments; the baselines show the demo data as it starts.
for (const scheme of ['light', 'dark'] as const) {
  test(`shipments screens in ${scheme}: screenshots and accessibility audit`, async ({ page, desk }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await openShipments(page, desk.url);
    await matchBaseline(page, desk, `shipments-${scheme}`);
    expect(await seriousA11yProblems(page, 'main')).toEqual([]);

    await openFirst(page, 'label_ready', async () => true);
    await detail(page).getByRole('button', { name: 'Green index' }).click();
    await detail(page).getByRole('button', { name: 'Transit time' }).click();
    await expect(detail(page).getByTestId('transit-time')).toBeVisible();
    await expect(detail(page).getByTestId('green-index')).toBeVisible();
    await matchBaseline(page, desk, `shipment-detail-${scheme}`, { fullPage: true });
    expect(await seriousA11yProblems(page, 'main')).toEqual([]);

    await detail(page).getByRole('button', { name: 'Cancel shipment…' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await matchBaseline(page, desk, `shipment-cancel-dialog-${scheme}`);
    await page.keyboard.press('Escape');

    await page.getByRole('tab', { name: 'New shipment' }).click();
    await page.getByRole('button', { name: 'Create shipment' }).click();
    await matchBaseline(page, desk, `shipment-create-${scheme}`);
    expect(await seriousA11yProblems(page, 'main')).toEqual([]);

    await page.getByRole('tab', { name: 'Green index & transit time' }).click();
    const route = page.getByTestId('route-estimate');
    await fillRoute(route);
    // A fixed ship date: left empty it is today, and the estimated delivery date (and its width
    // under the mask) would change the baseline every day.
    await route.getByLabel('Ship date').fill('2026-03-02');
    await route.getByRole('button', { name: 'Green index' }).click();
    await expect(route.getByTestId('green-index')).toContainText('km');
    await route.getByRole('button', { name: 'Transit time' }).click();
    await expect(route.getByTestId('transit-time')).toContainText(/business day/);
    await matchBaseline(page, desk, `shipment-route-${scheme}`);
    expect(await seriousA11yProblems(page, 'main')).toEqual([]);
  });
}

test('read a shipment from the list and by typing its token; green index and transit time of it', async ({ page, desk }) => {
  await openShipments(page, desk.url);
  const token = await openFirst(page, 'in_transit', async () => true);
  const d = detail(page);
  await expect(d.getByTestId('shipment-status')).toHaveAttribute('data-status', 'in_transit');
  await expect(d.getByTestId('shipment-status')).toHaveText('In transit');
  await expect(d.getByRole('region', { name: 'Recipient' }).locator('address')).not.toBeEmpty();
  await expect(d.getByRole('region', { name: 'Shipping' })).toContainText('Tracking');
  await expect(d.getByRole('heading', { name: /Parcels \(\d\)/ })).toBeVisible();
  // Neither cancellable nor (unless scope 2) deletable once in transit.
  await expect(d.getByRole('button', { name: 'Cancel shipment…' })).toHaveCount(0);

  await d.getByRole('button', { name: 'Green index' }).click();
  await expect(d.getByTestId('green-index')).toContainText(/CO₂e/);
  await expect(d.getByTestId('green-index').getByLabel(/^Grade [A-G]$/)).toBeVisible();
  await d.getByRole('button', { name: 'Transit time' }).click();
  await expect(d.getByTestId('transit-time')).toContainText(/business day/);
  await expect(d.getByTestId('transit-time')).toContainText('Estimated delivery');

  await d.getByRole('button', { name: '← All shipments' }).click();
  await page.getByLabel('Open by shipment code').fill('shp_nope');
  await page.getByLabel('Open by shipment code').press('Enter');
  await expect(page.getByText('That is not a shipment code: it starts with shp_ and has 20 letters or digits after it.')).toBeVisible();
  await page.getByLabel('Open by shipment code').fill(token.toUpperCase());
  await page.getByLabel('Open by shipment code').press('Enter');
  await expect(detail(page).locator('.token')).toHaveText(token);
  await expect(detail(page).getByRole('heading', { level: 2 })).toBeFocused();

  // An unknown token: the service's answer with code and request id.
  await detail(page).getByRole('button', { name: '← All shipments' }).click();
  await page.getByLabel('Open by shipment code').fill('shp_00000000000000000000');
  await page.getByLabel('Open by shipment code').press('Enter');
  const notice = page.getByRole('alert').filter({ hasText: 'shipment_not_found' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(/Reference req_/);
});

test('cancel a created shipment after confirming; the service answer shows', async ({ page, desk }) => {
  await openShipments(page, desk.url);
  await openFirst(page, 'created', async () => true);
  const d = detail(page);
  await d.getByRole('button', { name: 'Cancel shipment…' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('This cannot be undone');
  // Escape keeps it.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(d.getByTestId('shipment-status')).toHaveText('Created');
  await d.getByRole('button', { name: 'Cancel shipment…' }).click();
  await page.getByRole('dialog').getByRole('button', { name: /^Cancel shipment/ }).click();
  await expect(d.getByRole('status').filter({ hasText: 'The service answered' })).toContainText('Cancelled since');
  await expect(d.getByTestId('shipment-status')).toHaveText('Cancelled');
  await expect(d.getByRole('button', { name: 'Cancel shipment…' })).toHaveCount(0);
  await matchBaseline(page, desk, 'shipments-cancelled');
});

test('create a scope 2 shipment with the form, then delete it; offline refuses', async ({ page, desk }) => {
  await openShipments(page, desk.url);
  await page.getByRole('tab', { name: 'New shipment' }).click();
  await page.getByRole('button', { name: 'Create shipment' }).click();
  await expect(page.getByTestId('create-errors')).toBeVisible();
  await expect(page.getByTestId('create-shipment').locator('input[name="reference"]')).toBeFocused();

  const reference = `E2E-${Date.now()}`;
  await fillCreateForm(page, reference, '2');
  await page.getByRole('button', { name: 'Create shipment' }).click();
  const d = detail(page);
  await expect(d.getByRole('heading', { level: 2, name: reference })).toBeVisible();
  await expect(d.getByRole('status').filter({ hasText: `Shipment ${reference} was created` })).toBeVisible();
  await expect(d.getByRole('region', { name: 'Recipient' })).toContainText('10119 Berlin');
  await expect(d.getByRole('region', { name: 'Shipping' })).toContainText('Booked with the carrier directly');
  await expect(d.getByRole('heading', { name: 'Parcels (2)' })).toBeVisible();
  const token = (await d.locator('.token').textContent())!.trim();

  // Offline: delete and cancel need the service, the buttons say so.
  await desk.setFaults({ unreachable: true });
  await d.getByRole('button', { name: 'Transit time' }).click().catch(() => {});
  await expect(d.getByRole('button', { name: 'Delete this record…' })).toBeDisabled({ timeout: 15_000 });
  await expect(d.getByText(/Offline: cancel, delete and the calculations need the service/)).toBeVisible();
  await desk.setFaults({ unreachable: false });
  await expect(d.getByRole('button', { name: 'Delete this record…' })).toBeEnabled({ timeout: 30_000 });

  await d.getByRole('button', { name: 'Delete this record…' }).click();
  await page.getByRole('dialog').getByRole('button', { name: /^Delete the record/ }).click();
  await expect(page.getByRole('status').filter({ hasText: `Shipment ${reference} was deleted by the service.` })).toBeVisible();
  await expect(page.getByTestId('shipments-table').getByText(token)).toHaveCount(0);

  // Reading it again: the service no longer has it.
  await page.getByLabel('Open by shipment code').fill(token);
  await page.getByLabel('Open by shipment code').press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'shipment_not_found' })).toBeVisible();
});

test('green index and transit time for an ad-hoc route', async ({ page, desk }) => {
  await openShipments(page, desk.url);
  await page.getByRole('tab', { name: 'Green index & transit time' }).click();
  const form = page.getByTestId('route-estimate');
  await form.getByRole('button', { name: 'Green index' }).click();
  await expect(form.locator('input[name="origin.country"]')).toBeFocused();
  await expect(form.getByText('Enter at least one parcel weight in grams')).toBeVisible();

  await fillRoute(form);
  await form.getByRole('button', { name: 'Green index' }).click();
  await expect(form.getByTestId('green-index')).toContainText('km');
  await form.getByRole('button', { name: 'Transit time' }).click();
  await expect(form.getByTestId('transit-time')).toContainText(/business day/);
});

test('the list pages with "Load more" under a status filter: no shipment twice, none of another status, to the end', async ({ page, desk }) => {
  await openShipments(page, desk.url);
  const table = page.getByTestId('shipments-table');
  const rows = table.locator('tbody tr').filter({ has: page.locator('td[data-status]') });
  await expect(rows).toHaveCount(25);
  await page.getByTestId('shipments-status').selectOption('delivered');
  await expect.poll(() => table.locator('td[data-status]').evaluateAll((cells) => cells.every((c) => c.getAttribute('data-status') === 'delivered'))).toBe(true);
  await expect(rows).toHaveCount(25);
  const more = page.getByRole('button', { name: 'Load more shipments' });
  while (await more.isVisible()) {
    const shown = await rows.count();
    await more.click();
    await expect.poll(() => rows.count()).toBeGreaterThan(shown);
  }
  const statuses = await table.locator('td[data-status]').evaluateAll((cells) => cells.map((c) => c.getAttribute('data-status')));
  expect(statuses.length).toBeGreaterThan(25);
  expect(new Set(statuses)).toEqual(new Set(['delivered']));
  const tokens = await table.locator('tr[data-token]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-token')));
  expect(new Set(tokens).size).toBe(tokens.length);
  await expect(page.getByRole('status').filter({ hasText: `${tokens.length} shown` })).not.toContainText('more available');
});
