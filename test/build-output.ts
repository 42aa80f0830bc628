// vitest globalSetup of the node projects: the tests that read out/ (the built main, preload and
// renderer) get a build of this very source, made here, instead of skipping when out/ is missing
// or judging a stale one. `npm test` (scripts/test.mjs) builds out/ once for every gate before it
// runs these tests and says so with WAREHOUSE_DESK_OUT_BUILT=1: that build is of the same sources.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

export default function setup(): void {
  if (process.env['WAREHOUSE_DESK_OUT_BUILT'] === '1') return;
  const root = join(import.meta.dirname, '..');
  const r = spawnSync(process.execPath, [join(root, 'scripts/build.mjs'), '--logLevel', 'error'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error(`electron-vite build failed (exit ${r.status ?? r.signal}): the tests of out/ cannot run`);
  // Both node projects (shared and isolated modules) run this; one build serves the run.
  process.env['WAREHOUSE_DESK_OUT_BUILT'] = '1';
}
