import { expect, test } from './support/harness-fixture';
import { openDesk, restMouse, scanCode, seriousA11yProblems } from './support/page-helpers';

test('transfer: one action moves stock as two linked adjustments; a refused out leg moves nothing and says so', async ({ page, desk }) => {
  test.setTimeout(150_000);
  const sandbox = desk.core.sandbox()!;
  await openDesk(page, desk.url);
  await expect(page.getByTestId('sync')).toHaveText(/Synced/, { timeout: 60_000 });

  await scanCode(page, 'WD-000030');
  await expect(page.getByTestId('answer-card').getByRole('heading', { name: 'WD-000030', exact: true })).toBeVisible();
  const panel = page.getByRole('region', { name: 'Move between warehouses' });
  const from = await panel.getByRole('combobox', { name: 'From' }).inputValue();
  const to = await panel.getByRole('combobox', { name: 'To' }).locator('option:not([disabled])').first().getAttribute('value');
  await panel.getByRole('combobox', { name: 'To' }).selectOption(to!);
  await panel.getByLabel('Quantity').fill('3');
  await page.keyboard.press('Enter');
  await expect(panel.getByTestId('transfer-done')).toHaveCount(1, { timeout: 15_000 });
  expect(sandbox.adjustmentsFor('WD-000030').map((a) => [a.warehouseId, a.delta])).toEqual([
    [from, -3],
    [to, 3],
  ]);

  // More than the source holds: the out leg is refused, the in leg is never sent.
  await panel.getByLabel('Quantity').fill('900000');
  await page.keyboard.press('Enter');
  await expect(panel.getByTestId('transfer-out_refused')).toHaveCount(1, { timeout: 15_000 });
  await expect(panel.getByRole('alert')).toContainText('Nothing was moved');
  expect(sandbox.adjustmentsFor('WD-000030')).toHaveLength(2);
  expect(await seriousA11yProblems(page, 'main')).toEqual([]);
  await panel.scrollIntoViewIfNeeded();
  await restMouse(page);
  await desk.screenshot(page, 'transfer');
});
