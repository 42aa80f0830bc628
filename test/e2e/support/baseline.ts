import type { Page } from '@playwright/test';
import { expect, type DeskHarness } from './harness-fixture';

/** What differs from run to run on any screen, masked in every baseline: clock times and ages, the sync line, request ids. */
function volatile(page: Page) {
  return [page.locator('time'), page.getByTestId('sync'), page.getByText(/\d\d:\d\d/), page.getByText(/req_[A-Za-z0-9]{6,}/)];
}

/**
 * Saves test/artifacts/e2e/<name>.png to be looked at, and compares the page with the committed
 * test/e2e/baselines/<name>.png (tolerance in playwright.config.ts): a screen that breaks fails
 * the run. `npm run test:e2e:baselines` rewrites the baselines after an intended change.
 */
export async function matchBaseline(page: Page, desk: DeskHarness, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  await desk.screenshot(page, name, options);
  await expect(page).toHaveScreenshot(`${name}.png`, { mask: volatile(page), ...options });
}
