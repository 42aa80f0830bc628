// Scan while syncing: can a worker scan while the desk syncs? At each catalogue size, one child
// process (bench/figures/scan-sync-child.ts) hosts the IPC router and the core (inline or in its
// thread: `--core=inline|thread`), with the demo's sandbox in a process of its own; a
// `stock.lookup` is asked every 10 ms during (a) the first, full sync and (b) incremental syncs of
// 1% of the SKUs, and the router's thread's event-loop delay is recorded. Then the idle lookup
// against a bare primary-key select reached the same way (the same router, the same thread hop).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { startSandbox } from '../../src/sandbox';
import { runChild, tsxArgs } from '../lib/child';
import { DEMO_SANDBOX_FILE } from '../lib/core';
import type { CoreHostKind } from '../lib/core-host';
import { errorText, notMeasured, type BenchContext, type Figure } from '../lib/figure';
import { nowMs, round, roundSummary, type Summary } from '../lib/stats';
import type { ScanSyncChildOutcome, ScanSyncChildSpec } from './scan-sync-child';

const CHILD = join(import.meta.dirname, 'scan-sync-child.ts');
const ROOT = join(import.meta.dirname, '..', '..');

export const FULL_SIZES = [100_000, 1_000_000] as const;
export const QUICK_SIZES = [20_000] as const;

/** One frame at 60 Hz. */
const FRAME_MS = 1000 / 60;
const P95_GOAL = 'p95 <= 16.7 ms (one frame)';
const MAX_GOAL = 'max <= 50 ms';
const LOOP_GOAL = 'never more than 20 ms';
const IDLE_GOAL = 'p95 < 1 ms and <= 5x bound';

const sizeLabel = (skus: number): string => (skus >= 1_000_000 ? `${skus / 1_000_000}m` : `${skus / 1_000}k`);
const sizeText = (skus: number): string => skus.toLocaleString('en-US');

/** The incremental rounds together: each is short (0.2 s at 100,000 SKUs), so one gives few probes. */
function pooled(o: ScanSyncChildOutcome): Pick<CellFigures, 'fromAsk' | 'loopMaxMs' | 'loopP99Ms' | 'floorMaxMs' | 'floorP99Ms'> {
  // The loop's max and p99 of the round with the highest one; the floor's of the same round.
  const worst = o.incremental.reduce((a, b) => (b.loopDelay.maxMs > a.loopDelay.maxMs ? b : a));
  const worstP99 = o.incremental.reduce((a, b) => (b.loopDelay.p99Ms > a.loopDelay.p99Ms ? b : a));
  return {
    fromAsk: o.incrementalPooled,
    loopMaxMs: worst.loopDelay.maxMs,
    floorMaxMs: worst.loopFloor.maxMs,
    loopP99Ms: worstP99.loopDelay.p99Ms,
    floorP99Ms: worstP99.loopFloor.p99Ms,
  };
}

async function seed(ctx: BenchContext, skus: number): Promise<string> {
  const dir = join(ctx.scratch, `scan-sync-seed-${sizeLabel(skus)}`);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, DEMO_SANDBOX_FILE);
  const started = nowMs();
  await (await startSandbox({ dbPath: file, demo: { skus, shipments: 50 }, rateLimit: false })).close();
  ctx.log(`scan-sync: sandbox seeded with ${sizeText(skus)} SKUs in ${((nowMs() - started) / 1000).toFixed(1)} s`);
  return file;
}

