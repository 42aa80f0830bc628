// Many desks, one service (issue 19): N desk cores, each with its own data dir, signed in to one
// sandbox over loopback, scan, adjust, filter and sync for a bounded time. Then every outbox is
// drained, every desk syncs once more, and three things are checked against the sandbox's own
// database: every adjustment a desk saw applied is applied exactly once (the on-hand totals equal
// the seeded totals plus the sum of the applied deltas, and the sandbox holds one adjustment per
// applied entry), nothing is left unsent, and every desk's cache equals the service. Each desk
// also runs count sessions through the core's own handlers (counts.start, counts.scan, review,
// accept, counts.submit), and every count line submitted is checked to be applied once: one
// outbox entry per line with a difference, its delta the count minus the on-hand read at submit,
// one adjustment at the service per applied line. Requests are counted per desk through the
// core's `fetch` option, idle (signed in, nothing done) and at work.
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createDeskCore } from '../../src/main/composition/desk-core';
import { createIpcRouter } from '../../src/main/kernel/ipc/router';
import { DEMO_OWNERS, startSandbox } from '../../src/sandbox';
import { demoEan13, demoSku, seededRandom } from '../../src/sandbox/demo-data';
import type { Channel, Input, Output } from '../../src/shared/ipc/contract';
import type { CountSession } from '../../src/shared/ipc/desk-work-records';
import type { OutboxEntry } from '../../src/shared/ipc/records';
import { memorySecrets } from './core';

export interface SoakOptions {
  desks: number;
  /** How long the desks work (scan, adjust, filter, sync). */
  workMs: number;
  /** How long the signed-in desks sit idle, requests counted. */
  idleMs: number;
  skus: number;
  /** Each desk syncs on its own timer this often while working (the app's default is 5 minutes). */
  syncEveryMs: number;
  /** A scan every this many ms per desk (a worker scans every few seconds; the soak goes faster). */
  scanEveryMs: number;
  /**
   * 0..1: this share of adjust requests is applied by the service but its answer is lost on the
   * way back (the desk sees a network error), so the desk must send it again with the same key.
   */
  lostAnswerRate?: number;
  /** 0..1: when no count is open, the chance that a step starts one (default 0.05). */
  countStartRate?: number;
  scratch: string;
  seed?: number;
  log?: (m: string) => void;
}

export interface DeskTally {
  desk: number;
  scans: number;
  adjustmentsApplied: number;
  adjustmentsRejected: number;
  deltaApplied: number;
  requestsIdle: number;
  requestsWork: number;
  cacheMismatches: number;
  /** Count sessions submitted, the scans they took, and their lines with an adjustment. */
  countsSubmitted: number;
  countScans: number;
  countLinesWithEntry: number;
}

export interface SoakOutcome {
  desks: DeskTally[];
  /** Sum over the desks' applied outbox entries, per "sku|warehouse". */
  expectedOnHand: number;
  sandboxOnHand: number;
  initialOnHand: number;
  sandboxAdjustments: number;
  appliedEntries: number;
  /** Entries still queued or sending after the drain (must be 0). */
  leftUnsent: number;
  idleRequestsPerMinutePerDesk: number;
  workRequestsPerMinutePerDesk: number;
  /** Requests at work per API path ({sku} for the SKU). */
  workRequestsByPath: Record<string, number>;
  /** Adjust answers the soak threw away after the service applied them. */
  answersLost: number;
  /** Count lines submitted with a difference (one outbox entry each), and of those applied at the end. */
  countLinesWithEntry: number;
  countLinesApplied: number;
  /** The service's count_correction adjustments made by count sessions (their note names the count). */
  sandboxCountAdjustments: number;
  ok: boolean;
  problems: string[];
}

type Phase = 'setup' | 'idle' | 'work' | 'drain';

