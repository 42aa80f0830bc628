import Database from 'better-sqlite3';
import { expect, test } from './support/harness-fixture';
import { matchBaseline } from './support/baseline';
import { openDesk, restMouse, scanCode, seriousA11yProblems } from './support/page-helpers';

test('transfer: one action moves stock as two linked adjustments; a refused out leg moves nothing and says so', async ({ page, desk }) => {
  test.setTimeout(150_000);
  const sandbox = desk.core.sandbox()!;
  await openDesk(page, desk);
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
  // Its legs in the card's list of changes say where the stock went, not "Other".
  const toName = (await panel.getByRole('combobox', { name: 'To' }).locator(`option[value="${to}"]`).textContent())!;
  await expect(page.locator('[data-testid^="adjustment-"]').filter({ hasText: `Transfer to ${toName}` })).toHaveCount(1);
  await expect(page.locator('[data-testid^="adjustment-"]').filter({ hasText: 'Other' })).toHaveCount(0);

  // More than the source holds: a move that large asks first (Enter keeps the stock where it is);
  // confirmed, the out leg is refused and the in leg is never sent.
  await panel.getByLabel('Quantity').fill('900000');
  await page.keyboard.press('Enter');
  const ask = page.getByRole('dialog', { name: 'Confirm a large move' });
  await expect(ask).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(ask).toHaveCount(0);
  expect(sandbox.adjustmentsFor('WD-000030')).toHaveLength(2);
  await panel.getByLabel('Quantity').focus();
  await page.keyboard.press('Enter');
  await expect(ask).toBeVisible();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(panel.getByTestId('transfer-out_refused')).toHaveCount(1, { timeout: 15_000 });
  await expect(panel.getByRole('alert')).toContainText('Nothing was moved');
  expect(sandbox.adjustmentsFor('WD-000030')).toHaveLength(2);
  expect(await seriousA11yProblems(page, 'main')).toEqual([]);
  await panel.scrollIntoViewIfNeeded();
  await restMouse(page);
  await matchBaseline(page, desk, 'transfer');
});

test('transfer: an in leg refused says which leg and what to do; Undo puts the stock back into the source, once', async ({ page, desk }) => {
  test.setTimeout(150_000);
  const sandbox = desk.core.sandbox()!;
  await openDesk(page, desk);
  await expect(page.getByTestId('sync')).toHaveText(/Synced/, { timeout: 60_000 });
  await scanCode(page, 'WD-000031');
  await expect(page.getByTestId('answer-card').getByRole('heading', { name: 'WD-000031', exact: true })).toBeVisible();
  const panel = page.getByRole('region', { name: 'Move between warehouses' });
  const from = await panel.getByRole('combobox', { name: 'From' }).inputValue();
  const to = (await panel.getByRole('combobox', { name: 'To' }).locator('option:not([disabled])').first().getAttribute('value'))!;
  await panel.getByRole('combobox', { name: 'To' }).selectOption(to);
  await panel.getByLabel('Quantity').fill('1');

  // The destination closes at the service after the desk last synced: the in leg is refused.
  const db = new Database(sandbox.dbPath);
  // A fixed id: the warehouse list on screen names it, and the baseline must not change with the clock.
  const closed = 'wh_ClosedForTheTest';
  db.prepare('UPDATE warehouses SET id = ? WHERE id = ?').run(closed, to);
  try {
    await page.keyboard.press('Enter');
    await expect(panel.getByTestId('transfer-in_refused')).toHaveCount(1, { timeout: 15_000 });
  } finally {
    db.prepare('UPDATE warehouses SET id = ? WHERE id = ?').run(to, closed);
    db.close();
  }
  const line = panel.getByTestId('transfer-in_refused');
  await expect(line.getByRole('alert')).toContainText('did not take them');
  await expect(line).toContainText('Into');
  expect(sandbox.adjustmentsFor('WD-000031').map((a) => [a.warehouseId, a.delta])).toEqual([[from, -1]]);
  await panel.scrollIntoViewIfNeeded();
  await restMouse(page);
  await matchBaseline(page, desk, 'transfer-in-refused');

  await line.getByRole('button', { name: /^Undo the move of 1 WD-000031/ }).click();
  await page.getByRole('dialog', { name: 'Undo this move?' }).getByRole('button', { name: 'Undo the move' }).click();
  await expect(panel.getByTestId('transfer-undone')).toHaveCount(1, { timeout: 15_000 });
  await expect.poll(() => sandbox.adjustmentsFor('WD-000031').map((a) => [a.warehouseId, a.delta]), { timeout: 15_000 }).toEqual([
    [from, -1],
    [from, 1],
  ]);
  expect(await seriousA11yProblems(page, 'main')).toEqual([]);
});
