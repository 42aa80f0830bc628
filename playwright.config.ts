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
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    trace: 'retain-on-failure',
  },
});