async function runSize(ctx: BenchContext, core: CoreHostKind, skus: number): Promise<ScanSyncChildOutcome> {
  const seeded = await seed(ctx, skus);
  const spec: ScanSyncChildSpec = {
    root: ROOT,
    dataDir: join(ctx.scratch, `scan-sync-${core}-${sizeLabel(skus)}`),
    seededSandbox: seeded,
    skus,
    core,
    incrementalRounds: ctx.quick ? 2 : skus >= 1_000_000 ? 3 : 5,
    changeFraction: 0.01,
    idleRuns: ctx.quick ? 2 : ctx.runs,
    idleLookups: ctx.quick ? 500 : 2000,
    // 30 minutes at a million SKUs, at least 5: not enough at a load average of 20 on 2 CPUs.
    timeLimitMs: Math.max(300_000, skus * 1.8),
  };
  // Under tsx, so that the core's thread (and the bound's) load the same TypeScript sources; no
  // per-process flags (--max-old-space-size): the threads inherit these flags, and Worker refuses those.
  const out = await runChild(process.execPath, tsxArgs(CHILD, [JSON.stringify(spec)]), {
    cwd: ROOT,
    // The child keeps its own limit and stops its sandbox; this one is for a child that hangs.
    timeoutMs: spec.timeLimitMs + 60_000,
  });
  for (const line of out.stderr.trim().split('\n').filter((l) => /^(full|incremental)/.test(l))) ctx.log(`  [${sizeLabel(skus)} ${core}] ${line}`);
  const last = out.stdout.trim().split('\n').pop() ?? '';
  if (out.code !== 0 || !last.startsWith('{')) {
    const lines = out.stderr.trim().split('\n');
    const cause = lines.filter((l) => /Error|error|code:|cause/.test(l)).slice(0, 4);
    throw new Error(`scan-sync child failed (${out.code ?? out.signal}): ${(cause.length ? cause : lines.slice(-3)).join(' | ').slice(0, 600)}`);
  }
  return JSON.parse(last) as ScanSyncChildOutcome;
}

interface CellFigures {
  key: string;
  name: string;
  fromAsk: Summary;
  loopMaxMs: number;
  loopP99Ms: number;
  /** The same of an idle thread of the child over the same interval (what the machine inflicts). */
  floorMaxMs: number;
  floorP99Ms: number;
  details: Record<string, unknown>;
}

function cellRows(c: CellFigures, prefix: string): Figure[] {
  const frame = { label: 'one frame at 60 Hz', value: round(FRAME_MS, 1), unit: 'ms' as const };
  const measured = c.fromAsk.n > 0;
  const row = (suffix: string, title: string, value: number, goal: string, met: boolean | null, extra: Partial<Figure> = {}): Figure => ({
    key: `${c.key}_${suffix}`,
    title: `${prefix} ${c.name}, ${title}`,
    value: measured ? round(value, 2) : null,
    unit: 'ms',
    bound: null,
    ratio: null,
    goal,
    met: measured ? met : null,
    ...(measured ? {} : { notMeasured: 'no probe was answered from the cache' }),
    ...extra,
  });
  return [
    row('p95', 'lookup p95 (asked every 10 ms, timed from when it was due)', c.fromAsk.p95, P95_GOAL, c.fromAsk.p95 <= FRAME_MS, {
      bound: frame,
      ratio: round(c.fromAsk.p95 / FRAME_MS, 2),
      ratioMeaning: 'x frame',
      details: c.details,
    }),
    row('p50', 'lookup p50', c.fromAsk.median, '-', null),
    row('max', 'lookup max', c.fromAsk.max, MAX_GOAL, c.fromAsk.max <= 50),
    row('loop_delay_max', "event-loop delay of the router's thread, max", c.loopMaxMs, LOOP_GOAL, c.loopMaxMs <= 20, {
      bound: { label: 'an idle thread of the same process, same interval', value: c.floorMaxMs, unit: 'ms' },
      ratio: c.floorMaxMs > 0 ? round(c.loopMaxMs / c.floorMaxMs, 2) : null,
      ratioMeaning: 'x idle thread',
    }),
    row('loop_delay_p99', "event-loop delay of the router's thread, p99", c.loopP99Ms, '-', null, {
      bound: { label: 'an idle thread of the same process, same interval', value: c.floorP99Ms, unit: 'ms' },
      ratio: c.floorP99Ms > 0 ? round(c.loopP99Ms / c.floorP99Ms, 2) : null,
      ratioMeaning: 'x idle thread',
    }),
  ];
}

