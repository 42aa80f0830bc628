import { existsSync } from 'node:fs';

// Debian's Chromium, never a browser downloaded by Playwright (no download host is reachable here).

/**
 * The full browser: for the headed runs under Xvfb (real X key events need a window) and for the
 * benchmarks, which measure what a desk's window does.
 */
export const chromiumPath = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * Every headless test's browser: Debian's chromium-headless-shell, the same Blink and Skia without
 * the browser's own UI layers, as Playwright's own headless runs use. It ran the same e2e flows
 * with 35-39 % less CPU (five spec files, 27 tests: 152 and 167 busy CPU s against 250 and 248)
 * and matched every screenshot baseline. Where it is not installed (scripts/install-system-deps.sh
 * installs it), the full browser runs the same tests, slower.
 */
export const headlessChromiumPath =
  process.env['CHROMIUM_HEADLESS_PATH'] ?? process.env['CHROMIUM_PATH'] ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : chromiumPath);

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
