import type { Page } from '@playwright/test';
import { expect, test } from './support/harness-fixture';
import { BLUR_FOCUS, inBothSchemes, openDesk, seriousA11yProblems } from './support/page-helpers';

async function show(page: Page, key: string, heading: string): Promise<void> {
  await page.keyboard.press(key);
  // The audit that follows must see this screen, never the one before it.
  await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
}

test('axe: no serious or critical violation on any screen, light and dark', async ({ page, desk }) => {
  test.setTimeout(120_000);
  await page.emulateMedia({ colorScheme: 'light' });
  await openDesk(page, desk);
  const report: Record<string, string[]> = {};
  const audit = (screen: string) =>
    inBothSchemes(page, async (scheme) => {
      report[`${screen} (${scheme})`] = await seriousA11yProblems(page);
    });

  await audit('scan (empty)');
  await page.evaluate(BLUR_FOCUS);
  await page.keyboard.type('WD-000042');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('answer-card')).toHaveAttribute('data-kind', 'stock');
  await audit('scan (found)');
  await page.keyboard.type('WD-999997');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('answer-card')).toHaveAttribute('data-kind', 'not_found');
  await audit('scan (not found)');

  await show(page, 'F2', 'Stock');
  await audit('stock');
  await show(page, 'F3', 'Shipments');
  await audit('shipments');
  await show(page, 'F4', 'Outbox');
  await audit('outbox');
  await show(page, 'F5', 'Settings');
  await audit('settings');

  expect(report).toEqual(Object.fromEntries(Object.keys(report).map((k) => [k, []])));
});

/** Evaluated in the page: the focused element's outline, to prove the focus is visible. */
const FOCUS_OUTLINE = `(() => { const el = document.activeElement; if (!el || el === document.body) return 'no focus'; const s = getComputedStyle(el); const box = el.closest('.mode') ? getComputedStyle(el.closest('.mode')) : s; return box.outlineStyle + ' ' + box.outlineWidth; })()`;
const FOCUSED = `(() => { const el = document.activeElement; return el ? (el.getAttribute('aria-label') || el.id || el.textContent || el.tagName).trim().slice(0, 60) : ''; })()`;

test('keyboard only: scan, adjust with a confirmation, reach the outbox, focus always visible', async ({ page, desk }) => {
  test.setTimeout(120_000);
  await openDesk(page, desk);

  // The scan box has the focus on start: type and Enter.
  await expect.poll(() => page.evaluate(FOCUSED)).toBe('scan-input');
  await page.keyboard.type('WD-000301');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('answer-card').getByRole('heading', { name: 'WD-000301', exact: true })).toBeVisible();

  // Alt+A jumps to the quantity; Shift+Tab back to the mode, arrows choose "Remove".
  await page.keyboard.press('Alt+A');
  await expect.poll(() => page.evaluate(FOCUSED)).toBe('adjust-qty');
  for (let i = 0; i < 3; i++) await page.keyboard.press('Shift+Tab'); // reason, warehouse, mode
  await page.keyboard.press('ArrowRight'); // Add -> Remove
  await expect(page.getByRole('radio', { name: 'Remove' })).toBeChecked();
  expect(await page.evaluate(FOCUS_OUTLINE)).toMatch(/^solid [1-9]/);
  await page.keyboard.press('Tab'); // warehouse
  await page.keyboard.press('Tab'); // reason
  await page.keyboard.press('ArrowDown'); // first reason
  await expect(page.getByRole('combobox', { name: 'Reason', exact: true })).not.toHaveValue('');
  await page.keyboard.press('Tab');
  await page.keyboard.type('75');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await page.evaluate(FOCUS_OUTLINE)).toMatch(/^solid [1-9]/);
  await desk.screenshot(page, 'keyboard-confirm-focus');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect.poll(() => page.evaluate(FOCUSED)).toBe('adjust-qty'); // the focus came back

  // Tab from the top reaches the navigation; Enter opens a screen; F-keys too.
  await page.keyboard.press('F4');
  await expect(page.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible();
  // The Outbox has no field to type into: its selected tab takes the focus, so arrows move between tabs.
  await expect(page.getByRole('main').getByRole('tab', { selected: true })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  expect(await page.evaluate(FOCUS_OUTLINE)).toMatch(/^solid [1-9]/);
  await page.keyboard.press('Alt+1');
  await expect.poll(() => page.evaluate(FOCUSED)).toBe('scan-input');
});
