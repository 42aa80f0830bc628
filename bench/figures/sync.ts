// Figure 3 (full and incremental sync) and the main-process half of figure 6 (memory after a full
// sync). Every full-sync run is a fresh child process (bench/figures/sync-child.ts) on a fresh data
// dir with the same seeded sandbox file; each child also times the bound (the rows it synced,
// inserted straight into a fresh file with the cache's schema, 500 SKUs per transaction).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { startSandbox } from '../../src/sandbox';
import { bundleChild } from '../lib/bundle';
import { runChild } from '../lib/child';
import { DEMO_SANDBOX_FILE } from '../lib/core';
import { errorText, notMeasured, type BenchContext, type Figure } from '../lib/figure';
import { median, nowMs, round } from '../lib/stats';
import type { SyncChildOutcome, SyncChildSpec } from './sync-child';

const CHILD = join(import.meta.dirname, 'sync-child.ts');
const ROOT = join(import.meta.dirname, '..', '..');
const FULL_GOAL = '< 10 s and <= 5x bound';
const INC_GOAL = '< 0.5 s';
const MEM_GOAL = '< 200 MB';

async function runOnce(script: string, spec: SyncChildSpec): Promise<SyncChildOutcome> {
  // Plain node on the bundled child (no tsx in its memory); --expose-gc: it also reports the heap after a collection.
  // The bound reads every synced row into memory (about 10 million objects at 1,000,000 SKUs): room for it.
  // The time limit grows with the catalogue (3 minutes per 100,000 SKUs, at least 3).
  const timeoutMs = Math.max(180_000, spec.skus * 1.8);
  const out = await runChild(process.execPath, ['--expose-gc', '--max-old-space-size=8192', script, JSON.stringify(spec)], { cwd: ROOT, timeoutMs });
  const line = out.stdout.trim().split('\n').pop() ?? '';
  if (out.code !== 0 || !line.startsWith('{')) {
    // The error's own line (an uncaught error ends with its properties and Node's version, which say little).
    const lines = out.stderr.trim().split('\n');
    const cause = lines.filter((l) => /Error|error|code:|cause/.test(l)).slice(0, 4);
    throw new Error(`sync child failed (${out.code ?? out.signal}): ${(cause.length ? cause : lines.slice(-3)).join(' | ').slice(0, 600)}`);
  }
  return JSON.parse(line) as SyncChildOutcome;
}

export interface SyncOptions {
  /**
   * The demo's sandbox in its own process (the scale curve, issue 19): the main RSS is then the
   * core's alone, as with a real account, whose service is not in the desk's process.
   */
  sandboxInOwnProcess?: boolean;
}

