import { defineConfig } from '@playwright/test';
import { headlessChromiumArgs, headlessChromiumPath } from './test/chromium.ts';

// The seed of the sampled sweeps (test/support/run-depth.ts): set here so every worker draws alike.
process.env['TEST_SEED'] ||= String(Date.now() % 2_147_483_647);

export default defineConfig({
  testDir: 'test/e2e',
  outputDir: 'test-results',
  // Two workers unless E2E_WORKERS says otherwise. Files share no state across workers: each
  // worker has its own Chromium and, per spec file, its own harness (a fresh data folder, its own
  // demo sandbox on its own port, keychain entries named after that port); the tests of one file
  // run in order on one worker and share that file's harness (support/harness-fixture.ts). One
  // worker kept about one and a half of the two cores busy; two fill them (the e2e stage of a
  // clean-clone run 839 -> 663 s). Tests that two workers showed to race a sync now wait for it.
  fullyParallel: false,
  workers: Number(process.env['E2E_WORKERS'] ?? 2),
  // npm-start.spec.ts runs `npm start`, which builds out/ only when it is not the build of the
  // sources (scripts/build.mjs), so it runs beside the other files: `npm run build` made out/
  // first. Where out/ is not current, that spec fails at once rather than let `npm start` empty
  // out/ under the other worker's pages.
  projects: [{ name: 'desk' }],
  // One more try on CI only, as the component tests have: a test that passes only on its retry is
  // reported as flaky in the run's summary, and a broken behaviour fails both tries. A red CI
  // lands nothing, so a timing hiccup on a loaded machine must not be what stops a landing.
  retries: process.env['CI'] ? 1 : 0,
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
    launchOptions: { executablePath: headlessChromiumPath, args: headlessChromiumArgs },
    // The desk follows the OS language: the tests pin one (British English, 24-hour times) so
    // their texts do not depend on the machine's. A test of another language sets its own.
    locale: 'en-GB',
    // The pages prefer reduced motion, as a desk set so does: no answer card flashes. Shots and
    // audits see the resting state, and the flows do not pay for the flash: it repaints the card
    // in every frame for 0.6 s after each scan (40 scans: 6 CPU s of Chromium instead of 9; the
    // two X key replay files 152-156 busy CPU s instead of 180).
    reducedMotion: 'reduce',
    // A failed test keeps its trace: every action with its log and timing, the console, the
    // network, and the page as it stood when the test ended. The trace's page snapshots around
    // each action and its screencast are left out: recorded for every test, they took about a
    // third of the e2e stage's CPU (five look sweeps: 114-117 busy CPU s without a trace,
    // 163-175 with those, 120 without them).
    trace: { mode: 'retain-on-failure', snapshots: false, screenshots: false },
    screenshot: 'only-on-failure',
  },
});
