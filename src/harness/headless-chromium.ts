import { existsSync } from 'node:fs';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * The browser for work no one watches (printing labels to PDF, the headless tests): Debian's
 * chromium-headless-shell, the same Blink and Skia without the browser's own UI layers (what
 * Playwright's own headless runs use). It printed and rasterised the label tests' PDFs with half
 * the CPU of the full browser (25-27 busy CPU s against 55), and ran the same e2e flows with a
 * third less. CHROMIUM_HEADLESS_PATH names another, CHROMIUM_PATH another for every use; without
 * the shell (scripts/install-system-deps.sh installs it where apt has it), Debian's full browser.
 */
export function headlessChromiumPath(env: NodeJS.ProcessEnv = process.env): string {
  return env['CHROMIUM_HEADLESS_PATH'] ?? env['CHROMIUM_PATH'] ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
}
