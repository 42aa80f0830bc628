// `npm test` after the Node checks: every gate of the project, two at a time, timed.
//
// What it saves over running the npm scripts one after the other:
// - one electron-vite build for the whole run: lint:electron, the node tests' globalSetup and
//   test:e2e each build out/ again when run on their own; here they all get this one, made from
//   the same sources a moment earlier (WAREHOUSE_DESK_OUT_BUILT tells the globalSetup so);
// - two lanes, one a core. The node tests spend much of their time waiting on sandboxes, child
//   processes and SQLite syncs (the whole unit stage averaged about one core of two in a quiet
//   run), so they start right after the build in one lane while the checks run one by one in the
//   other.
// - The checks and the component tests start after the build, because the build's Paraglide
//   plugin rewrites the compiled messages under src/renderer/src/i18n/paraglide, which the type
//   checks, the linters and the dependency check read; and the component tests (whose Vite runs
//   that plugin again) start after the checks for the same reason.
// The end-to-end tests run last, alone, with the whole machine (two Playwright workers, one a core):
// their scanner keys are timed.
// A failed step stops the run once the steps under way have ended, as `a && b` did; every
// step's output is printed in full when it ends (two at a time would interleave).
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const CORES = 2;

const CHECKS = ['typecheck:web', 'typecheck:node', 'lint:es', 'lint:electronegativity', 'lint:cycles', 'lint:api', 'lint:migrations'];

/**
 * Each step: the npm script it runs, the steps it waits for, and how many cores it takes (the
 * end-to-end tests have the machine to themselves). Among those ready, the first listed first.
 */
const STEPS = [
  { name: 'i18n:compile', after: [], cores: 1 },
  { name: 'build', after: ['i18n:compile'], cores: 1 },
  { name: 'lint:api', after: [], cores: 1 },
  { name: 'lint:migrations', after: [], cores: 1 },
  { name: 'test:unit:node', after: ['build'], cores: 1, env: { WAREHOUSE_DESK_OUT_BUILT: '1' } },
  // CPU seconds of each here (2026-11-27): 35, 34, 31, 16, 14; the build 11, i18n 9, lint:api 3.
  { name: 'typecheck:web', after: ['build'], cores: 1 },
  { name: 'typecheck:node', after: ['build'], cores: 1 },
  { name: 'lint:es', after: ['build'], cores: 1 },
  { name: 'lint:electronegativity', after: ['build'], cores: 1 },
  { name: 'lint:cycles', after: ['build'], cores: 1 },
  { name: 'test:unit:components', after: CHECKS, cores: 1 },
  { name: 'test:e2e:run', after: ['test:unit:node', 'test:unit:components'], cores: CORES },
];

const seconds = (ms) => `${Math.round(ms / 1000)} s`;
const done = new Map(); // name -> { ok, ms }
const running = new Set();
let failed = false;

function run(step) {
  const started = Date.now();
  const alone = step.cores >= CORES;
  running.add(step.name);
  console.log(`[test] start ${step.name}`);
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', step.name], {
      cwd: root,
      env: { ...process.env, ...step.env },
      stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    const output = [];
    child.stdout?.on('data', (d) => output.push(d));
    child.stderr?.on('data', (d) => output.push(d));
    child.on('close', (code, signal) => {
      const ms = Date.now() - started;
      const ok = code === 0;
      running.delete(step.name);
      done.set(step.name, { ok, ms });
      if (!ok) failed = true;
      if (!alone) process.stdout.write(`\n> npm run ${step.name}\n${Buffer.concat(output).toString()}`);
      console.log(`[test] ${ok ? 'ok' : 'FAILED'} ${step.name} in ${seconds(ms)}${signal ? ` (${signal})` : ''}`);
      resolve();
    });
  });
}

// Node keeps the code it compiles on disk and reuses it in every later process: the run starts
// hundreds of Node processes that load the same modules (a fresh one per node test file, the
// desks the crash tests kill and start again, the checks' tools). The node tests alone, quiet,
// on a cold cache as a clean clone has: 502 busy CPU s against 538 and 600 without it.
process.env.NODE_COMPILE_CACHE ||= join(root, 'node_modules', '.cache', 'node-compile-cache');

// One seed for the sampled sweeps of every step (test/support/run-depth.ts), printed for a replay.
process.env.TEST_SEED ||= String(Date.now() % 2_147_483_647);
const depth = process.env.TEST_DEPTH ?? 'commit';
console.log(`[test] depth ${depth}, seed ${process.env.TEST_SEED} (TEST_SEED=${process.env.TEST_SEED} draws the same sample again; npm run test:release runs every case)`);

const start = Date.now();
await new Promise((finish) => {
  const pump = () => {
    if (failed || done.size === STEPS.length) {
      if (running.size === 0) finish();
      return;
    }
    let used = STEPS.filter((s) => running.has(s.name)).reduce((n, s) => n + s.cores, 0);
    for (const step of STEPS) {
      if (done.has(step.name) || running.has(step.name)) continue;
      if (!step.after.every((name) => done.get(name)?.ok)) continue;
      if (used + step.cores > CORES && used > 0) continue;
      used += step.cores;
      void run(step).then(pump);
    }
  };
  pump();
});

const passed = !failed && done.size === STEPS.length;
console.log(`\n[test] ${passed ? 'passed' : 'FAILED'} in ${seconds(Date.now() - start)}`);
for (const step of STEPS) {
  const result = done.get(step.name);
  console.log(`[test]   ${result ? seconds(result.ms).padStart(6) : '     -'}  ${result ? (result.ok ? 'ok    ' : 'FAILED') : 'not run'}  ${step.name}`);
}
process.exit(passed ? 0 : 1);
