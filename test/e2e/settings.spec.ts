import { expect, test } from './support/harness-fixture';

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
  await page.getByLabel('Inter-key limit (ms)').fill('500');
  await page.getByLabel('Test: scan into this field').click();
  await page.keyboard.type('WD-000001');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('scan-verdict')).toContainText('Counts as a scan: “WD-000001”');
  await expect(page.getByTestId('scan-gaps').locator('li')).toHaveCount(9); // 8 gaps + the one before Enter
  await page.waitForTimeout(1100); // a new attempt
  await page.keyboard.type('slow', { delay: 1200 });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('scan-verdict')).toContainText('Would not count');
});
