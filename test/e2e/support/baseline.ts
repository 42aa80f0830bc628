import type { Page } from '@playwright/test';
import { expect, type DeskHarness } from './harness-fixture';

/** What differs from run to run on any screen, masked in every baseline: clock times and ages, the sync line, request ids. */
function volatile(page: Page) {
  return [page.locator('time'), page.getByTestId('sync'), page.getByText(/\d\d:\d\d/), page.getByText(/req_[A-Za-z0-9]{6,}/)];
}

/**
 * Writes one fixed text into what differs from run to run (clock times, ages, request ids, the
 * sandbox's port), so that the masks over them, and everything laid out beside them, have the same
 * width in every run: a mask only hides pixels, it does not stop a longer "12 min ago" from
 * pushing its neighbours along. A string, run in the page: this file is type-checked without the
 * DOM's types.
 */
const STEADY_VOLATILE_TEXT = `(() => {
  const rules = [
    [/\\b\\d{1,2}:\\d\\d(:\\d\\d)?( ?[AP]M)?/g, '12:00'],
    [/req_[A-Za-z0-9]{6,}/g, 'req_0000000000'],
    // Ids made anew every run: the desk's counts and transfers, the service's adjustments.
    [/\\b(cnt|trf|adj)_[A-Za-z0-9]{6,}/g, '$1_0000000000'],
    // Intl's short ages ("45 sec ago", "2 hr ago", "5 mo ago"; en-US adds a full stop).
    [/\\b(just now|\\d+ (second|sec|minute|min|hour|hr|day|week|wk|month|mo|year|yr)s?\\.? ago|(a|an) (minute|hour|day|week|month|year) ago)\\b/g, '1 min ago'],
    [/(127\\.0\\.0\\.1|localhost):\\d{2,5}/g, '$1:40000'],
  ];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const before = node.nodeValue ?? '';
    const after = rules.reduce((text, [pattern, fixed]) => text.replace(pattern, fixed), before);
    if (after !== before) node.nodeValue = after;
  }
  for (const input of document.querySelectorAll('input')) {
    input.value = input.value.replace(/(127\\.0\\.0\\.1|localhost):\\d{2,5}/, '$1:40000');
  }
  // The sync line's age ticks on its own ("just now", "1 min ago") and may be drawn again between
  // this and the shot: its box keeps the width of the fixed text, so nothing beside it moves.
  const sync = document.querySelector('[data-testid="sync"]');
  if (sync instanceof HTMLElement) {
    const width = sync.getBoundingClientRect().width + 'px';
    Object.assign(sync.style, { width, minWidth: width, maxWidth: width, flex: 'none', overflow: 'hidden', whiteSpace: 'nowrap' });
  }
})()`;

async function steadyVolatileText(page: Page): Promise<void> {
  await page.evaluate(STEADY_VOLATILE_TEXT);
}

/**
 * Saves test/artifacts/e2e/<name>.png to be looked at, and compares the page with the committed
 * test/e2e/baselines/<name>.png (tolerance in playwright.config.ts): a screen that breaks fails
 * the run. `npm run test:e2e:baselines` rewrites the baselines after an intended change.
 */
export async function matchBaseline(page: Page, desk: DeskHarness, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  await desk.screenshot(page, name, options);
  // A sync under way draws its progress in the status bar, wider than the line of a finished one.
  await expect(page.getByTestId('sync').locator('progress')).toHaveCount(0, { timeout: 30_000 });
  await steadyVolatileText(page);
  await expect(page).toHaveScreenshot(`${name}.png`, { mask: volatile(page), ...options });
}