export async function measureSync(ctx: BenchContext, options: SyncOptions = {}): Promise<Figure[]> {
  const runs = ctx.quick ? 1 : 3;
  try {
    // One seeding, copied into every run's data dir.
    const seedDir = join(ctx.scratch, 'seed');
    mkdirSync(seedDir, { recursive: true });
    const seeded = join(seedDir, DEMO_SANDBOX_FILE);
    const seedStarted = nowMs();
    await (await startSandbox({ dbPath: seeded, demo: { skus: ctx.skus, shipments: 50 }, rateLimit: false })).close();
    const seedMs = nowMs() - seedStarted;
    ctx.log(`sync: sandbox seeded with ${ctx.skus} SKUs in ${(seedMs / 1000).toFixed(1)} s`);

    const script = await bundleChild(CHILD, 'sync-child');
    const outcomes: SyncChildOutcome[] = [];
    // `npm run bench` must end within 5 minutes: a slow full sync gets fewer runs (said in the JSON).
    const budgetMs = ctx.quick ? 25_000 : 140_000;
    const moduleStarted = nowMs();
    let skippedForBudget = 0;
    for (let run = 0; run < runs; run++) {
      const elapsed = nowMs() - moduleStarted;
      if (run > 0 && elapsed + elapsed / run > budgetMs) {
        skippedForBudget = runs - run;
        ctx.log(`  ${skippedForBudget} more run(s) would exceed the time budget of ${budgetMs / 1000} s: skipped`);
        break;
      }
      const dataDir = join(ctx.scratch, `sync-${run}`);
      const o = await runOnce(script, {
        dataDir,
        seededSandbox: seeded,
        skus: ctx.skus,
        boundDir: join(ctx.scratch, `bound-${run}`),
        incrementalRuns: run === 0 ? (ctx.quick ? 2 : 3) : 0,
        changeFraction: 0.01,
        ...(options.sandboxInOwnProcess ? { sandboxProcessRoot: ROOT } : {}),
      });
      if (o.stockCount !== ctx.skus) throw new Error(`the cache holds ${o.stockCount} stock items after a full sync of ${ctx.skus}`);
      outcomes.push(o);
      if (run === 0) ctx.shared.syncedDataDir = dataDir;
      ctx.log(
        `  run ${run + 1}: full sync ${(o.fullSyncMs / 1000).toFixed(2)} s (open ${(o.openMs / 1000).toFixed(2)} s), bound ${(o.bound.ms / 1000).toFixed(2)} s, RSS ${o.memory.rssMB.toFixed(0)} MB` +
          (o.incremental.length ? `, incremental ${o.incremental.map((i) => i.ms.toFixed(0)).join('/')} ms` : ''),
      );
    }
    const full = median(outcomes.map((o) => o.fullSyncMs)) / 1000;
    const bound = median(outcomes.map((o) => o.bound.ms)) / 1000;
    const records = median(outcomes.map((o) => o.recordsPulled));
    const boundRows = median(outcomes.map((o) => o.bound.rows));
    const inc = outcomes[0]?.incremental ?? [];
    const incMs = median(inc.map((i) => i.ms)) / 1000;
    const fetchOnly = median(inc.map((i) => i.fetchOnlyMs)) / 1000;
    const rss = median(outcomes.map((o) => o.memory.rssMB));
    const baseline = median(outcomes.map((o) => o.memory.rssBaselineMB));
    const details = {
      skus: ctx.skus,
      runs: outcomes.length,
      runsSkippedForTimeBudget: skippedForBudget,
      seedSeconds: round(seedMs / 1000, 2),
      perRun: outcomes.map((o) => ({
        fullSyncS: round(o.fullSyncMs / 1000, 3),
        openS: round(o.openMs / 1000, 3),
        openAndSyncS: round(o.openAndSyncMs / 1000, 3),
        recordsPulled: o.recordsPulled,
        boundS: round(o.bound.ms / 1000, 3),
        boundRows: o.bound.rows,
        memory: Object.fromEntries(Object.entries(o.memory).map(([k, v]) => [k, v === null ? null : round(v, 1)])),
      })),
      incremental: inc.map((i) => ({ s: round(i.ms / 1000, 3), changedSkus: i.changed, recordsPulled: i.pulled, fetchOnlyS: round(i.fetchOnlyMs / 1000, 3) })),
      child: 'bench/figures/sync-child.ts bundled by esbuild, run on plain node (no tsx)',
      sandbox: options.sandboxInOwnProcess ? 'in its own process (the sandbox CLI on the same file), not in the measured process' : 'in-process (demo mode), so the main RSS includes it',
      fullSyncTimed: 'from sync.now (joining the sync the core starts on opening) to idle; core opening reported apart',
      bound: 'the synced rows (products, barcodes, stock items, levels, search keys) inserted into a fresh file with the cache schema and pragmas, 500 SKUs per transaction',
    };
    return [
      {
        key: 'full_sync_seconds',
        title: `3. Full sync of ${ctx.skus.toLocaleString('en-US')} SKUs (products + stock) from the sandbox`,
        value: round(full, 2),
        unit: 's',
        bound: { label: `bare insert of the same ${boundRows.toLocaleString('en-US')} rows`, value: round(bound, 2), unit: 's' },
        ratio: round(full / bound, 2),
        ratioMeaning: 'x bound',
        goal: FULL_GOAL,
        met: full < 10 && full / bound <= 5,
        details,
      },
      {
        key: 'full_sync_records_per_s',
        title: '3. Full sync throughput (records pulled per second)',
        value: round(records / full, 0),
        unit: 'rows/s',
        bound: { label: 'bare insert, SQL rows per second', value: round(boundRows / bound, 0), unit: 'rows/s' },
        ratio: round(records / full / (boundRows / bound), 3),
        ratioMeaning: 'of bound',
        goal: '-',
        met: null,
      },
      {
        key: 'incremental_sync_seconds',
        title: '3. Incremental sync after 1% of SKUs changed',
        value: round(incMs, 3),
        unit: 's',
        bound: { label: 'fetching the same pages, no writes', value: round(fetchOnly, 3), unit: 's' },
        ratio: round(incMs / fetchOnly, 2),
        ratioMeaning: 'x bound',
        goal: INC_GOAL,
        met: incMs < 0.5,
      },
      {
        key: 'main_rss_after_sync',
        title: options.sandboxInOwnProcess ? '6. Main-process RSS after a full sync (the core alone; the sandbox in its own process)' : '6. Main-process RSS after a full sync (core + in-process demo sandbox)',
        value: round(rss, 1),
        unit: 'MB',
        bound: { label: 'the same process, modules loaded, before the core opened', value: round(baseline, 1), unit: 'MB' },
        ratio: round(rss / baseline, 2),
        ratioMeaning: 'x baseline',
        goal: MEM_GOAL,
        met: rss < 200,
      },
      {
        key: 'sandbox_seed_seconds',
        title: `3. Sandbox seeding of ${ctx.skus.toLocaleString('en-US')} SKUs (prepared statements, one transaction)`,
        value: round(seedMs / 1000, 2),
        unit: 's',
        bound: null,
        ratio: null,
        goal: '-',
        met: null,
      },
      {
        key: 'main_heap_used_after_sync',
        title: '6. Main-process JS heapUsed after a full sync',
        value: round(median(outcomes.map((o) => o.memory.heapUsedMB)), 1),
        unit: 'MB',
        bound: null,
        ratio: null,
        goal: '-',
        met: null,
      },
    ];
  } catch (error) {
    ctx.shared.syncedDataDirMissing ??= `the sync failed: ${errorText(error)}`;
    return [
      notMeasured('full_sync_seconds', '3. Full sync of 100k SKUs', 's', FULL_GOAL, errorText(error)),
      notMeasured('incremental_sync_seconds', '3. Incremental sync after 1% changed', 's', INC_GOAL, errorText(error)),
      notMeasured('main_rss_after_sync', '6. Main-process RSS after a full sync', 'MB', MEM_GOAL, errorText(error)),
    ];
  }
}
