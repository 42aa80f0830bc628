import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import type { DeskApi } from '../../../src/shared/ipc/desk-api';
import type { HarnessDeskCore } from '../../../src/harness/index';
import { takeScreenshot } from './screenshot';

/**
 * Evaluated in the page: takes the focus out of any field (this Node-side file has no DOM types),
 * then lets the page's own answer to the blur run (the Scan screen sends the focus home a task
 * later) before the test types, so the typed text meets a page at rest. (A burst across that move
 * is read whole since the window-wide detector carries it into the scan box: scan-focus-move.spec.ts.)
 */
export const BLUR_FOCUS = 'new Promise((settled) => { document.activeElement?.blur?.(); setTimeout(settled, 0); })';

/**
 * Key timing is unit-tested with a fake clock (test/components/scan). Here Playwright's keys
 * cross the DevTools protocol on a machine that other test runs share, so a key can lag by tens
 * of milliseconds: the scans of these tests use the widest inter-key limit the settings allow.
 * Saved through the core before the page loads, so the page starts with it (no second load).
 */
export async function generousScanner(desk: { core: HarnessDeskCore }): Promise<void> {
  await desk.core.handlers['settings.update']({ scanner: { maxInterKeyMs: 500 } });
}

/**
 * Opens the desk at the 1280x800 of a desk screen with the generous scanner, and waits until main
 * has heard from the service (the status bar says Online): a lookup refreshes from the service
 * only when main believes it is online, so a test that expects "live" answers must start there.
 * A desk in another process (no `core` here) gets the scanner setting through the page, then a
 * reload.
 */
export async function openDesk(page: Page, desk: { url: string; core?: HarnessDeskCore }): Promise<void> {
  if (desk.core) await generousScanner({ core: desk.core });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(desk.url);
  if (!desk.core) {
    await page.evaluate(async () => {
      await (globalThis as unknown as { desk: DeskApi }).desk.settings.update({ scanner: { maxInterKeyMs: 500 } });
    });
    await page.reload();
  }
  await expect(page.getByLabel('Scan or type a code')).toBeVisible();
  await expect(page.getByTestId('connectivity')).toHaveText(/Online/, { timeout: 30_000 });
}

/**
 * Puts the mouse in the window's bottom-left corner, on the status bar's padding, where nothing
 * reacts to hover. Playwright leaves the pointer where it last clicked, so without this a
 * screenshot shows the last clicked tab or button in its hover colour instead of at rest.
 */
export async function restMouse(page: Page): Promise<void> {
  const height = page.viewportSize()?.height ?? 800;
  await page.mouse.move(0, height - 1);
}

/**
 * Resolves a few frames on: what the page lays out in answer to a resize (the top bar tightens its
 * tabs from a ResizeObserver, which runs after the frame's layout) is done, as the window is painted.
 */
export async function afterFrames(page: Page, frames = 3): Promise<void> {
  await page.evaluate(`new Promise((done) => { let left = ${frames}; const next = () => (--left > 0 ? requestAnimationFrame(next) : done()); requestAnimationFrame(next); })`);
}

/** Evaluated in the page: whether it already shows light with reduced motion, as every step leaves it. */
const LIGHT_AT_REST = "!matchMedia('(prefers-color-scheme: dark)').matches && matchMedia('(prefers-reduced-motion: reduce)').matches";

/**
 * Runs `look` with the page in light, then in dark, and leaves it in light (with reduced motion
 * throughout, so nothing is caught mid-fade). The desk follows prefers-color-scheme live (the
 * stylesheet's media queries; the charts redraw on the query's change event), so a flow is walked
 * once and each of its screens shot or audited in both schemes where it stands, rather than the
 * whole flow walked again per scheme. The frames waited after each switch let the repaint and the
 * charts' redraw land before anything is measured or shot. A switch restyles and repaints the
 * whole page (about 0.2 s on the 2-core test machine, more than a screenshot), so a page already in
 * light is not switched to it again, and a step takes all its shots and audits in one call rather
 * than one per shot.
 */
