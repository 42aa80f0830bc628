import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { DeskApi } from '../../src/shared/ipc/desk-api';
import { expect, test } from './support/harness-fixture';

/** Evaluated in the page: takes the focus out of any field (this Node-side file has no DOM types). */
const BLUR_FOCUS = 'document.activeElement?.blur?.()';

/**
 * Key timing is unit-tested with a fake clock (test/components/scan). Here Playwright's keys
 * cross the DevTools protocol on a machine that other test runs share, so a key can lag by tens
 * of milliseconds: the scans of these tests use the widest inter-key limit the settings allow.
 */
async function generousScanner(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await (globalThis as unknown as { desk: DeskApi }).desk.settings.update({ scanner: { maxInterKeyMs: 500 } });
  });
  await page.reload();
}

/**
 * axe-core on every screen, light and dark: no serious or critical violation. axe is evaluated
 * over the DevTools protocol (page.evaluate), which the app's strict CSP does not block, so the
 * audit runs against the page exactly as it ships. (@axe-core/playwright needs Node 22.)
 */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

async function seriousProblems(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: Violation[] }> } }).axe;
    const result = await axe.run((globalThis as unknown as { document: unknown }).document, { resultTypes: ['violations'] });
    return result.violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(', ')}`);
}

async function show(page: Page, key: string, heading: RegExp | string): Promise<void> {
  await page.keyboard.press(key);
  if (typeof heading === 'string') await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`axe: no serious or critical violation on any screen (${colorScheme})`, async ({ page, desk }) => {
    test.setTimeout(120_000);
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' }); // no flash: audits and shots see the resting state
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(desk.url);
    await generousScanner(page);
    await expect(page.getByTestId('connectivity')).toHaveText(/Online/, { timeout: 30_000 });
    const report: Record<string, string[]> = {};

    report['scan (empty)'] = await seriousProblems(page);
    await page.evaluate(BLUR_FOCUS);
    await page.keyboard.type('WD-000042');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('answer-card')).toHaveAttribute('data-kind', 'stock');
    report['scan (found)'] = await seriousProblems(page);
    await page.keyboard.type('WD-999997');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('answer-card')).toHaveAttribute('data-kind', 'not_found');
    report['scan (not found)'] = await seriousProblems(page);

    await show(page, 'F2', /Stock/);
    report['stock'] = await seriousProblems(page);
    await show(page, 'F3', /Shipments/);
    report['shipments'] = await seriousProblems(page);
    await show(page, 'F4', 'Outbox');
    report['outbox'] = await seriousProblems(page);
    await show(page, 'F5', 'Settings');
    report['settings'] = await seriousProblems(page);

    expect(report).toEqual(Object.fromEntries(Object.keys(report).map((k) => [k, []])));
  });
}

/** Evaluated in the page: the focused element's outline, to prove the focus is visible. */
const FOCUS_OUTLINE = `(() => { const el = document.activeElement; if (!el || el === document.body) return 'no focus'; const s = getComputedStyle(el); const box = el.closest('.mode') ? getComputedStyle(el.closest('.mode')) : s; return box.outlineStyle + ' ' + box.outlineWidth; })()`;
const FOCUSED = `(() => { const el = document.activeElement; return el ? (el.getAttribute('aria-label') || el.id || el.textContent || el.tagName).trim().slice(0, 60) : ''; })()`;

test('keyboard only: scan, adjust with a confirmation, reach the outbox, focus always visible', async ({ page, desk }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(desk.url);
  await generousScanner(page);
  await expect(page.getByTestId('connectivity')).toHaveText(/Online/, { timeout: 30_000 });

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
  await expect(page.getByRole('heading', { level: 1, name: 'Outbox' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  expect(await page.evaluate(FOCUS_OUTLINE)).toMatch(/^solid [1-9]/);
  await page.keyboard.press('Alt+1');
  await expect.poll(() => page.evaluate(FOCUSED)).toBe('scan-input');
});
