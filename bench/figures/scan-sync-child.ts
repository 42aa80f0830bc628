// One catalogue size of "scan while syncing", in a fresh process: the router in this process's
// main thread, the core inline or in its thread (`core`), the demo's sandbox in a process of its
// own. A `stock.lookup` is asked every PROBE_EVERY_MS through the router while the desk runs its
// first (full) sync and then incremental syncs of 1% of the SKUs; this thread's event-loop delay
// is recorded during each sync. Then, the sandbox stopped (offline, the pure cache path), idle
// lookups against their bound. Reads one JSON argument (ScanSyncChildSpec), prints one JSON line.
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { SyncStatus } from '../../src/shared/ipc/records';
import { demoSku, seededRandom } from '../../src/sandbox/demo-data';
import { stopChild } from '../lib/child';
import { routeTo } from '../lib/core';
import { openCoreHost, type CoreHost, type CoreHostKind } from '../lib/core-host';
import { openPkBound } from '../lib/pk-bound';
import { changeSkus, signInDesk, startSandboxProcess } from '../lib/sandbox-process';
import { startLoopFloor, loopDelayOf, type LoopDelay } from '../lib/loop-floor';
import { watchGcPauses, type GcPauses } from '../lib/gc-pauses';
import { nowMs, summarize, type Summary } from '../lib/stats';

export interface ScanSyncChildSpec {
  root: string;
  dataDir: string;
  seededSandbox: string;
  skus: number;
  core: CoreHostKind;
  incrementalRounds: number;
  /** Share of SKUs changed before each incremental round (0.01). */
  changeFraction: number;
  /** Idle lookups: runs of `idleLookups` each, the bound's run just before each. */
  idleRuns: number;
  idleLookups: number;
  /** The child ends itself after this long (stopping its sandbox, which a kill from outside would leave running). */
  timeLimitMs: number;
}

/** Probes asked during one sync: timed from the instant they were due, and from the router call. */
export interface ProbeCell {
  syncMs: number;
  /** The cache-answered probes' times from when they were due (for pooling rounds; not printed). */
  samples?: number[];
  recordsPulled: number;
  /** Answered from the cache: the path a scan takes once the SKU is synced. */
  fromAsk: Summary;
  fromCall: Summary;
  /** Asked the service (a SKU the cache did not hold yet); timed from the instant due. */
  askedService: Summary;
  /** How many probes were due while the sync ran, and how many of them the cache answered. */
  asked: number;
  answeredFromCache: number;
  /** The slowest lookup answered from the cache: when it was due (s after the sync started) and its wait. */
  slowest: { dueAtS: number; ms: number } | null;
  /** The full sync only: probes due before its stock phase (no stock in the cache yet). */
  beforeStockPhase?: number;
  /** This thread's event-loop delay during the sync, ms beyond the monitor's interval. */
  loopDelay: LoopDelay;
  /** The same of an idle thread of this process over the same interval: the machine's share. */
  loopFloor: LoopDelay;
  /** This thread's garbage-collector pauses during the sync. */
  gcPauses: GcPauses;
}

export interface ScanSyncChildOutcome {
  core: CoreHostKind;
  full: ProbeCell;
  incremental: ProbeCell[];
  /** Every incremental round's probes answered from the cache, timed from when they were due. */
  incrementalPooled: Summary;
  idle: { lookup: Summary; bound: Summary; perRunP95: number[]; perRunBoundP95: number[] };
}

/** A scan every 10 ms: far more often than a worker scans, so that no stall of the host goes unseen. */
const PROBE_EVERY_MS = 10;
/** "10 ms or less": 5 ms, so a stall is seen to within 5 ms. */
const LOOP_RESOLUTION_MS = 5;
/** Probed SKUs, spread over the catalogue; each is asked of the service once at most (then cached). */
const PROBED_SKUS = 16;
/** No such SKU at the service: what a probe asks while the first sync has no stock in the cache yet. */
const ABSENT_SKU = 'WD-000000';

const spec = JSON.parse(process.argv[2] ?? '{}') as ScanSyncChildSpec;
const log = (m: string): void => void process.stderr.write(`${m}\n`);

function sample(count: number, seed: number): string[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => demoSku('desk', 1 + Math.floor(random() * spec.skus)));
}

interface Answer {
  /** When it was due, ms after the probes started. */
  dueAfter: number;
  fromAsk: number;
  fromCall: number;
  source: 'cache' | 'service' | 'none';
}

/**
 * Asks `code()` through the router every PROBE_EVERY_MS from now until stopped. A probe is timed
 * from the instant it was due: when this thread was busy past that instant, the wait counts, as a
 * scan's IPC message waits in the queue of a busy main thread. Probes due while it was busy are
 * all asked at once when it is free, as queued scans would be.
 */