/** Sandbox-side on-hand per "sku|warehouse" of the desk owner. */
function sandboxLevels(dbPath: string): Map<string, { onHand: number; reserved: number }> {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  try {
    const rows = db
      .prepare(
        `SELECT p.sku AS sku, w.id AS wh, l.on_hand AS onHand, l.reserved AS reserved
           FROM stock_levels l JOIN products p ON p.seq = l.product_seq JOIN warehouses w ON w.seq = l.warehouse_seq
           JOIN owners o ON o.id = p.owner_id WHERE o.client_id = ?`,
      )
      .all(DEMO_OWNERS.desk.clientId) as Array<{ sku: string; wh: string; onHand: number; reserved: number }>;
    return new Map(rows.map((r) => [`${r.sku}|${r.wh}`, { onHand: r.onHand, reserved: r.reserved }]));
  } finally {
    db.close();
  }
}

function sandboxAdjustmentCount(dbPath: string): number {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  try {
    return db.prepare('SELECT count(*) FROM adjustments').pluck().get() as number;
  } finally {
    db.close();
  }
}

/**
 * The service's adjustments made by count sessions (the note names the count: "Count cnt_…: counted
 * N, on hand M"), and how many (note, SKU) pairs it holds more than once: each line is sent once.
 */
function sandboxCountAdjustments(dbPath: string): { total: number; duplicated: number } {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  try {
    const rows = db
      .prepare(`SELECT count(*) AS n FROM adjustments WHERE reason = 'count_correction' AND note LIKE '%Count cnt\\_%' ESCAPE '\\' GROUP BY note, product_seq, warehouse_seq`)
      .all() as Array<{ n: number }>;
    return { total: rows.reduce((sum, r) => sum + r.n, 0), duplicated: rows.filter((r) => r.n > 1).length };
  } finally {
    db.close();
  }
}

