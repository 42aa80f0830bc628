import { headlessChromiumPath as headlessPath } from '../src/harness/headless-chromium';

export { chromiumArgs, headlessChromiumArgs } from '../src/harness/headless-chromium';

// Debian's Chromium, never a browser downloaded by Playwright (no download host is reachable here).

/**
 * The full browser: for the headed runs under Xvfb (real X key events need a window) and for the
 * benchmarks, which measure what a desk's window does.
 */
export const chromiumPath = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

/**
 * Every headless test's browser: the headless shell (src/harness/headless-chromium.ts). It ran the
 * same e2e flows with 35-39 % less CPU (five spec files, 27 tests: 152 and 167 busy CPU s against
 * 250 and 248) and matched every screenshot baseline but the label preview's, whose downscaled
 * bitmap it filters more crisply.
 */
export const headlessChromiumPath = headlessPath();
