/**
 * Node test files that change what other files in the same worker would see: modules replaced
 * with vi.mock, globals stubbed or spied on (a restore in a hook that a failure skips is no
 * guarantee), fake timers, the environment. Each gets a fresh module registry (vitest.config.ts,
 * project node-isolated); the rest share one per worker. test/support/node-isolation.test.ts
 * fails for a file that does such things and is not listed here.
 */
export const NEEDS_ISOLATION = [
  'test/main/account/desk-core-account.test.ts',
  'test/main/composition/desk-core-demo-reseeded.test.ts',
  'test/main/composition/desk-core-demo.test.ts',
  'test/main/electron/app.test.ts',
  'test/main/electron/label-printer.test.ts',
  'test/main/electron/preload.test.ts',
  'test/main/electron/web-guards.test.ts',
  'test/main/kernel/api/client-http.test.ts',
  'test/main/kernel/api/client-sandbox.test.ts',
  'test/main/kernel/connectivity/monitor.test.ts',
  'test/main/kernel/log-file.test.ts',
  'test/main/printers/raw-queue.test.ts',
  'test/sandbox/conformance.test.ts',
  'test/sandbox/faults.test.ts',
  'test/sandbox/paging.test.ts',
  'test/sandbox/token-cache.test.ts',
  'test/support/run-depth.test.ts',
];
