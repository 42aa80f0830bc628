// Accounts through the Settings screen, as a worker switches them: sign in with real credentials
// against a service (a sandbox on its own port, with a catalogue of a size the demo does not
// have, so every count below tells whose records are on screen), sign out, start the demo, and
// switch between the two demo owners. After each change the screens must show the new account's
// records and nothing of the previous one: not its cached stock, not its scans, not its outbox.
// The keychain checks of a whole session and its sign-out are in hardening-secrets.spec.ts; here
// only what a switch adds: the demo started from a signed-in account, or another account signed
// in over it, signs it out of the keychain.
// Last, the outbox across accounts: what waits for an account is sent when it signs in again.
import type { Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CredentialVault } from '../../src/main/kernel/secrets';
import { DEMO_OWNERS, startSandbox, type RunningSandbox } from '../../src/sandbox';
import { expect, test } from './support/harness-fixture';
import { openDesk, scanCode } from './support/page-helpers';

/** The demo sandbox inside the desk: 60 products, 3 warehouses. */
const DEMO_SKUS = 60;
/** The "real" service: 40 products for the desk owner; the other owner gets 25 (OT-…) and 2 warehouses. */
const SERVICE_SKUS = 40;
const OTHER_SKUS = 25;

test.use({ deskOptions: { demoSandbox: { demo: { skus: DEMO_SKUS, shipments: 8 }, rateLimit: false } } });
test.describe.configure({ mode: 'serial' });

let work: string;
let service: RunningSandbox;

