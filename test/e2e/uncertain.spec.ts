import type { Page } from '@playwright/test';
import { IDEMPOTENCY_HORIZON_MS } from '../../src/shared/api';
import { expect, test } from './support/harness-fixture';
import { matchBaseline } from './support/baseline';
import { openDesk, restMouse, scanCode, seriousA11yProblems } from './support/page-helpers';

/**
 * Issue 16: an adjustment whose answer is lost, through the harness. The request goes out and
 * its connection is dropped without an answer (fault injection); the clock (the sandbox's and,
 * through /__test/advance-clock, the desk's) moves past the 24 h idempotency horizon, so the key
 * may be forgotten and a resend with it is no longer safe. The Outbox shows the uncertain
 * decision with the stock then and now; the worker decides, and the sandbox's own records show
 * the adjustment applied exactly once.
 */

const SKU = 'WD-000041';

async function firstLevel(page: Page): Promise<{ warehouseId: string; onHand: number }> {
  const cell = page.locator('[data-testid^="on-hand-"]').first();
  const testId = (await cell.getAttribute('data-testid'))!;
  return { warehouseId: testId.replace('on-hand-', ''), onHand: Number((await cell.textContent())!.replace(/[^\d-]/g, '')) };
}

test('uncertain adjustment: answer lost, past the horizon the Outbox asks the worker, the decision applies it exactly once', async ({ page, desk }) => {
  test.setTimeout(180_000);
  const sandbox = desk.core.sandbox()!;
  const entries = async () => (await desk.core.handlers['outbox.list']({ sku: SKU })).entries;
  await openDesk(page, desk);
  await expect(page.getByTestId('sync')).toHaveText(/Synced/, { timeout: 60_000 });
  await scanCode(page, SKU);
  await expect(page.getByTestId('answer-card').getByRole('heading', { name: SKU, exact: true })).toBeVisible();
  const { warehouseId, onHand } = await firstLevel(page);

  // The request goes out; its connection is dropped before any answer.
  await desk.setFaults({ dropRate: 1 });
  await page.getByRole('radio', { name: 'Add' }).check();
  await page.getByRole('combobox', { name: 'Warehouse', exact: true }).selectOption(warehouseId);
  await page.getByRole('combobox', { name: 'Reason', exact: true }).selectOption({ label: 'Found' });
  await page.getByLabel('Quantity to add').fill('6');
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await entries())[0], { timeout: 30_000 }).toMatchObject({ state: 'queued', delta: 6, firstSentAt: expect.any(String) });
  const [sent] = await entries();

  // Sent without an answer: the Outbox says so and offers no Undo or Discard (it may have been applied).
  await page.getByTestId('pending-count').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible();
  const row = page.locator('[data-testid="outbox-row"]', { hasText: SKU });
  await expect(row.getByTestId('sent-no-answer')).toBeVisible();
  await expect(row.getByRole('button', { name: /^(Undo|Discard)/ })).toHaveCount(0);

  // Past the horizon on both clocks, then the service answers again.
  await desk.advanceClock(IDEMPOTENCY_HORIZON_MS + 3600_000);
  await desk.setFaults({ dropRate: 0 });
  // The next run (this sync brings the desk back online) finds the key too old to resend.
  await page.getByRole('button', { name: 'Sync now' }).click();

  const card = page.getByTestId('uncertain-entry');
  await expect(card).toBeVisible({ timeout: 30_000 });
  await expect(card.getByTestId('before')).toHaveText(String(onHand));
  await expect(card.getByTestId('now')).toHaveText(String(onHand), { timeout: 30_000 });
  await expect(card).toContainText('it was not applied');
  expect(sandbox.adjustmentsFor(SKU)).toEqual([]);
  // The safe choice has the focus; Enter alone never sends anything.
  await expect(card.getByRole('button', { name: "Don't send" })).toBeFocused();
  expect(await seriousA11yProblems(page, 'main')).toEqual([]);
  await restMouse(page);
  await matchBaseline(page, desk, 'outbox-uncertain');

  // The stock shows it never arrived: the worker sends it again, as a new request.
  await card.getByRole('button', { name: 'Send again' }).click();
  await expect.poll(async () => (await entries()).find((e) => e.id === sent!.id)?.state, { timeout: 30_000 }).toBe('applied');
  const applied = sandbox.adjustmentsFor(SKU);
  expect(applied.map((a) => [a.warehouseId, a.delta])).toEqual([[warehouseId, 6]]);
  await expect(page.getByTestId('uncertain-entry')).toHaveCount(0);
});