function startProbes(host: CoreHost, code: () => string): { stop(): Promise<Answer[]> } {
  const answers: Array<Promise<Answer>> = [];
  const t0 = nowMs();
  let due = 0;
  let timer: NodeJS.Timeout | null = null;
  const ask = (dueAt: number): void => {
    const calledAt = nowMs();
    answers.push(
      host.router.handle('stock.lookup', { code: code() }, null).then((result) => {
        const answeredAt = nowMs();
        if (!result.ok) throw new Error(`a probe failed: ${result.error.code} ${result.error.message}`);
        const value = result.value as { kind: string; stock?: { source?: string } };
        const source = value.kind !== 'stock' ? 'none' : value.stock?.source === 'service' ? 'service' : 'cache';
        return { dueAfter: dueAt - t0, fromAsk: answeredAt - dueAt, fromCall: answeredAt - calledAt, source };
      }),
    );
  };
  const tick = (): void => {
    const now = nowMs();
    while (t0 + due * PROBE_EVERY_MS <= now) ask(t0 + due++ * PROBE_EVERY_MS);
    timer = setTimeout(tick, Math.max(0, t0 + due * PROBE_EVERY_MS - nowMs()));
  };
  tick();
  return {
    async stop() {
      if (timer) clearTimeout(timer);
      return Promise.all(answers);
    },
  };
}

/** Runs `sync` with the probes and the loop monitor on; the cell's figures. */
async function probeSync(host: CoreHost, code: () => string, sync: () => Promise<SyncStatus>): Promise<ProbeCell> {
  const loop = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
  floor.start();
  loop.enable();
  const gc = watchGcPauses();
  const started = nowMs();
  const probes = startProbes(host, code);
  const status = await sync();
  const syncMs = nowMs() - started;
  const answers = await probes.stop();
  loop.disable();
  const gcPauses = gc.stop();
  const loopFloor = await floor.stop();
  if (status.state !== 'idle') throw new Error(`the sync ended ${status.state}: ${JSON.stringify(status.lastError)}`);
  const cached = answers.filter((a) => a.source === 'cache');
  const slowest = cached.reduce<Answer | null>((worst, a) => (worst === null || a.fromAsk > worst.fromAsk ? a : worst), null);
  return {
    slowest: slowest ? { dueAtS: Math.round(slowest.dueAfter) / 1000, ms: Math.round(slowest.fromAsk) } : null,
    syncMs,
    samples: cached.map((a) => a.fromAsk),
    recordsPulled: status.done,
    fromAsk: summarize(cached.map((a) => a.fromAsk)),
    fromCall: summarize(cached.map((a) => a.fromCall)),
    askedService: summarize(answers.filter((a) => a.source !== 'cache').map((a) => a.fromAsk)),
    asked: answers.length,
    answeredFromCache: cached.length,
    loopDelay: loopDelayOf(loop, LOOP_RESOLUTION_MS),
    loopFloor,
    gcPauses,
  };
}

/** Until the host's connectivity says offline (the sandbox stopped): a failed sync tells it. */
async function waitOffline(host: CoreHost): Promise<void> {
  await host.router.handle('sync.now', undefined, null);
  for (let i = 0; i < 50; i++) {
    if (!(await host.call('account.connectivity')).online) return;
    await host.router.handle('stock.lookup', { code: `WD-9${String(i).padStart(6, '0')}` }, null);
  }
  throw new Error('the core did not go offline with its service stopped');
}

/** Back-to-back calls of `stock.lookup` on `router`, each timed from the call to the answer. */
async function timeLookups(router: CoreHost['router'], codes: readonly string[], into: number[]): Promise<void> {
  for (const code of codes) {
    const started = nowMs();
    const result = await router.handle('stock.lookup', { code }, null);
    into.push(nowMs() - started);
    if (!result.ok || result.value === undefined || result.value === null) throw new Error(`lookup of ${code}: ${JSON.stringify(result).slice(0, 200)}`);
  }
}

