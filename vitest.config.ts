import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { playwright } from '@vitest/browser-playwright';
import { headlessChromiumArgs, headlessChromiumPath } from './test/chromium.ts';
import { paraglide } from './scripts/paraglide-options.ts';
import { messagesInOneModule } from './scripts/messages-in-one-module.ts';
import { NEEDS_ISOLATION } from './test/node-isolation.ts';

const root = import.meta.dirname;

// One fuzz seed for the whole run, printed before any test so a failing run can be replayed with
// HARDENING_SEED=<seed> whatever stops it; the node and the component tests both take it.
const hardeningSeed = process.env['HARDENING_SEED'] ?? String(Date.now() % 2_147_483_647);
process.env['HARDENING_SEED'] = hardeningSeed;
// The size of the hardening runs (test/hardening/support/env.ts) belongs to the replay too.
const hardeningSize = process.env['HARDENING_LONG'] === '1' ? 'long' : (process.env['HARDENING_SIZE'] ?? 'short');
console.info(`[hardening] fuzz seed ${hardeningSeed}, size ${hardeningSize} (replay: HARDENING_SEED=${hardeningSeed} HARDENING_SIZE=${hardeningSize} npm run test:unit -- <test file>)`);
// The seed of the sampled sweeps (test/support/run-depth.ts), one for the node and component tests.
process.env['TEST_SEED'] ||= String(Date.now() % 2_147_483_647);

/** The node tests' settings; the two node projects differ only in isolation. */
const nodeTests = {
  environment: 'node' as const,
  include: ['test/**/*.test.ts'],
  globalSetup: ['test/build-output.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  expect: { poll: { timeout: 10_000 } },
};

export default defineConfig({
  test: {
    // Vitest's default on 2 cores is one worker, which ran the files one by one (4.5 min). Most
    // of their time is spent waiting on a sandbox, a child process or Chromium, so three workers
    // take about 3 min here; the hardening files keep their hang guards, none times anything.
    // The component tests alone (`npm run test:unit:components`) take two: in Chromium their files
    // keep the CPU busy rather than wait, and on this machine two ran them in 130-159 s with 232-291
    // busy CPU s, three in 168-176 s with 324-340.
    maxWorkers: 3,
    projects: [
      {
        test: {
          ...nodeTests,
          name: 'node',
          // One module registry per worker, not per file: the files import mostly the same graph
          // (the core, the sandbox, SQLite, zod), which isolation evaluated again for each of 175.
          isolate: false,
          exclude: ['test/components/**', 'test/e2e/**', ...NEEDS_ISOLATION],
        },
      },
      {
        test: { ...nodeTests, name: 'node-isolated', include: NEEDS_ISOLATION },
      },
      {
        plugins: [paraglide(root), messagesInOneModule(root), svelte({ configFile: resolve(root, 'svelte.config.js') })],
        // Pre-bundled up front, every package the renderer, src/shared and these tests import: a
        // dependency Vite first meets mid-run (bwip-js is imported lazily; gtin only where a test
        // runs the code reader) makes it re-optimise and reload the page, and the test files
        // running meanwhile lose their frame ("Frame was detached", seen on a fresh clone).
        optimizeDeps: {
          include: ['bwip-js/browser', 'gs1-barcode-parser-mod', 'gtin', 'zod', '@tanstack/svelte-virtual', 'axe-core', 'chart.js'],
        },
        test: {
          name: 'components',
          env: { VITE_HARDENING_SEED: hardeningSeed, VITE_TEST_SEED: process.env['TEST_SEED'], VITE_TEST_DEPTH: process.env['TEST_DEPTH'] ?? 'commit', VITE_SCREENS: process.env['SCREENS'] ?? '' },
          // One more try on CI only: a clean clone's run once lost a test file's frame mid-test
          // ("Frame was detached" on the first click of print-dialog.test.ts, its other test
          // passing) with no dependency optimised mid-run; a cold rerun of the project passed. A
          // broken behaviour fails both tries; a red CI lands nothing, so a lost frame must not.
          retry: process.env['CI'] ? 1 : 0,
          include: ['test/components/**/*.test.ts'],
          // expect.element and expect.poll: a hang guard, not a speed claim (the 1 s default
          // fails on a loaded 2-core machine).
          expect: { poll: { timeout: 10_000 } },
          // A hang guard too: the screens' tests take eight screenshots each (light and dark, two
          // sizes, two languages), and under the node project's load one took 30-40 s.
          testTimeout: 60_000,
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({
              launchOptions: { executablePath: headlessChromiumPath, args: headlessChromiumArgs },
              // The desk follows the OS language: pinned (British English, 24-hour times) so the
              // texts do not depend on the machine's.
              contextOptions: { locale: 'en-GB' },
            }),
            instances: [{ browser: 'chromium' }],
            screenshotDirectory: 'test/artifacts/components',
            // Vitest 5 made locators whole-string by default; these tests were written for
            // Playwright's substring matching (exact: true where they mean it).
            locators: { exact: false },
          },
        },
      },
    ],
  },
});
