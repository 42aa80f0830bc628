// Many desks, one service (issue 19): N desk cores, each with its own data dir, signed in to one
// sandbox over loopback, scan, adjust, filter and sync for a bounded time. Then every outbox is
// drained, every desk syncs once more, and three things are checked against the sandbox's own
// database: every adjustment a desk saw applied is applied exactly once (the on-hand totals equal
// the seeded totals plus the sum of the applied deltas, and the sandbox holds one adjustment per
// applied entry), nothing is left unsent, and every desk's cache equals the service. Requests
// are counted per desk through the core's `fetch` option, idle (signed in, nothing done) and at work.
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createDeskCore } from '../../src/main/composition/desk-core';
import { createIpcRouter } from '../../src/main/kernel/ipc/router';
import { DEMO_OWNERS, startSandbox } from '../../src/sandbox';
import { demoEan13, demoSku, seededRandom } from '../../src/sandbox/demo-data';
import type { Channel, Input, Output } from '../../src/shared/ipc/contract';
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
    call<C extends Channel>(channel: C, input?: Input<C>): Promise<Output<C>>;
    close(): Promise<void>;
  }> = [];
  const workPaths: Record<string, number> = {};
  const tallies: DeskTally[] = [];
  let answersLost = 0;
  let lostCredit = 0;
  /** Error diffusion, as the sandbox's faults: exactly every 1/rate-th adjust loses its answer. */
  const loseThisAnswer = (): boolean => {
    lostCredit += o.lostAnswerRate ?? 0;
    if (lostCredit < 1) return false;
    lostCredit -= 1;
    return true;
  };
  try {
    const initial = sandboxLevels(sandbox.dbPath);
    for (let d = 0; d < o.desks; d++) {
      const tally: DeskTally = { desk: d, scans: 0, adjustmentsApplied: 0, adjustmentsRejected: 0, deltaApplied: 0, requestsIdle: 0, requestsWork: 0, cacheMismatches: 0 };
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
      desks.push({ tally, dataDir, call, close: () => core.close() });
      await call('account.signIn', { baseUrl: sandbox.baseUrl, clientId: DEMO_OWNERS.desk.clientId, clientSecret: DEMO_OWNERS.desk.clientSecret });
      await call('sync.now');
    }
    const warehouses = (await desks[0]?.call('warehouses.list')) ?? [];
    if (warehouses.length === 0) throw new Error('the desks see no warehouse');
    log(`${o.desks} desks signed in and synced; idle for ${o.idleMs / 1000} s`);

    phase = 'idle';
    await new Promise((r) => setTimeout(r, o.idleMs));

    phase = 'work';
    log(`working for ${o.workMs / 1000} s`);
    const until = performance.now() + o.workMs;
    await Promise.all(
      desks.map(async (desk, d) => {
        const random = seededRandom((o.seed ?? 1) * 1000 + d);
        while (performance.now() < until) {
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
    log('draining every outbox, then one sync per desk');
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
    for (const desk of desks) {
      let before: string | undefined;
      do {
        const page = await desk.call('outbox.list', { limit: 200, ...(before ? { before } : {}) });
        for (const e of page.entries) {
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
      ok: problems.length === 0,
      problems,
    };
  } finally {
    for (const desk of desks) await desk.close().catch(() => undefined);
    await sandbox.close();
  }
}
