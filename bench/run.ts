// `npm run bench`: every figure of issue 6, each a ratio to a bound measured in the same run.
// `npm run bench -- --quick`: fewer SKUs and iterations (under a minute), written to
// bench/results/quick.json only and marked QUICK; `--only=a,b` runs some modules (see MODULES).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildRenderer, measureBundle } from './figures/bundle';
import { measureBrowser } from './figures/browser';
import { measureCachePaths } from './figures/cache-paths';
import { measureOutboxDurability } from './figures/outbox-durability';
import { measureSandboxThroughput } from './figures/sandbox-throughput';
import { FULL_SIZES as SCAN_SYNC_SIZES, measureScanSync, QUICK_SIZES as SCAN_SYNC_QUICK_SIZES } from './figures/scan-sync';
import { FULL_SIZES, measureScale, QUICK_SIZES } from './figures/scale';
import { measureStart } from './figures/start';
import { measureSync } from './figures/sync';
import { coreHostFlag } from './lib/core-host';
import { errorText, type BenchContext, type Figure } from './lib/figure';
import { loadNow, machineInfo } from './lib/machine';
import { machineText, markdownTable, toReport, writeDoc, writeJson } from './lib/report';
import { DOC_TEMPLATE } from './lib/doc-template';
import { writeScale } from './lib/scale-doc';

const ROOT = join(import.meta.dirname, '..');
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const only = args.find((a) => a.startsWith('--only='))?.slice('--only='.length).split(',');
/** For working on one module: a data dir synced by an earlier run (with --only, without sync). */
/** The catalogue sizes of the scale curve, e.g. `--scale-sizes=10000,100000` (default: 10k, 100k, 1M; quick: 2k, 10k). */
const scaleSizes = args
  .find((a) => a.startsWith('--scale-sizes='))
  ?.slice('--scale-sizes='.length)
  .split(',')
  .map(Number);
/** The catalogue sizes of "scan while syncing", e.g. `--scan-sync-sizes=100000` (default: 100k and 1M; quick: 20k). */
const scanSyncSizes = args
  .find((a) => a.startsWith('--scan-sync-sizes='))
  ?.slice('--scan-sync-sizes='.length)
  .split(',')
  .map(Number);
/** Where "scan while syncing" hosts the core: `--core=thread` (startCoreThread, as the app does; the default) or `--core=inline` (createDeskCore in the router's thread). */
const core = coreHostFlag(args, 'thread');
const reuseSynced = args.find((a) => a.startsWith('--reuse-synced='))?.slice('--reuse-synced='.length);

type Module = { name: string; run: (ctx: BenchContext) => Promise<Figure[]> };

let build: Awaited<ReturnType<typeof buildRenderer>> | null = null;
async function ensureBuild(ctx: BenchContext): Promise<NonNullable<typeof build>> {
  build ??= await buildRenderer(ctx);
  return build;
}

/** In this order: the sync module leaves the synced data dir the later ones reopen. */
const MODULES: Module[] = [
  { name: 'bundle', run: async (ctx) => measureBundle(ctx, await ensureBuild(ctx)) },
  { name: 'throughput', run: measureSandboxThroughput },
  { name: 'sync', run: measureSync },
  { name: 'cache', run: measureCachePaths },
  { name: 'browser', run: async (ctx) => measureBrowser(ctx, await ensureBuild(ctx)) },
  { name: 'start', run: async (ctx) => measureStart(ctx, await ensureBuild(ctx)) },
  { name: 'durability', run: measureOutboxDurability },
  // Its own seeded sandboxes and data dirs; a million-SKU full sync takes minutes.
  { name: 'scan-sync', run: (ctx) => measureScanSync(ctx, core, scanSyncSizes ?? (ctx.quick ? SCAN_SYNC_QUICK_SIZES : SCAN_SYNC_SIZES)) },
  // Last: at a million SKUs it takes many minutes, and its data dirs are its own.
  { name: 'scale', run: async (ctx) => measureScale(ctx, await ensureBuild(ctx), scaleSizes ?? (ctx.quick ? QUICK_SIZES : FULL_SIZES)) },
];

async function main(): Promise<void> {
  const started = performance.now();
  const machine = machineInfo();
  const scratch = mkdtempSync(join(tmpdir(), 'wd-bench-'));
  const ctx: BenchContext = {
    quick,
    skus: quick ? 20_000 : 100_000,
    runs: quick ? 2 : 5,
    scratch,
    shared: reuseSynced ? { syncedDataDir: reuseSynced } : {},
    log: (m) => console.log(`[bench${quick ? ' QUICK' : ''} ${((performance.now() - started) / 1000).toFixed(1)}s] ${m}`),
  };
  ctx.log(`${machine.nproc} CPUs, ${machine.cpuModel}, load ${machine.loadAtStart.join(' / ')}${quick ? ', QUICK mode' : ''}`);
  const figures: Figure[] = [];
  try {
    for (const m of MODULES) {
      if (only && !only.includes(m.name)) continue;
      ctx.log(`-- ${m.name}`);
      try {
        figures.push(...(await m.run(ctx)));
      } catch (error) {
        // A module that throws still leaves a row, so the report says what was not measured.
        figures.push({ key: m.name, title: m.name, value: null, unit: 'ms', bound: null, ratio: null, goal: '-', met: null, notMeasured: errorText(error) });
      }
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  machine.loadAtEnd = loadNow();
  const durationSeconds = (performance.now() - started) / 1000;
  const flags = [...(quick ? ['--quick'] : []), ...(only ? [`--only=${only.join(',')}`] : []), ...args.filter((a) => a.startsWith('--core=') || a.startsWith('--scan-sync-sizes='))];
  const command = `npm run bench${flags.length ? ` -- ${flags.join(' ')}` : ''}`;
  const report = toReport(figures, { quick, command, machine, durationSeconds });
  const table = markdownTable(figures);
  const header = machineText(machine, command, durationSeconds, quick);
  console.log(`\n${quick ? 'QUICK RUN (not comparable with a full run)\n' : ''}${header}\n\n${table}\n`);
  const loads = `load average ${machine.loadAtStart.join(' / ')} at start, ${(machine.loadAtEnd ?? []).join(' / ')} at end`;
  writeScale(ROOT, figures, header, `${machine.date.slice(0, 16).replace('T', ' ')} UTC, ${machine.nproc} CPUs, ${loads}${quick ? ', QUICK' : ''}`, quick);
  if (quick || only) {
    writeJson(join(ROOT, 'bench', 'results', quick ? 'quick.json' : 'partial.json'), report);
    console.log(`written: bench/results/${quick ? 'quick.json' : 'partial.json'} (docs/benchmarks.md is only rewritten by a full run)`);
  } else {
    writeJson(join(ROOT, 'bench', 'results', 'latest.json'), report);
    writeDoc(join(ROOT, 'docs', 'benchmarks.md'), `${header}\n\n${markdownTable(figures.filter((f) => !f.key.includes('@')))}`, DOC_TEMPLATE);
    console.log('written: bench/results/latest.json, docs/benchmarks.md');
  }
}

await main();
// Handles left open by a module (keep-alive sockets, a browser) must not keep a finished run alive.
process.exit(0);