function figuresOf(o: ScanSyncChildOutcome, skus: number): Figure[] {
  const label = sizeLabel(skus);
  const prefix = `10. [${o.core}] Scan while syncing, ${sizeText(skus)} SKUs:`;
  const inc = pooled(o);
  const full: CellFigures = {
    key: `scan_sync_full_${label}`,
    name: 'during the full sync',
    fromAsk: o.full.fromAsk,
    loopMaxMs: o.full.loopDelay.maxMs,
    loopP99Ms: o.full.loopDelay.p99Ms,
    floorMaxMs: o.full.loopFloor.maxMs,
    floorP99Ms: o.full.loopFloor.p99Ms,
    details: {
      core: o.core,
      skus,
      syncS: round(o.full.syncMs / 1000, 2),
      recordsPulled: o.full.recordsPulled,
      probesDue: o.full.asked,
      answeredFromCache: o.full.answeredFromCache,
      dueBeforeStockPhase: o.full.beforeStockPhase ?? null,
      fromAsk: roundSummary(o.full.fromAsk, 3),
      slowest: o.full.slowest,
      fromCall: roundSummary(o.full.fromCall, 3),
      askedTheService: roundSummary(o.full.askedService, 3),
      loopDelay: o.full.loopDelay,
      idleThreadLoopDelay: o.full.loopFloor,
      routerGcPauses: o.full.gcPauses,
    },
  };
  const incremental: CellFigures = {
    key: `scan_sync_incremental_${label}`,
    name: 'during incremental syncs of 1% of the SKUs',
    ...inc,
    details: {
      core: o.core,
      skus,
      rounds: o.incremental.map((c) => ({
        syncS: round(c.syncMs / 1000, 3),
        recordsPulled: c.recordsPulled,
        probesDue: c.asked,
        answeredFromCache: c.answeredFromCache,
        fromAsk: roundSummary(c.fromAsk, 3),
        slowest: c.slowest,
        fromCall: roundSummary(c.fromCall, 3),
        loopDelay: c.loopDelay,
        idleThreadLoopDelay: c.loopFloor,
        routerGcPauses: c.gcPauses,
      })),
      pooled: roundSummary(o.incrementalPooled, 3),
    },
  };
  const idle = o.idle;
  const idleRatio = idle.lookup.p95 / idle.bound.p95;
  const bound = { label: `bare PK select, same router${o.core === 'thread' ? ' and thread hop' : ''}`, value: round(idle.bound.p95, 4), unit: 'ms' as const };
  return [
    ...cellRows(full, prefix),
    ...cellRows(incremental, prefix),
    {
      key: `scan_idle_lookup_p95_${label}`,
      title: `${prefix} idle lookup (offline, cache), p95`,
      value: round(idle.lookup.p95, 4),
      unit: 'ms',
      bound,
      ratio: round(idleRatio, 2),
      ratioMeaning: 'x bound',
      goal: IDLE_GOAL,
      met: idle.lookup.p95 < 1 && idleRatio <= 5,
      details: {
        core: o.core,
        lookup: roundSummary(idle.lookup, 4),
        bound: roundSummary(idle.bound, 4),
        perRunP95: idle.perRunP95.map((v) => round(v, 4)),
        perRunBoundP95: idle.perRunBoundP95.map((v) => round(v, 4)),
        boundHow:
          o.core === 'thread'
            ? "the router with stock.lookup's handler calling a worker thread over PortRpc (as startCoreThread's handlers call the core's), which runs SELECT * FROM stock_items WHERE id = ? on its own read-only connection"
            : "the router with stock.lookup's handler running SELECT * FROM stock_items WHERE id = ? on its own read-only connection, in the router's thread",
      },
    },
    {
      key: `scan_idle_lookup_p50_${label}`,
      title: `${prefix} idle lookup, p50`,
      value: round(idle.lookup.median, 4),
      unit: 'ms',
      bound: { ...bound, value: round(idle.bound.median, 4) },
      ratio: round(idle.lookup.median / idle.bound.median, 2),
      ratioMeaning: 'x bound',
      goal: '-',
      met: null,
    },
  ];
}

export async function measureScanSync(ctx: BenchContext, core: CoreHostKind, sizes: readonly number[]): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const skus of sizes) {
    try {
      figures.push(...figuresOf(await runSize(ctx, core, skus), skus));
    } catch (error) {
      figures.push(notMeasured(`scan_sync_full_${sizeLabel(skus)}_p95`, `10. [${core}] Scan while syncing, ${sizeText(skus)} SKUs`, 'ms', P95_GOAL, errorText(error)));
    }
  }
  return figures;
}