test.beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'wd-e2e-account-'));
  service = await startSandbox({ dbPath: join(work, 'service.sqlite'), demo: { skus: SERVICE_SKUS, shipments: 12, seed: 5 }, rateLimit: false });
});
test.afterAll(async () => {
  await service?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

type Owner = (typeof DEMO_OWNERS)[keyof typeof DEMO_OWNERS];

const accountStatus = (page: Page) => page.getByTestId('account-status');
const statusBar = (page: Page) => page.getByRole('contentinfo', { name: 'Status' });
const demoBanner = (page: Page) => page.getByRole('complementary', { name: 'Demo mode' });
const card = (page: Page) => page.getByTestId('answer-card');
const recentScans = (page: Page) => page.getByRole('region', { name: 'Recent scans' });

async function openSettings(page: Page): Promise<void> {
  await page.keyboard.press('F5');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(accountStatus(page)).toBeVisible();
}

/** Signs in on the Settings form, as a worker would, and waits for the account's first sync. */
async function signIn(page: Page, owner: Owner): Promise<void> {
  await openSettings(page);
  await page.getByLabel('Service address (base URL)').fill(service.baseUrl);
  await page.getByLabel('Client id').fill(owner.clientId);
  await page.getByLabel('Client secret').fill(owner.clientSecret);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(accountStatus(page)).toContainText('Signed in', { timeout: 30_000 });
  await expect(accountStatus(page)).toContainText(owner.clientId);
  await expect(page.getByRole('status').filter({ hasText: `Signed in as ${owner.clientId}.` })).toBeVisible();
  await expect(statusBar(page)).toContainText(`${owner.clientId} @ ${new URL(service.baseUrl).host}`);
  await waitForSync(page);
}

async function signOut(page: Page): Promise<void> {
  await openSettings(page);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('dialog').getByRole('button', { name: /Sign out/ }).click();
  await expect(accountStatus(page)).toContainText('Signed out', { timeout: 20_000 });
}

/** A finished sync of the current account (its first one starts with the sign-in). */
async function waitForSync(page: Page): Promise<void> {
  await expect(page.getByTestId('connectivity')).toHaveText(/Online/, { timeout: 30_000 });
  await expect(page.getByTestId('sync')).toHaveText(/Synced/, { timeout: 60_000 });
}

/** The Stock screen's count line ("40 items …") once the list has read the cache. */
async function stockCount(page: Page): Promise<string> {
  await page.keyboard.press('F2');
  await page.getByRole('tab', { name: 'Stock list' }).click();
  const count = page.getByTestId('stock-count');
  await expect(count).not.toContainText('Loading');
  return (await count.locator('strong').textContent())!.trim();
}

/** A scan on the Scan screen, answered. */
async function scanOnScanScreen(page: Page, code: string, kind: 'stock' | 'not_found'): Promise<void> {
  await page.keyboard.press('F1');
  await scanCode(page, code);
  await expect(card(page)).toHaveAttribute('data-kind', kind);
  await expect(card(page).getByRole('heading', { name: code, exact: true })).toBeVisible();
}

function keychainHolds(owner: Owner): boolean {
  const layout = CredentialVault.layout({ baseUrl: service.baseUrl, clientId: owner.clientId });
  return [layout.credentials, layout.token].some(
    (entry) => execFileSync('secret-tool', ['search', '--all', 'service', entry.service, 'account', entry.account], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }) !== '',
  );
}

test('sign in with real credentials: the service’s records, the account in the status bar, no demo banner', async ({ page, desk }) => {
  test.setTimeout(120_000);
  await openDesk(page, desk);
  await waitForSync(page);
  await expect(demoBanner(page)).toBeVisible();
  expect(await stockCount(page)).toBe(`${DEMO_SKUS} items`);

  // The demo banner's button leads to the sign-in form.
  await demoBanner(page).getByRole('button', { name: 'Sign in with your account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeFocused();
  await expect(accountStatus(page)).toContainText('Demo mode');

  await signIn(page, DEMO_OWNERS.desk);
  await expect(demoBanner(page)).toHaveCount(0);
  await expect(page.getByLabel('Client secret')).toHaveValue('');
  await desk.screenshot(page, 'account-signed-in-light');
  expect(await stockCount(page)).toBe(`${SERVICE_SKUS} items`);
  await scanOnScanScreen(page, 'WD-000012', 'stock');
  await expect(card(page).getByText('up to date', { exact: true })).toBeVisible({ timeout: 15_000 });
});

test('sign out: the desk says so, shows nothing of the account any more, and asks to sign in', async ({ page, desk }) => {
  test.setTimeout(120_000);
  await page.emulateMedia({ colorScheme: 'dark' }); // the shots of this one in dark
  await openDesk(page, desk); // still signed in from the previous test: main kept the account
  await expect(statusBar(page)).toContainText(`${DEMO_OWNERS.desk.clientId} @`);
  await scanOnScanScreen(page, 'WD-000012', 'stock');

  await signOut(page);
  await expect(statusBar(page).getByRole('button', { name: 'Not signed in' })).toBeVisible();
  // Not "offline": there is no service to be offline from, and nothing to sync.
  await expect(page.getByTestId('connectivity')).toHaveText('No service');
  await expect(statusBar(page).getByRole('button', { name: 'Sync now' })).toBeDisabled();
  await expect(demoBanner(page)).toHaveCount(0);
  await expect(page.getByTestId('pending-count')).toHaveText('Nothing waiting to send');

  // The Scan screen forgot the account's answers; a scan now finds nothing (the cache is empty).
  await page.keyboard.press('F1');
  await expect(card(page)).toHaveCount(0);
  await expect(page.locator('main').getByText('Not signed in', { exact: true })).toBeVisible();
  await expect(recentScans(page).getByRole('listitem')).toHaveCount(0);
  await scanCode(page, 'WD-000012');
  await expect(card(page)).toHaveAttribute('data-kind', 'not_found');
  await expect(card(page)).toContainText('No account is signed in');
  await desk.screenshot(page, 'account-signed-out-scan-dark');
  await expect(card(page).getByRole('heading', { name: 'WD-000012', exact: true })).toBeVisible();
  expect(await stockCount(page)).toBe('0 items');

  // "Not signed in" in the status bar opens the sign-in form.
  await statusBar(page).getByRole('button', { name: 'Not signed in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeFocused();
  await expect(page.getByRole('heading', { name: 'Sign in with API credentials' })).toBeVisible();
  await desk.screenshot(page, 'account-signed-out-dark');
});

test('start demo mode from the Settings screen: signed out, then from a signed-in account (which leaves the keychain)', async ({ page, desk }) => {
  test.setTimeout(120_000);
  // Signed out since the previous test: nothing to be online with, so only the page is awaited.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(desk.url);
  await openSettings(page);
  await expect(accountStatus(page)).toContainText('Signed out');

  await page.getByRole('button', { name: 'Start demo mode' }).click();
  await expect(accountStatus(page)).toContainText('Demo mode', { timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Start demo mode' })).toHaveCount(0);
  await expect(demoBanner(page)).toBeVisible();
  await expect(statusBar(page)).toContainText('Demo mode');
  await waitForSync(page);
  expect(await stockCount(page)).toBe(`${DEMO_SKUS} items`);
  await scanOnScanScreen(page, 'WD-000050', 'stock');

  // From a signed-in account: the demo signs it out first, its credentials leave the keychain.
  await signIn(page, DEMO_OWNERS.other);
  expect(keychainHolds(DEMO_OWNERS.other)).toBe(true);
  await openSettings(page);
  await page.getByRole('button', { name: 'Start demo mode' }).click();
  await expect(accountStatus(page)).toContainText('Demo mode', { timeout: 30_000 });
  expect(keychainHolds(DEMO_OWNERS.other)).toBe(false);
  await waitForSync(page);
  expect(await stockCount(page)).toBe(`${DEMO_SKUS} items`);
});

test('switching owners shows the second owner’s records only, never the first one’s cached ones, and back', async ({ page, desk }) => {
  test.setTimeout(180_000);
  await openDesk(page, desk); // in demo mode from the previous test
  await signIn(page, DEMO_OWNERS.desk);

  // The first owner: a scan, an adjustment the service refuses (kept in the outbox), its lists.
  await scanOnScanScreen(page, 'WD-000007', 'stock');
  await expect(card(page).getByText('up to date', { exact: true })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('radio', { name: 'Remove' }).check();
  await page.getByRole('combobox', { name: 'Reason', exact: true }).selectOption({ label: 'Lost' });
  await page.getByLabel('Quantity to remove').fill('999999');
  await page.keyboard.press('Enter');
  await page.getByRole('dialog', { name: 'Remove more than is on hand?' }).getByRole('button', { name: /^Remove/ }).click();
  await expect(page.locator('[data-testid^="adjustment-"]').first()).toHaveAttribute('data-state', 'rejected', { timeout: 20_000 });
  await expect(page.getByTestId('pending-count')).toHaveText(/1 rejected/);
  expect(await stockCount(page)).toBe(`${SERVICE_SKUS} items`);

  // The second owner, signed in over the first: the desk holds one account, so the first one's
  // secret and token leave the keychain.
  expect(keychainHolds(DEMO_OWNERS.desk)).toBe(true);
  await signIn(page, DEMO_OWNERS.other);
  await expect(page.getByTestId('pending-count')).toHaveText('Nothing waiting to send');
  expect(keychainHolds(DEMO_OWNERS.desk)).toBe(false);
  expect(keychainHolds(DEMO_OWNERS.other)).toBe(true);

  // Scan screen: no card and no recent scan of the first owner; its SKU is unknown here.
  await page.keyboard.press('F1');
  await expect(card(page)).toHaveCount(0);
  await expect(recentScans(page).getByRole('listitem')).toHaveCount(0);
  await scanOnScanScreen(page, 'WD-000007', 'not_found');
  await scanOnScanScreen(page, 'OT-000007', 'stock');
  const levels = card(page).getByTestId('stock-levels').locator('tbody th');
  for (const name of await levels.allTextContents()) expect(name).toMatch(/Barcelona Zona Franca|Milano Nord/);
  const warehouseChoices = await page.getByRole('combobox', { name: 'Warehouse', exact: true }).locator('option').allTextContents();
  expect(warehouseChoices.filter((o) => !/Choose/.test(o)).every((o) => /Barcelona|Milano/.test(o))).toBe(true);

  // Stock: the second owner's catalogue only.
  expect(await stockCount(page)).toBe(`${OTHER_SKUS} items`);
  await page.getByTestId('stock-filter').fill('WD');
  await expect(page.getByTestId('stock-count').locator('strong')).toHaveText(/^0 items/);
  await page.getByTestId('stock-filter').fill('');
  await expect(page.getByTestId('stock-warehouse').locator('option')).toHaveText(['All warehouses', 'Barcelona Zona Franca (BCN1)', 'Milano Nord (MIL1)']);

  // Shipments: only the second owner's (their references start OT-ORD-; some have none).
  await page.keyboard.press('F3');
  const table = page.getByTestId('shipments-table');
  await expect(table.getByRole('button', { name: /^Open shipment/ }).first()).toBeVisible({ timeout: 30_000 });
  const references = await table.locator('.ref').allTextContents();
  expect(references.length).toBeGreaterThan(0);
  for (const ref of references) expect(ref).toMatch(/^(OT-ORD-\d+|No reference)$/);

  // Outbox: the first owner's refused adjustment is not the second owner's business.
  await page.keyboard.press('F4');
  await page.getByRole('tab', { name: /All/ }).click();
  await expect(page.getByTestId('outbox-row')).toHaveCount(0);
  await expect(page.getByText('No adjustments here.')).toBeVisible();

  // Back to the first owner: its records again (synced anew), its kept outbox entry, not the second's stock.
  await signIn(page, DEMO_OWNERS.desk);
  await expect(page.getByTestId('pending-count')).toHaveText(/1 rejected/);
  await page.keyboard.press('F4');
  await page.getByRole('tab', { name: /All/ }).click();
  await expect(page.getByTestId('outbox-row')).toHaveCount(1);
  await expect(page.getByTestId('outbox-row')).toContainText('WD-000007');
  await page.keyboard.press('F1');
  await expect(recentScans(page).getByRole('listitem')).toHaveCount(0);
  await scanOnScanScreen(page, 'OT-000007', 'not_found');
  expect(await stockCount(page)).toBe(`${SERVICE_SKUS} items`);
  await signOut(page);
});

test('an adjustment queued offline survives a sign-out and is sent, once, after the next sign-in to the same account', async ({ page, desk }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(desk.url); // signed out since the previous test
  await signIn(page, DEMO_OWNERS.desk);
  await scanOnScanScreen(page, 'WD-000020', 'stock');
  const before = service.adjustmentsFor('WD-000020').length;

  service.setFaults({ unreachable: true });
  try {
    await scanOnScanScreen(page, 'WD-000020', 'stock'); // its refresh is the request that fails
    await expect(page.getByTestId('connectivity')).toHaveText(/Offline/, { timeout: 30_000 });
    await page.getByRole('radio', { name: 'Add' }).check();
    await page.getByRole('combobox', { name: 'Reason', exact: true }).selectOption({ label: 'Found' });
    await page.getByLabel('Quantity to add').fill('4');
    await page.keyboard.press('Enter');
    await expect(page.locator('[data-testid^="adjustment-"]').first()).toHaveAttribute('data-state', 'queued');
    await expect(page.getByTestId('pending-count')).toHaveText(/1 waiting to send/);

    await signOut(page);
    await expect(page.getByTestId('pending-count')).toHaveText('Nothing waiting to send');
  } finally {
    service.setFaults({ unreachable: false });
  }
  expect(service.adjustmentsFor('WD-000020')).toHaveLength(before);

  await signIn(page, DEMO_OWNERS.desk);
  await expect.poll(() => service.adjustmentsFor('WD-000020').length, { timeout: 30_000 }).toBe(before + 1);
  await expect(page.getByTestId('pending-count')).toHaveText(/^(Nothing waiting to send|\d+ rejected)$/); // the refusal of the switching test stays
  const sent = service.adjustmentsFor('WD-000020').slice(before);
  expect(sent.map((a) => [a.delta, a.reason])).toEqual([[4, 'found']]);
  await page.keyboard.press('F4');
  await page.getByRole('tab', { name: /Applied/ }).click();
  await expect(page.getByTestId('outbox-row').filter({ hasText: 'WD-000020' })).toHaveCount(1);
  await signOut(page);
});