const floor = startLoopFloor(LOOP_RESOLUTION_MS);
const sandbox = await startSandboxProcess(spec.root, spec.dataDir, spec.seededSandbox, spec.skus);
setTimeout(() => {
  log(`Error: time limit of ${Math.round(spec.timeLimitMs / 1000)} s reached`);
  sandbox.child.kill('SIGKILL');
  process.exit(3);
}, spec.timeLimitMs).unref();
let host: CoreHost | null = null;
try {
  const probed = sample(PROBED_SKUS, 31);
  let next = 0;
  const rotate = (): string => probed[next++ % probed.length] as string;

  // (a) The first sync, which the core starts on opening: into an empty cache, in bulk (no sort
  // indexes until its end). Until its stock phase the cache holds no stock, and a SKU the cache
  // lacks is asked of the service and then kept, which would turn the bulk load off: so until
  // then the probe asks for a SKU the service does not have either (answered "not found" by it).
  let stockPhase = false;
  let dueBeforeStock = 0;
  host = await openCoreHost(spec.core, spec.dataDir, { seededSandbox: spec.seededSandbox, skus: spec.skus, log, startDemo: async () => sandbox.service });
  const opened = host;
  const detach = opened.events.attach((event, payload) => {
    if (event === 'sync.progress' && (payload as SyncStatus).phase === 'stock') stockPhase = true;
  });
  const full = await probeSync(
    opened,
    () => {
      if (stockPhase) return rotate();
      dueBeforeStock++;
      return ABSENT_SKU;
    },
    async () => {
      // Joins the sync the core started on opening, or starts one.
      const first = await opened.call('sync.now');
      return first.state === 'idle' && first.lastSyncedAt !== null ? first : opened.call('sync.now');
    },
  );
  detach();
  full.beforeStockPhase = dueBeforeStock;
  log(`full sync ${(full.syncMs / 1000).toFixed(1)} s: probes p95 ${full.fromAsk.p95.toFixed(2)} max ${full.fromAsk.max.toFixed(1)} ms (due at ${full.slowest?.dueAtS ?? '-'} s), loop delay max ${full.loopDelay.maxMs} ms (idle thread ${full.loopFloor.maxMs}), GC pauses max ${full.gcPauses.maxMs} ms (${full.gcPauses.over10Ms} of 10 ms or more)`);

  // (b) Incremental syncs, each after 1% of the SKUs changed at the service.
  const { token, warehouseId } = await signInDesk(sandbox.service.baseUrl);
  const changed = Math.max(1, Math.round(spec.skus * spec.changeFraction));
  const incremental: ProbeCell[] = [];
  for (let round = 0; round < spec.incrementalRounds; round++) {
    await changeSkus(sandbox.service.baseUrl, token, warehouseId, spec.skus, changed, round);
    const cell = await probeSync(opened, rotate, () => opened.call('sync.now'));
    incremental.push(cell);
    log(`incremental ${round + 1}: ${cell.syncMs.toFixed(0)} ms, ${cell.asked} probes, p95 ${cell.fromAsk.p95.toFixed(2)} ms, loop delay max ${cell.loopDelay.maxMs} ms (idle thread ${cell.loopFloor.maxMs}), GC pauses max ${cell.gcPauses.maxMs} ms`);
  }

  // Idle: offline (the service stopped), so both sides are the cache path alone.
  await stopChild(sandbox.child);
  await waitOffline(opened);
  const codes = sample(spec.idleLookups * spec.idleRuns + 500, 7);
  const bound = await openPkBound(spec.core, join(spec.dataDir, 'cache.sqlite'), codes);
  try {
    // The bound through the same router code, the handler of stock.lookup swapped for the select.
    const boundRouter = routeTo({ ...opened.handlers, 'stock.lookup': bound.lookup as never }, log).router;
    const warm = codes.slice(0, 500);
    await timeLookups(opened.router, warm, []);
    await timeLookups(boundRouter, warm, []);
    const lookups: number[] = [];
    const bounds: number[] = [];
    const perRunP95: number[] = [];
    const perRunBoundP95: number[] = [];
    for (let run = 0; run < spec.idleRuns; run++) {
      const picks = codes.slice(500 + run * spec.idleLookups, 500 + (run + 1) * spec.idleLookups);
      const b: number[] = [];
      const l: number[] = [];
      await timeLookups(boundRouter, picks, b);
      await timeLookups(opened.router, picks, l);
      bounds.push(...b);
      lookups.push(...l);
      perRunP95.push(summarize(l).p95);
      perRunBoundP95.push(summarize(b).p95);
    }
    const { samples: _fullSamples, ...fullCell } = full;
    const outcome: ScanSyncChildOutcome = {
      core: spec.core,
      full: fullCell,
      incremental: incremental.map(({ samples: _samples, ...cell }) => cell),
      incrementalPooled: summarize(incremental.flatMap((c) => c.samples ?? [])),
      idle: { lookup: summarize(lookups), bound: summarize(bounds), perRunP95, perRunBoundP95 },
    };
    process.stdout.write(JSON.stringify(outcome) + '\n');
  } finally {
    await bound.close();
  }
} finally {
  await host?.close();
  await stopChild(sandbox.child);
  await floor.close();
}
process.exit(0);
