import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './test/chromium.ts';

export default defineConfig({
  testDir: 'test/e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  // A hang guard, not a speed claim: the 5 s default fails waits on a loaded 2-core machine.
  expect: {
    timeout: 15_000,
    // Baselines are compared pixel by pixel; a per-pixel colour threshold and a small share of
    // differing pixels absorb font hinting and anti-aliasing, not a moved or recoloured element.
    toHaveScreenshot: { threshold: 0.2, maxDiffPixels: 200, animations: 'disabled', caret: 'hide', scale: 'css' },
  },
  snapshotPathTemplate: 'test/e2e/baselines/{arg}{ext}',
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    // The desk follows the OS language: the tests pin one (British English, 24-hour times) so
    // their texts do not depend on the machine's. A test of another language sets its own.
    locale: 'en-GB',
    trace: 'retain-on-failure',
  },
});
