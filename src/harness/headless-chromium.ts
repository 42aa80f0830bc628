import { existsSync } from 'node:fs';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * The browser for work no one watches (printing labels to PDF, the headless tests): Debian's
 * chromium-headless-shell, the same Blink and Skia without the browser's own UI layers (what
 * Playwright's own headless runs use). The label tests, which print their PDFs with it and decode
 * them, took half the CPU they took with the full browser (25-27 busy CPU s against 55), and the
 * e2e flows a third less. CHROMIUM_HEADLESS_PATH names another, CHROMIUM_PATH another for every
 * use; without the shell (scripts/install-system-deps.sh installs it where apt has it), Debian's
 * full browser.
 */
export function headlessChromiumPath(env: NodeJS.ProcessEnv = process.env): string {
  return env['CHROMIUM_HEADLESS_PATH'] ?? env['CHROMIUM_PATH'] ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
}

/**
 * The flags of every Chromium started without a person at it: no GPU, and none of the browser's
 * own network traffic (update checks, sync), which this machine's closed network refuses.
 */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * The headless shell's flags: those, and its compositor in the browser process rather than a GPU
 * process of its own. With no GPU the compositor draws in software either way; one process less
 * does the same drawing with less CPU (three e2e flow files: 93-95 busy CPU s against 97-98; the
 * component tests 172 against 185).
 */
export const headlessChromiumArgs = [...chromiumArgs, '--in-process-gpu'];