function cacheLevels(cacheFile: string): Map<string, { onHand: number; reserved: number }> {
  const db = new Database(cacheFile, { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare('SELECT sku, warehouse_id AS wh, on_hand AS onHand, reserved FROM stock_levels').all() as Array<{ sku: string; wh: string; onHand: number; reserved: number }>;
    return new Map(rows.map((r) => [`${r.sku}|${r.wh}`, { onHand: r.onHand, reserved: r.reserved }]));
  } finally {
    db.close();
  }
}

const sum = (m: Map<string, { onHand: number }>): number => [...m.values()].reduce((s, v) => s + v.onHand, 0);

export async function runSoak(o: SoakOptions): Promise<SoakOutcome> {
  const log = o.log ?? (() => undefined);
  mkdirSync(o.scratch, { recursive: true });
  const sandbox = await startSandbox({ dbPath: join(o.scratch, 'service.sqlite'), demo: { skus: o.skus, shipments: 20 }, rateLimit: false });
  const problems: string[] = [];
  let phase: Phase = 'setup';
  const desks: Array<{
    tally: DeskTally;
    dataDir: string;
    /** The count this desk has open: what is left to scan in it. */
    count: { zone: string[]; scansLeft: number } | null;
    /** Every count this desk submitted, as the last submit answered it. */
    submittedCounts: CountSession[];
    call<C extends Channel>(channel: C, input?: Input<C>): Promise<Output<C>>;
    close(): Promise<void>;
  }> = [];
  const workPaths: Record<string, number> = {};
  const tallies: DeskTally[] = [];
  let answersLost = 0;
  // Starting at the threshold, the first adjust of the work loses its answer: a run on a loaded
  // machine that sends only a few during the work still loses one and resends it.
  let lostCredit = o.lostAnswerRate ? 1 - o.lostAnswerRate : 0;
  /** Error diffusion, as the sandbox's faults: the first adjust, then exactly every 1/rate-th, loses its answer. */
  const loseThisAnswer = (): boolean => {
    lostCredit += o.lostAnswerRate ?? 0;
    if (lostCredit < 1) return false;
    lostCredit -= 1;
    return true;
  };
  try {
    const initial = sandboxLevels(sandbox.dbPath);
    for (let d = 0; d < o.desks; d++) {
      const tally: DeskTally = { desk: d, scans: 0, adjustmentsApplied: 0, adjustmentsRejected: 0, deltaApplied: 0, requestsIdle: 0, requestsWork: 0, cacheMismatches: 0, countsSubmitted: 0, countScans: 0, countLinesWithEntry: 0 };
      const counting: typeof fetch = (input, init) => {
        if (phase === 'idle') tally.requestsIdle++;
        if (phase === 'work') {
          tally.requestsWork++;
          const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
          const path = new URL(url).pathname.replace(/\/stock\/[^/]+\//, '/stock/{sku}/');
          workPaths[path] = (workPaths[path] ?? 0) + 1;
          if (path.endsWith('/adjust') && loseThisAnswer()) {
            return fetch(input, init).then(async (res) => {
              await res.arrayBuffer();
              answersLost++;
              throw new TypeError('fetch failed (the soak lost this answer after the service applied it)');
            });
          }
        }
        return fetch(input, init);
      };
      tallies.push(tally);
      const dataDir = join(o.scratch, `desk-${d}`);
      const core = await createDeskCore({ dataDir, secrets: memorySecrets(), demoByDefault: false, syncIntervalMs: o.syncEveryMs, fetch: counting });
      const router = createIpcRouter<null>(core.handlers, { isTrustedSender: () => true });
      const call = async <C extends Channel>(channel: C, input?: Input<C>): Promise<Output<C>> => {
        const result = await router.handle(channel, input, null);
        if (!result.ok) throw new Error(`desk ${d} ${channel}: ${result.error.code} ${result.error.message}`);
        return result.value as Output<C>;
      };
      desks.push({ tally, dataDir, count: null, submittedCounts: [], call, close: () => core.close() });
      await call('account.signIn', { baseUrl: sandbox.baseUrl, clientId: DEMO_OWNERS.desk.clientId, clientSecret: DEMO_OWNERS.desk.clientSecret });
      await call('sync.now');
    }
    const warehouses = (await desks[0]?.call('warehouses.list')) ?? [];
    if (warehouses.length === 0) throw new Error('the desks see no warehouse');
    log(`${o.desks} desks signed in and synced; idle for ${o.idleMs / 1000} s`);

    /** Accepts every counted line and submits; the count stays open while a line could not be sent (the service unreachable). */
    const submitCount = async (desk: (typeof desks)[number]): Promise<boolean> => {
      const review = await desk.call('counts.review');
      for (const line of review.lines) if (line.decision !== 'accepted' && !line.submitted) await desk.call('counts.decide', { sku: line.sku, decision: 'accepted' });
      const session = await desk.call('counts.submit');
      if (session.state !== 'submitted') return false;
      desk.submittedCounts.push(session);
      desk.tally.countsSubmitted++;
      desk.tally.countLinesWithEntry += session.lines.filter((l) => l.entry !== null).length;
      desk.count = null;
      return true;
    };

    phase = 'idle';
    await new Promise((r) => setTimeout(r, o.idleMs));

    phase = 'work';
    log(`working for ${o.workMs / 1000} s`);
    const until = performance.now() + o.workMs;
    await Promise.all(
      desks.map(async (desk, d) => {
        const random = seededRandom((o.seed ?? 1) * 1000 + d);
        while (performance.now() < until) {
          // A count: a zone of a few SKUs in one warehouse, each scanned one or more times, then
          // reviewed, every line accepted and submitted, all through the core's count handlers.
          if (desk.count) {
            if (desk.count.scansLeft > 0) {
              const sku = desk.count.zone[Math.floor(random() * desk.count.zone.length)]!;
              const counted = await desk.call('counts.scan', { code: sku });
              if (counted.kind !== 'counted') problems.push(`desk ${d}: counting ${sku} was refused (${counted.kind === 'refused' ? counted.reason : counted.kind})`);
              desk.tally.countScans++;
              desk.count.scansLeft--;
            } else await submitCount(desk);
            await new Promise((r) => setTimeout(r, o.scanEveryMs * (0.5 + random())));
            continue;
          }
          const counting = warehouses[Math.floor(random() * warehouses.length)];
          if (counting && random() < (o.countStartRate ?? 0.05)) {
            const zone = [...new Set(Array.from({ length: 3 }, () => demoSku('desk', 1 + Math.floor(random() * o.skus))))];
            await desk.call('counts.start', { warehouseId: counting.id, zone });
            desk.count = { zone, scansLeft: 2 + Math.floor(random() * 6) };
            continue;
          }
          const i = 1 + Math.floor(random() * o.skus);
          const code = random() < 0.3 ? demoEan13('desk', i) : demoSku('desk', i);
          const answer = await desk.call('stock.lookup', { code });
          desk.tally.scans++;
          if (answer.kind === 'stock' && random() < 0.5) {
            const warehouse = warehouses[Math.floor(random() * warehouses.length)];
            // Mostly receipts; some picks, which the service may refuse (not enough stock): that refusal is checked too.
            // Receipts, counts that found more or fewer, damage; the service may refuse a pick below zero (checked too).
            const kind = random();
            const delta = kind < 0.6 ? 1 + Math.floor(random() * 5) : kind < 0.85 ? (random() < 0.5 ? 1 : -1) * (1 + Math.floor(random() * 3)) : -(1 + Math.floor(random() * 3));
            const reason = kind < 0.6 ? 'received' : kind < 0.85 ? 'count_correction' : 'damaged';
            if (warehouse) await desk.call('stock.adjust', { sku: demoSku('desk', i), warehouseId: warehouse.id, delta, reason });
          }
          if (random() < 0.1) await desk.call('stock.search', { query: demoSku('desk', i).slice(0, 6), limit: 50 });
          await new Promise((r) => setTimeout(r, o.scanEveryMs * (0.5 + random())));
        }
      }),
    );

    phase = 'drain';
    log('submitting open counts, draining every outbox, then one sync per desk');
    for (const desk of desks) {
      for (let tries = 0; desk.count && tries < 20; tries++) {
        if (desk.count.scansLeft > 0 && (await desk.call('counts.current'))?.lines.length === 0) {
          await desk.call('counts.abandon');
          desk.count = null;
        } else if (!(await submitCount(desk))) await new Promise((r) => setTimeout(r, 250));
      }
      if (desk.count) problems.push(`desk ${desk.tally.desk}: its count could not be submitted`);
    }
    for (const desk of desks) {
      // A lost answer leaves its entry queued until the next sync or timer: a sync resumes the outbox.
      for (let tries = 0; tries < 600; tries++) {
        const { counts } = await desk.call('outbox.list', { limit: 1 });
        if (counts.queued + counts.sending === 0) break;
        if (tries % 20 === 19) await desk.call('sync.now');
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    let leftUnsent = 0;
    let appliedEntries = 0;
    let deltaApplied = 0;
    const entriesById = new Map<string, OutboxEntry>();
    for (const desk of desks) {
      let before: string | undefined;
      do {
        const page = await desk.call('outbox.list', { limit: 200, ...(before ? { before } : {}) });
        for (const e of page.entries) {
          entriesById.set(e.id, e);
          if (e.state === 'applied') {
            desk.tally.adjustmentsApplied++;
            desk.tally.deltaApplied += e.delta;
          } else if (e.state === 'rejected') desk.tally.adjustmentsRejected++;
          else if (e.state === 'queued' || e.state === 'sending') leftUnsent++;
        }
        before = page.nextBefore ?? undefined;
      } while (before);
      appliedEntries += desk.tally.adjustmentsApplied;
      deltaApplied += desk.tally.deltaApplied;
      await desk.call('sync.now');
    }

    const final = sandboxLevels(sandbox.dbPath);
    const initialOnHand = sum(initial);
    const sandboxOnHand = sum(final);
    const expectedOnHand = initialOnHand + deltaApplied;
    const sandboxAdjustments = sandboxAdjustmentCount(sandbox.dbPath);
    if (leftUnsent > 0) problems.push(`${leftUnsent} adjustments still unsent after the drain`);
    if (sandboxOnHand !== expectedOnHand) problems.push(`the service holds ${sandboxOnHand} on hand; seeded ${initialOnHand} + applied ${deltaApplied} = ${expectedOnHand}`);
    if (sandboxAdjustments !== appliedEntries) problems.push(`the service holds ${sandboxAdjustments} adjustments; the desks saw ${appliedEntries} applied`);

    // Counts: each submitted line with a difference has one entry, of the right delta, that
    // reached a verdict; the service holds one count adjustment per applied line, none twice.
    let countLinesWithEntry = 0;
    let countLinesApplied = 0;
    for (const desk of desks) {
      for (const session of desk.submittedCounts) {
        for (const line of session.lines) {
          if (line.submittedAt === null) problems.push(`count ${session.id} ${line.sku}: submitted, but the line is not`);
          if (!line.entry) continue;
          countLinesWithEntry++;
          const entry = entriesById.get(line.entry.id);
          if (!entry) problems.push(`count ${session.id} ${line.sku}: its outbox entry ${line.entry.id} is gone`);
          else if (entry.reason !== 'count_correction' || entry.delta !== line.counted - (line.onHandAtSubmit ?? 0)) problems.push(`count ${session.id} ${line.sku}: entry ${entry.id} is ${entry.reason} ${entry.delta}, not count_correction ${line.counted - (line.onHandAtSubmit ?? 0)}`);
          else if (entry.state === 'applied') countLinesApplied++;
          else if (entry.state !== 'rejected') problems.push(`count ${session.id} ${line.sku}: entry ${entry.id} still ${entry.state}`);
        }
      }
    }
    const countAdjustments = sandboxCountAdjustments(sandbox.dbPath);
    if (countAdjustments.duplicated > 0) problems.push(`the service holds ${countAdjustments.duplicated} count lines adjusted more than once`);
    if (countAdjustments.total !== countLinesApplied) problems.push(`the service holds ${countAdjustments.total} count adjustments; the desks saw ${countLinesApplied} count lines applied`);

    for (const desk of desks) {
      await desk.close();
      const cached = cacheLevels(join(desk.dataDir, 'cache.sqlite'));
      for (const [key, level] of final) {
        const c = cached.get(key);
        if (!c || c.onHand !== level.onHand || c.reserved !== level.reserved) desk.tally.cacheMismatches++;
      }
      if (cached.size !== final.size) desk.tally.cacheMismatches += Math.abs(cached.size - final.size);
      if (desk.tally.cacheMismatches > 0) problems.push(`desk ${desk.tally.desk}: ${desk.tally.cacheMismatches} stock levels differ from the service after its sync`);
    }
    desks.length = 0;

    const perMinute = (n: number, ms: number): number => Math.round((n / o.desks / (ms / 60_000)) * 10) / 10;
    return {
      desks: tallies,
      expectedOnHand,
      sandboxOnHand,
      initialOnHand,
      sandboxAdjustments,
      appliedEntries,
      leftUnsent,
      idleRequestsPerMinutePerDesk: perMinute(tallies.reduce((s, t) => s + t.requestsIdle, 0), o.idleMs),
      workRequestsPerMinutePerDesk: perMinute(tallies.reduce((s, t) => s + t.requestsWork, 0), o.workMs),
      workRequestsByPath: workPaths,
      answersLost,
      countLinesWithEntry,
      countLinesApplied,
      sandboxCountAdjustments: countAdjustments.total,
      ok: problems.length === 0,
      problems,
    };
  } finally {
    for (const desk of desks) await desk.close().catch(() => undefined);
    await sandbox.close();
  }
}