export async function inBothSchemes(page: Page, look: (scheme: 'light' | 'dark') => Promise<void>): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    if (colorScheme === 'dark' || !(await page.evaluate(LIGHT_AT_REST))) {
      await page.emulateMedia({ colorScheme });
      await afterFrames(page);
    }
    await look(colorScheme);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await afterFrames(page);
}

type Size = { readonly width: number; readonly height: number };

/**
 * One screen shot at each size in light and dark, then audited (axe) in both. `prepare`, when
 * given, is done again at each size, since what some screens show depends on the size they were
 * reached at; without it the screen is shot as it stands.
 */
export async function shootAtSizesInBothSchemes(
  page: Page,
  sizes: readonly Size[],
  path: (size: Size, scheme: 'light' | 'dark') => string,
  prepare?: () => Promise<void>,
): Promise<void> {
  const shoot = async (size: Size, scheme: 'light' | 'dark'): Promise<void> => {
    await page.setViewportSize(size);
    await restMouse(page);
    await takeScreenshot(page, { path: path(size, scheme) });
  };
  const audit = async (): Promise<void> => {
    await page.setViewportSize(sizes[0]!);
    expect(await seriousA11yProblems(page)).toEqual([]);
  };
  if (!prepare) {
    await inBothSchemes(page, async (scheme) => {
      for (const size of sizes) await shoot(size, scheme);
      await audit();
    });
    return;
  }
  for (const size of sizes) {
    await page.setViewportSize(size);
    await prepare();
    await inBothSchemes(page, (scheme) => shoot(size, scheme));
  }
  await inBothSchemes(page, audit);
}

/** A scanner burst with the focus nowhere in particular: keys as fast as the browser takes them, then Enter. */
export async function scanCode(page: Page, code: string): Promise<void> {
  await page.evaluate(BLUR_FOCUS);
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
}

/**
 * Opens a screen by its key and types into the field it puts the focus in. Playwright types as
 * fast as a scanner: keys that came before the focus landed would be one burst outside any field,
 * with no suffix, which the desk refuses as a scan (a person's slower keys are kept and follow the
 * focus; keys-and-small-screens.spec.ts types at a person's pace for that).
 */
export async function typeIntoScreen(page: Page, key: string, text: string): Promise<void> {
  await page.keyboard.press(key);
  await expect(page.locator('main [data-screen-focus]').first()).toBeFocused();
  await page.keyboard.type(text);
}

/**
 * axe-core is evaluated over the DevTools protocol (page.evaluate), which the app's strict CSP
 * does not block, so the audit runs against the page exactly as it ships. (@axe-core/playwright
 * needs Node 22.)
 */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The serious and critical axe findings inside `selector`, one line each. */
export async function seriousA11yProblems(page: Page, selector = 'html'): Promise<string[]> {
  // Once per document: compiling axe's half a megabyte took about 170 ms of the renderer's CPU.
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(axeSource);
  return page.evaluate(async (sel) => {
    type Violation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };
    const axe = (globalThis as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: Violation[] }> } }).axe;
    const result = await axe.run({ include: [sel] }, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(', ')}`);
  }, selector);
}

/**
 * On the Shipments screen: filters the list by a status and waits until every row shown has it
 * (the rows of the list before the filter are replaced, not added to). Returns the table.
 */
export async function showShipmentsWithStatus(page: Page, status: string) {
  await page.getByTestId('shipments-status').selectOption(status);
  const table = page.getByTestId('shipments-table');
  await expect
    .poll(async () => {
      const states = await table.locator('td[data-status]').evaluateAll((cells) => cells.map((c) => c.getAttribute('data-status')));
      return states.length > 0 && states.every((s) => s === status);
    })
    .toBe(true);
  return table;
}
