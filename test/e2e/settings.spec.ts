import type { DeskApi } from '../../src/shared/ipc/desk-api';
import { expect, test } from './support/harness-fixture';
import { BLUR_FOCUS, openDesk } from './support/page-helpers';

test('sign in with wrong credentials gives a clear error and keeps no secret on the page', async ({ page, desk }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(desk.url);
  await page.keyboard.press('F5');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.getByTestId('account-status')).toContainText('Demo mode', { timeout: 30_000 });
  // The demo sandbox is a real service on the loopback: wrong secret, real refusal.
  const baseUrl = (await page.getByTestId('account-status').locator('dd.mono').first().textContent())!.trim();
  await page.getByLabel('Service address (base URL)').fill(baseUrl);
  await page.getByLabel('Client id').fill('desk-demo');
  await page.getByLabel('Client secret').fill('certainly-not-the-secret');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByLabel('Client secret')).toHaveValue('');
  const alert = page.getByRole('alert').filter({ hasText: 'Sign-in' });
  await expect(alert).toContainText('wrong client id or secret', { timeout: 20_000 });
  await expect(alert).toContainText('invalid_credentials');
  expect(await page.content()).not.toContain('certainly-not-the-secret');
});

test('scanner settings: the test field shows the measured timing', async ({ page, desk }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(desk.url);
  await page.keyboard.press('Alt+5');
  // The test field follows the limit being edited, before it is saved. (Generous here: the keys
  // cross the DevTools protocol on a shared machine; the timing itself is unit-tested.)
  await page.getByLabel('Longest gap between scanner characters (ms)').fill('500');
  await page.getByLabel('Test: scan into this field').click();
  await page.keyboard.type('WD-000001');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('scan-verdict')).toContainText('Counts as a scan: “WD-000001”');
  await expect(page.getByTestId('scan-gaps').locator('li')).toHaveCount(9); // 8 gaps + the one before Enter
  // Enter ended that attempt; the next keys are a new one.
  await page.keyboard.type('slow', { delay: 1200 });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('scan-verdict')).toContainText('Would not count');
});

test('saved settings are used at once and kept: scanner prefix and Tab suffix, confirmation threshold, muted sounds', async ({ page, desk }) => {
  test.setTimeout(90_000);
  await openDesk(page, desk);
  await page.keyboard.press('F5');
  try {
    // A scanner set up to send the GS1 symbology identifier "]E0" before an EAN-13 and Tab after it.
    await page.getByLabel('Prefix').fill(']E0');
    await page.getByRole('radio', { name: 'Tab' }).check();
    await page.locator('form').filter({ has: page.getByLabel('Prefix') }).getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved. Scans use the new settings now.' })).toBeVisible();
    await page.keyboard.press('F1');
    await page.evaluate(BLUR_FOCUS);
    await page.keyboard.type(']E08710000000420'); // WD-000042's EAN-13
    await page.keyboard.press('Tab');
    const card = page.getByTestId('answer-card');
    await expect(card).toHaveAttribute('data-kind', 'stock');
    await expect(card.getByRole('heading', { name: 'WD-000042', exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Recent scans' }).getByRole('listitem').first()).toContainText('WD-000042');

    // Confirm from 5 units: an addition of 6 asks first.
    await page.keyboard.press('F5');
    await page.getByLabel('Ask for a confirmation from a change of').fill('5');
    await page.getByLabel('Ask for a confirmation from a change of').press('Enter');
    await expect(page.getByRole('status').filter({ hasText: /^Saved\.$/ })).toBeVisible();
    // Mute from the Settings screen; the status bar's switch follows.
    await page.getByRole('checkbox', { name: /Mute scan sounds/ }).check();
    await expect(page.getByRole('button', { name: 'Sounds off' })).toHaveAttribute('aria-pressed', 'true');

    // All three are main's settings: a reload (a restart of the window) keeps them.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Sounds off' })).toBeVisible();
    await page.keyboard.press('F5');
    await expect(page.getByLabel('Prefix')).toHaveValue(']E0');
    await expect(page.getByRole('radio', { name: 'Tab' })).toBeChecked();
    await expect(page.getByLabel('Ask for a confirmation from a change of')).toHaveValue('5');
    await page.keyboard.press('F1');
    await page.getByLabel('Scan or type a code').fill('WD-000042');
    await page.getByRole('button', { name: 'Look up' }).click();
    await expect(card.getByRole('heading', { name: 'WD-000042', exact: true })).toBeVisible();
    await page.getByRole('combobox', { name: 'Reason', exact: true }).selectOption({ label: 'Found' });
    await page.getByLabel('Quantity to add').fill('6');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Confirm a large change' })).toContainText('Changes of 5 or more are confirmed');
    await page.keyboard.press('Escape');
  } finally {
    // This file's tests share one desk: its settings go back to what the other tests expect.
    await page.evaluate(async () => {
      await (globalThis as unknown as { desk: DeskApi }).desk.settings.update({ scanner: { prefix: '', suffix: 'Enter' }, confirmAdjustmentsFrom: 50, soundsMuted: false });
    });
  }
});
