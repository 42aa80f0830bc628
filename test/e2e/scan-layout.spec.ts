import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/harness-fixture';
import { openDesk, scanCode } from './support/page-helpers';

/**
 * What a worker with a scanner in one hand sees of a found product at the desk's 1280x800 (with
 * the demo banner, the tallest the head of the window gets), without scrolling: the figures, the
 * adjust form, the move form's whole row (From, To, Quantity and its button) and the start of the
 * recent scans. "In view" is measured against the status bar's top edge, not the window's: what
 * lies under the status bar is hidden as surely as what lies below the window.
 */

async function foldOf(page: Page): Promise<number> {
  const bar = await page.locator('footer.statusbar').boundingBox();
  return bar?.y ?? page.viewportSize()!.height;
}

/** The element's box lies whole between the top of the window and the fold. */
async function expectAboveFold(page: Page, what: Locator, name: string): Promise<void> {
  const fold = await foldOf(page);
  const box = await what.boundingBox();
  expect(box, `${name} is laid out`).not.toBeNull();
  expect(box!.y, `${name} starts inside the window`).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height, `${name} ends above the fold at ${fold}px (it ends at ${Math.round(box!.y + box!.height)}px)`).toBeLessThanOrEqual(fold + 0.5);
}

test('at 1280x800 a found product shows the move row and the start of the recent scans without scrolling', async ({ page, desk }) => {
  await openDesk(page, desk);
  await expect(page.getByRole('complementary', { name: 'Demo mode' })).toBeVisible();
  await scanCode(page, 'WD-000042');
  const card = page.getByTestId('answer-card');
  await expect(card.getByRole('heading', { name: 'WD-000042', exact: true })).toBeVisible();
  // Nothing scrolled: the page is as the scan left it.
  expect(await page.evaluate(() => (globalThis as unknown as { document: { scrollingElement: { scrollTop: number } } }).document.scrollingElement.scrollTop)).toBe(0);

  await desk.screenshot(page, 'scan-layout-1280x800');

  const move = page.getByTestId('transfer-form');
  await expectAboveFold(page, move.getByRole('combobox', { name: 'From' }), 'the move form\'s From');
  await expectAboveFold(page, move.getByRole('combobox', { name: 'To' }), 'the move form\'s To');
  await expectAboveFold(page, move.getByRole('textbox', { name: 'Quantity' }), 'the move form\'s Quantity');
  await expectAboveFold(page, move.getByRole('button', { name: 'Move stock' }), 'the Move stock button');

  const recent = page.getByRole('region', { name: 'Recent scans' });
  await expectAboveFold(page, recent.getByRole('heading', { name: 'Recent scans' }), 'the Recent scans heading');
  await expectAboveFold(page, recent.getByRole('listitem').first(), 'the newest recent scan');

  // And what was in view before stays in view: every warehouse's figures and the adjust button.
  const rows = page.getByTestId('stock-levels').locator('tbody tr');
  for (let i = 0; i < (await rows.count()); i++) await expectAboveFold(page, rows.nth(i), `warehouse row ${i + 1}`);
  await expectAboveFold(page, card.getByRole('button', { name: 'Adjust stock' }), 'the Adjust stock button');
});
