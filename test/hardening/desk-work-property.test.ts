// Desk work under random interleavings: a property test of exactly once, against the real sandbox.
//
// A seeded list of steps (fast-check) is played against a desk process (support/desk-work-child.ts:
// the real core, signed in to a sandbox running in this process) through the IPC handlers, as the
// renderer calls them: adjustments, transfers, counts (start, scan, typed count, review, accept or
// recount, submit), undo of adjustments, count corrections and transfers, syncs; and between them
// the faults: outages from the sandbox's fault injection (503s, dropped connections, unreachable,
// latency), crashes (SIGKILL while sends and syncs are on their way, restarted on the same data
// dir), rebuilds (the desk killed and the catalog's pages of its cache garbled, so it starts from a
// rebuilt file), the desk's clock running ahead or behind and jumping, and another desk changing
// stock at the service.
//
// A model (support/desk-work-model.ts) keeps what the worker was told: booked, refused, withdrawn.
// The shelf truth of a count is the model's stock plus what nobody booked, so the end state is
// known. At the end, faults off, everything drained and one sync made:
// - every pair's stock at the service is the model's (nothing lost, nothing doubled);
// - each outbox entry applied is applied at the service exactly once under its key, a withdrawn
//   one never; nothing is applied at the service that no outbox entry (or the other desk) made;
// - nothing is left queued, unsure, refused, stuck in a transfer or an open count;
// - the desk's cache holds the service's stock, every level of every SKU.
//
// Sizes (support/env.ts): `short` one run of 40 steps, `ci` two runs of 40, `long` eight of 150.
// The seed picks the steps; replaying it replays them (what the network does meanwhile is timing).
import fc from 'fast-check';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'vitest';
import { createApiClient, type ApiClient } from '../../src/main/kernel/api';
import { DEMO_OWNERS, startSandbox, type FaultSettings, type RunningSandbox } from '../../src/sandbox';
import type { CountReview, CountScanResult, CountSession, Transfer, UndoResult } from '../../src/shared/ipc/desk-work-records';
import type { OutboxEntry, SyncStatus } from '../../src/shared/ipc/records';
import type { Result } from '../../src/shared/ipc/result';
import { damageCatalogPages } from './support/cache-damage';
import { cacheWindow } from './support/core';
import { DeskGone, startDesk, type DeskProcess } from './support/desk-process';
import { DeskWorkModel, pairOf, type CountLineModel } from './support/desk-work-model';
import { runs, SEED, SIZE } from './support/env';

const RUNS = runs(1, 2, 8);
const STEPS = runs(40, 40, 150);
const SKU_COUNT = 5;
const WAREHOUSE_COUNT = 3;
/** Every pair starts with at least this much, so no booked change can be refused for want of stock. */
const FLOOR = 1_000;

/** Faults off, how long the desk gets to send everything and submit the count (a bound on a hang, not a speed claim). */
const DRAIN_LIMIT_MS = 30_000;
/** A hang guard per call (stock.adjust waits 2.5 s at most; a sync under faults some seconds). */
const CALL_LIMIT_MS = 60_000;

const HOUR = 3_600_000;
/**
 * Offsets of the desk's clock from the service's. Each is one the desk must cope with on its own:
 * the service keeps a key 24 h by its own clock, and nothing here moves the service's clock.
 */
const SKEWS = [0, 0, -90_000, 90_000, -10 * 60_000, 10 * 60_000, -3 * HOUR, 3 * HOUR, -30 * HOUR, 30 * HOUR];

const FAULTS: Array<{ name: string; faults: FaultSettings }> = [
  { name: 'no faults', faults: { latencyMs: 0, failureRate: 0, dropRate: 0, unreachable: false } },
  { name: '30% 503s', faults: { latencyMs: 0, failureRate: 0.3, dropRate: 0, unreachable: false } },
  { name: 'all 503s', faults: { latencyMs: 0, failureRate: 1, dropRate: 0, unreachable: false } },
  { name: '30% dropped connections', faults: { latencyMs: 0, failureRate: 0, dropRate: 0.3, unreachable: false } },
  { name: 'unreachable', faults: { latencyMs: 0, failureRate: 0, dropRate: 0, unreachable: true } },
  { name: '150 ms latency, 20% dropped', faults: { latencyMs: 150, failureRate: 0, dropRate: 0.2, unreachable: false } },
];
const NO_FAULTS = FAULTS[0]!.faults;

const KINDS = {
  adjust: 22,
  transfer: 14,
  undo: 12,
  countStart: 4,
  countLine: 9,
  countReview: 3,
  countSubmit: 5,
  outside: 4,
  sync: 6,
  outage: 7,
  crash: 4,
  rebuild: 2,
  skew: 5,
  pause: 4,
} as const;
type Kind = keyof typeof KINDS;

/**
 * HARDENING_DESK_SKIP=<kind>,<kind>: those steps are played as pauses (the rest of the list stays
 * the same, so a seed still names the same run otherwise). For looking at one fault at a time.
 */
const SKIPPED = new Set((process.env['HARDENING_DESK_SKIP'] ?? '').split(',').filter((k) => k !== ''));
for (const kind of SKIPPED) if (!(kind in KINDS)) throw new Error(`HARDENING_DESK_SKIP: no step kind ${kind} (kinds: ${Object.keys(KINDS).join(', ')})`);

interface Step {
  kind: Kind;
  a: number;
  b: number;
  c: number;
  d: number;
}

const stepArbitrary: fc.Arbitrary<Step> = fc.record({
  kind: fc.oneof(...(Object.entries(KINDS) as Array<[Kind, number]>).map(([kind, weight]) => ({ arbitrary: fc.constant(kind), weight }))),
  a: fc.nat({ max: 9_999 }),
  b: fc.nat({ max: 9_999 }),
  c: fc.nat({ max: 9_999 }),
  d: fc.integer({ min: -9, max: 9 }),
});

/** HARDENING_VERBOSE=1: every step printed as it is played, not only in a failure's report. */
const VERBOSE = process.env['HARDENING_VERBOSE'] === '1';
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
const ADJUST_REASONS = ['received', 'damaged', 'found', 'lost', 'returned', 'other'] as const;

/** One run: a fresh sandbox and desk, the steps, the drain, the checks. Returns the problems found. */
class Run {
  readonly model = new DeskWorkModel();
  readonly trace: string[] = [];
  readonly problems: string[] = [];
  readonly stats = { crashes: 0, rebuilds: 0, outages: 0, skews: 0, booked: 0, refused: 0, undone: 0, counted: 0 };
  work = '';
  dataDir = '';
  sandbox!: RunningSandbox;
  api!: ApiClient;
  #desk: DeskProcess | null = null;
  get desk(): DeskProcess {
    if (!this.#desk) throw new Error('no desk process');
    return this.#desk;
  }
  set desk(desk: DeskProcess) {
    this.#desk = desk;
  }
  skus: string[] = [];
  warehouses: string[] = [];
  skewMs = 0;
  faults: FaultSettings = NO_FAULTS;
  /** Sandbox adjustments made before the run (the demo's history, the top-up): not the desk's. */
  readonly before = new Set<string>();
  /** Bugs reported by desk processes that have ended. */
  readonly bugs: string[] = [];
  readonly background: Array<Promise<unknown>> = [];

  readonly started = Date.now();

  constructor(readonly index: number) {}

  note(line: string): void {
    const stamped = `+${((Date.now() - this.started) / 1000).toFixed(1)}s ${line}`;
    this.trace.push(stamped);
    if (VERBOSE) console.info(`[desk work ${this.index}] ${stamped}`);
  }

  async setUp(): Promise<void> {
    this.work = mkdtempSync(join(tmpdir(), 'wd-desk-work-'));
    this.dataDir = join(this.work, 'desk');
    mkdirSync(this.dataDir);
    this.sandbox = await startSandbox({ dbPath: join(this.work, 'sandbox.sqlite'), demo: { skus: 30, shipments: 0, seed: 7 + this.index }, rateLimit: false, answerWithinMs: 3_000 });
    this.api = createApiClient({ baseUrl: this.sandbox.baseUrl, credentials: async () => ({ ...DEMO_OWNERS.desk }) });
    this.warehouses = (await this.api.listWarehouses({ limit: 10 })).body.data.map((w) => w.id).slice(0, WAREHOUSE_COUNT);
    this.skus = (await this.api.listStock({ limit: SKU_COUNT })).body.data.map((s) => s.sku);
    // Every pair well stocked (another desk's "found"), before the desk's first sync.
    for (const sku of this.skus) {
      const levels = (await this.api.readStock(sku)).body.levels;
      for (const warehouseId of this.warehouses) {
        const onHand = levels.find((l) => l.warehouse_id === warehouseId)?.on_hand ?? 0;
        if (onHand < FLOOR) await this.api.adjustStock(sku, { warehouse_id: warehouseId, delta: FLOOR - onHand + 20, reason: 'found' }, crypto.randomUUID());
      }
      for (const a of this.sandbox.adjustmentsFor(sku)) this.before.add(a.id);
    }
    await this.readExpected();
    this.note('set up: sandbox started, every pair stocked');
    this.desk = await startDesk(this.dataDir, 0);
    this.note('set up: desk process started');
    const signIn = await this.desk.call('account.signIn', { baseUrl: this.sandbox.baseUrl, clientId: DEMO_OWNERS.desk.clientId, clientSecret: DEMO_OWNERS.desk.clientSecret });
    if (!signIn.ok) throw new Error(`sign-in failed: ${JSON.stringify(signIn.error)}`);
    await this.until(async () => {
      const status = await this.value<SyncStatus>('sync.status');
      return status.state === 'idle' && status.lastSyncedAt !== null;
    }, 'the first sync');
    this.note('set up: signed in, first sync done');
  }

  async readExpected(): Promise<void> {
    for (const sku of this.skus) {
      const levels = (await this.api.readStock(sku)).body.levels;
      for (const warehouseId of this.warehouses) this.model.expected.set(pairOf(sku, warehouseId), levels.find((l) => l.warehouse_id === warehouseId)?.on_hand ?? 0);
    }
  }

  async tearDown(): Promise<void> {
    try {
      // The keychain entry of this account goes with the run.
      if (this.#desk) {
        await this.#desk.call('account.signOut').catch(() => undefined);
        await this.#desk.close();
      }
    } finally {
      await this.sandbox?.close();
      if (this.work) rmSync(this.work, { recursive: true, force: true });
    }
  }

  /** A call as the renderer makes it; one left unanswered stops the run with what happened so far. */
  async call<T>(channel: string, input?: unknown): Promise<Result<T>> {
    let timer: NodeJS.Timeout | undefined;
    const hung = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${channel} ${JSON.stringify(input ?? null)} got no answer in ${CALL_LIMIT_MS / 1000} s`)), CALL_LIMIT_MS);
    });
    try {
      return await Promise.race([this.desk.call<T>(channel, input), hung]);
    } finally {
      clearTimeout(timer);
    }
  }

  async value<T>(channel: string, input?: unknown): Promise<T> {
    const result = await this.call<T>(channel, input);
    if (!result.ok) throw new Error(`${channel} failed: ${JSON.stringify(result.error)}`);
    return result.value;
  }

  async until(condition: () => Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
    const end = Date.now() + timeoutMs;
    while (!(await condition())) {
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
      await sleep(50);
    }
  }

  /** Background calls (syncs) must not outlive their process unnoticed: a killed one is expected to fail. */
  fire(channel: string): void {
    this.background.push(this.desk.call(channel).catch((error: unknown) => (error instanceof DeskGone ? null : Promise.reject(error))));
  }

  async restart(): Promise<void> {
    this.bugs.push(...this.desk.bugs);
    this.desk = await startDesk(this.dataDir, this.skewMs);
    // Plays on at once: a desk just started has not heard the service's clock, so its first send
    // waits to ask it, and an undo in that wait must still withdraw the entry for good.
  }

  sku(n: number): string {
    return this.skus[n % this.skus.length]!;
  }

  warehouse(n: number): string {
    return this.warehouses[n % this.warehouses.length]!;
  }

  async step(i: number, s: Step): Promise<void> {
    const m = this.model;
    switch (SKIPPED.has(s.kind) ? 'pause' : s.kind) {
      case 'adjust': {
        const sku = this.sku(s.a);
        const warehouseId = this.warehouse(s.b);
        const pair = pairOf(sku, warehouseId);
        if (m.frozen(pair)) return this.note(`${i} adjust ${pair}: skipped, being counted`);
        const delta = s.d === 0 ? 1 : s.d;
        const reason = ADJUST_REASONS[s.c % ADJUST_REASONS.length]!;
        const result = await this.call<OutboxEntry>('stock.adjust', { sku, warehouseId, delta, reason, note: `run ${this.index} step ${i}` });
        if (!result.ok) return this.refused(i, `adjust ${pair} ${delta}`, result.error.code);
        if (result.value.state === 'rejected') {
          this.problems.push(`step ${i}: the service refused an adjustment of ${pair} by ${delta} (${result.value.lastError?.code}); every pair holds enough`);
          return this.note(`${i} adjust ${pair} ${delta}: refused by the service`);
        }
        m.change(pair, delta);
        m.adjustments.push({ entryId: result.value.id, pair, delta, kind: 'adjust', state: 'booked' });
        this.stats.booked++;
        return this.note(`${i} adjust ${pair} ${delta}: booked ${result.value.id} (${result.value.state})`);
      }
      case 'transfer': {
        const sku = this.sku(s.a);
        const from = this.warehouse(s.b);
        const to = this.warehouse(s.b + 1 + (s.c % (this.warehouses.length - 1)));
        const quantity = Math.abs(s.d) || 1;
        if (m.frozen(pairOf(sku, from)) || m.frozen(pairOf(sku, to))) return this.note(`${i} transfer ${sku}: skipped, being counted`);
        const result = await this.call<Transfer>('transfers.create', { sku, fromWarehouseId: from, toWarehouseId: to, quantity });
        if (!result.ok) return this.refused(i, `transfer ${sku} ${from}->${to} ${quantity}`, result.error.code);
        m.change(pairOf(sku, from), -quantity);
        m.change(pairOf(sku, to), quantity);
        m.transfers.push({ id: result.value.id, sku, from, to, quantity, state: 'booked' });
        this.stats.booked++;
        return this.note(`${i} transfer ${sku} ${from}->${to} ${quantity}: booked ${result.value.id} (${result.value.state})`);
      }
      case 'undo': {
        const candidates = m.undoable();
        if (candidates.length === 0) return this.note(`${i} undo: nothing to undo`);
        const target = candidates[s.a % candidates.length]!;
        if ('adjustment' in target) {
          const booked = target.adjustment;
          const result = await this.call<UndoResult>('outbox.undo', { id: booked.entryId });
          if (!result.ok) return this.refused(i, `undo ${booked.kind} ${booked.entryId}`, result.error.code);
          m.change(booked.pair, -booked.delta);
          booked.state = result.value.action === 'withdrawn' ? 'withdrawn' : 'undone';
          if (result.value.action === 'reversed') m.reversals.push(result.value.reversal.id);
          this.stats.undone++;
          return this.note(`${i} undo ${booked.kind} ${booked.entryId} (${booked.pair} ${booked.delta}): ${result.value.action}`);
        }
        const transfer = target.transfer;
        const result = await this.call<Transfer>('transfers.undo', { id: transfer.id });
        if (!result.ok) return this.refused(i, `undo transfer ${transfer.id}`, result.error.code);
        m.change(pairOf(transfer.sku, transfer.from), transfer.quantity);
        m.change(pairOf(transfer.sku, transfer.to), -transfer.quantity);
        transfer.state = 'undone';
        this.stats.undone++;
        const t = result.value;
        return this.note(`${i} undo transfer ${transfer.id}: ${t.state} (out ${t.out.state}, in ${t.in?.state ?? 'none'}, back ${t.reversal ? `${t.reversal.id} ${t.reversal.state}` : (t.undoneBy ?? 'none')})`);
      }
      case 'countStart': {
        if (m.count) return this.note(`${i} count start: one is open`);
        const warehouseId = this.warehouse(s.a);
        const result = await this.call<CountSession>('counts.start', { warehouseId });
        if (!result.ok) return this.refused(i, `count start at ${warehouseId}`, result.error.code);
        m.count = { id: result.value.id, warehouseId, lines: new Map() };
        return this.note(`${i} count ${result.value.id} started at ${warehouseId}`);
      }
      case 'countLine':
        return this.countLine(i, s);
      case 'countReview':
        return this.countReview(i, s);
      case 'countSubmit':
        return this.countSubmit(i, s);
      case 'outside': {
        const sku = this.sku(s.a);
        const warehouseId = this.warehouse(s.b);
        const pair = pairOf(sku, warehouseId);
        if (m.frozen(pair)) return this.note(`${i} another desk ${pair}: skipped, being counted`);
        const delta = (s.d === 0 ? 1 : s.d) % 6 || 1;
        const key = crypto.randomUUID();
        // The other desk reaches the service whatever this one's network does.
        this.sandbox.setFaults(NO_FAULTS);
        try {
          await this.api.adjustStock(sku, { warehouse_id: warehouseId, delta, reason: delta > 0 ? 'found' : 'lost' }, key);
        } finally {
          this.sandbox.setFaults(this.faults);
        }
        m.change(pair, delta);
        m.outsideKeys.add(key);
        return this.note(`${i} another desk adjusts ${pair} ${delta}`);
      }
      case 'sync':
        this.fire('sync.now');
        return this.note(`${i} sync started`);
      case 'outage': {
        const chosen = FAULTS[s.a % FAULTS.length]!;
        this.faults = chosen.faults;
        this.sandbox.setFaults(chosen.faults);
        if (chosen.faults !== NO_FAULTS) this.stats.outages++;
        return this.note(`${i} network: ${chosen.name}`);
      }
      case 'crash': {
        // A sync on its way too, and sends, if anything is queued: the kill lands in the middle.
        this.fire('sync.now');
        await sleep(s.a % 150);
        await this.desk.kill();
        this.stats.crashes++;
        await this.restart();
        return this.note(`${i} crash (SIGKILL after ${s.a % 150} ms), restarted`);
      }
      case 'rebuild': {
        this.fire('sync.now');
        await sleep(s.a % 100);
        await this.desk.kill();
        const pages = damageCatalogPages(this.dataDir);
        await this.restart();
        this.stats.rebuilds++;
        const rebuilt = this.desk.logs.find((l) => l.message === 'cache file damaged, rebuilt');
        if (!rebuilt) this.problems.push(`step ${i}: the desk did not rebuild a cache with ${pages} garbled pages`);
        else if (rebuilt.data?.['outboxProblem'] != null) this.problems.push(`step ${i}: the rebuilt cache lost its outbox: ${String(rebuilt.data['outboxProblem'])}`);
        await this.countAfterRebuild(i);
        return this.note(`${i} rebuild: killed, ${pages} catalog pages garbled, restarted on a rebuilt cache`);
      }
      case 'skew': {
        this.skewMs = SKEWS[s.a % SKEWS.length]!;
        await this.desk.skew(this.skewMs);
        this.stats.skews++;
        return this.note(`${i} desk clock ${this.skewMs >= 0 ? '+' : ''}${this.skewMs / 60_000} min`);
      }
      case 'pause': {
        await sleep(20 + (s.a % 300));
        return this.note(`${i} pause`);
      }
    }
  }

  refused(i: number, what: string, code: string): void {
    this.stats.refused++;
    // These are answers a worker may get; anything else is a bug the test must not take for a refusal.
    const expected = new Set(['outcome_unknown', 'already_undone', 'undo_not_possible', 'count_already_open', 'no_open_count', 'count_not_reviewed', 'count_line_submitted', 'transfer_not_found', 'offline', 'service_unavailable', 'network_error', 'timeout']);
    if (!expected.has(code)) this.problems.push(`step ${i}: ${what} refused with ${code}`);
    this.note(`${i} ${what}: refused (${code})`);
  }

  /** After a rebuild: is the open count still there? A worker's unsubmitted counting lost is a finding. */
  async countAfterRebuild(i: number): Promise<void> {
    const count = this.model.count;
    if (!count) return;
    const current = await this.call<CountSession | null>('counts.current');
    if (current.ok && current.value?.id === count.id) return;
    this.problems.push(`step ${i}: the open count ${count.id} (${count.lines.size} lines counted) is gone after the cache was rebuilt`);
    // The worker starts over: the unsubmitted lines were never booked.
    this.model.count = null;
  }

  async countLine(i: number, s: Step): Promise<void> {
    // No count open: the worker starts one here.
    if (!this.model.count) await this.step(i, { ...s, kind: 'countStart', a: s.b });
    const count = this.model.count;
    if (!count) return this.note(`${i} count line: no count open`);
    // Half the time a SKU that a recent transfer moved into this warehouse: the shelf holds it,
    // while the service may not have it yet (the transfer's legs still on their way).
    const moved = this.model.transfers.slice(-4).filter((t) => t.to === count.warehouseId && !count.lines.has(t.sku));
    const sku = s.c % 2 === 0 && moved.length > 0 ? moved[s.a % moved.length]!.sku : this.sku(s.a);
    const pair = pairOf(sku, count.warehouseId);
    if (count.lines.has(sku)) return this.note(`${i} count line ${pair}: counted already`);
    const scanned = await this.call<CountScanResult>('counts.scan', { code: sku });
    if (!scanned.ok) return this.refused(i, `count scan ${sku}`, scanned.error.code);
    if (scanned.value.kind !== 'counted') return this.note(`${i} count scan ${sku}: ${scanned.value.kind === 'refused' ? scanned.value.reason : scanned.value.kind}`);
    // What the shelf holds: what was booked, and a few that nobody booked (found, lost).
    const expectedAtCount = this.model.stock(pair);
    const line: CountLineModel = { sku, truth: expectedAtCount + (s.d % 4), expectedAtCount, set: false, submitted: false };
    count.lines.set(sku, line);
    this.stats.counted++;
    await this.typeCount(i, line);
    this.note(`${i} count ${pair}: shelf holds ${line.truth} (booked ${expectedAtCount})`);
  }

  async typeCount(i: number, line: CountLineModel): Promise<boolean> {
    const set = await this.call<CountSession>('counts.set', { sku: line.sku, counted: line.truth });
    if (!set.ok) {
      this.refused(i, `count set ${line.sku}`, set.error.code);
      return false;
    }
    line.set = true;
    return true;
  }

  async countReview(i: number, s: Step): Promise<void> {
    const count = this.model.count;
    if (!count) return this.note(`${i} count review: no count open`);
    const review = await this.call<CountReview>('counts.review');
    if (!review.ok) return this.refused(i, 'count review', review.error.code);
    for (const line of review.value.lines) {
      const model = count.lines.get(line.sku);
      if (model?.set && line.counted !== model.truth) this.problems.push(`step ${i}: the count of ${line.sku} reads ${line.counted}, the worker typed ${model.truth}`);
    }
    // Now and then a line is counted again from zero, as a worker does when a figure looks wrong.
    const lines = [...count.lines.values()].filter((l) => !l.submitted);
    const recount = lines[s.b % Math.max(1, lines.length)];
    if (recount && s.c % 3 === 0) {
      const decided = await this.call<CountSession>('counts.decide', { sku: recount.sku, decision: 'recount' });
      if (!decided.ok) return this.refused(i, `count recount ${recount.sku}`, decided.error.code);
      recount.set = false;
      await this.typeCount(i, recount);
      this.note(`${i} count review: ${recount.sku} counted again`);
    }
    await this.acceptAll(i);
    this.note(`${i} count review (${review.value.online ? 'online' : 'offline'})`);
  }

  async acceptAll(i: number): Promise<boolean> {
    const count = this.model.count;
    if (!count) return false;
    for (const line of count.lines.values()) {
      if (line.submitted) continue;
      if (!line.set && !(await this.typeCount(i, line))) return false;
      const decided = await this.call<CountSession>('counts.decide', { sku: line.sku, decision: 'accepted' });
      if (!decided.ok) {
        this.refused(i, `count accept ${line.sku}`, decided.error.code);
        return false;
      }
    }
    return true;
  }

  async countSubmit(i: number, _s: Step): Promise<void> {
    const count = this.model.count;
    if (!count) return this.note(`${i} count submit: no count open`);
    if (count.lines.size === 0) return this.note(`${i} count submit: nothing counted yet`);
    if (!(await this.acceptAll(i))) return this.note(`${i} count submit: not every line accepted`);
    const result = await this.call<CountSession>('counts.submit');
    if (!result.ok) return this.refused(i, 'count submit', result.error.code);
    this.takeSubmitted(i, result.value);
  }

  /** The lines the desk says it submitted are booked: each pair now holds what its shelf held. */
  takeSubmitted(i: number, session: CountSession): void {
    const count = this.model.count;
    if (!count) return;
    const done: string[] = [];
    for (const line of session.lines) {
      const model = count.lines.get(line.sku);
      if (!model || model.submitted || line.submittedAt === null) continue;
      model.submitted = true;
      const pair = pairOf(line.sku, count.warehouseId);
      this.model.expected.set(pair, model.truth);
      const delta = model.truth - model.expectedAtCount;
      done.push(`${line.sku} ${delta >= 0 ? '+' : ''}${delta}`);
      // The correction is the shelf against everything booked before: whatever of it the service
      // had not applied yet is in neither the on-hand it was computed against, nor the shelf twice.
      if (line.onHandAtSubmit !== model.expectedAtCount) {
        this.problems.push(
          `step ${i}: count ${count.id} corrected ${pair} against an on-hand of ${line.onHandAtSubmit}, but ${model.expectedAtCount} was booked (by this desk or another) when it was counted: the correction is ${(line.entry?.delta ?? 0) - delta} off`,
        );
      }
      if (line.entry) this.model.adjustments.push({ entryId: line.entry.id, pair, delta, kind: 'count', state: 'booked' });
    }
    this.note(`${i} count submit: ${done.join(', ') || 'nothing yet'}; ${session.state}`);
    if (session.state === 'submitted') this.model.count = null;
  }

  /** Faults off, everything sent, the count submitted; then one sync. What will not settle is reported. */
  async drain(): Promise<void> {
    this.faults = NO_FAULTS;
    this.sandbox.setFaults(NO_FAULTS);
    await Promise.all(this.background);
    const deadline = Date.now() + DRAIN_LIMIT_MS;
    let rounds = 0;
    for (;;) {
      rounds++;
      const status = await this.value<SyncStatus>('sync.now');
      const waiting = (await this.value<{ entries: OutboxEntry[] }>('outbox.list', { states: ['queued', 'sending'], limit: 500 })).entries;
      for (const entry of waiting.filter((e) => e.state === 'queued')) await this.call('outbox.retry', { id: entry.id });
      const count = this.model.count;
      if (count && count.lines.size === 0) {
        // Nothing counted: the worker abandons it.
        const abandoned = await this.call<CountSession>('counts.abandon');
        if (abandoned.ok) this.model.count = null;
      } else if (count && (await this.acceptAll(-1))) {
        const submitted = await this.call<CountSession>('counts.submit');
        if (submitted.ok) this.takeSubmitted(-1, submitted.value);
      }
      if (waiting.length === 0 && status.state === 'idle' && this.model.count === null) break;
      const left = `${waiting.length} adjustment(s) still waiting (${waiting.map((e) => `${e.id} ${e.state} ${e.lastError?.code ?? ''}`).join(', ')}), sync ${status.state} ${status.lastError?.code ?? ''}, count ${this.model.count ? `${this.model.count.id} open: ${[...this.model.count.lines.values()].filter((l) => !l.submitted).map((l) => l.sku).join(', ')} not submitted` : 'none'}`;
      if (Date.now() > deadline) {
        this.problems.push(`not settled ${DRAIN_LIMIT_MS / 1000} s after the faults stopped: ${left}`);
        break;
      }
      await sleep(100);
    }
    this.note(`drain: ${rounds} rounds`);
    const final = await this.value<SyncStatus>('sync.now');
    if (final.state !== 'idle') this.problems.push(`the last sync ended ${final.state}: ${JSON.stringify(final)}`);
  }

  /** For a pair that came out wrong: the desk's outbox entries of it and what the service applied. */
  history(sku: string, warehouseId: string): string {
    const window = cacheWindow(this.dataDir);
    try {
      const entries = window.rows<{ id: string; delta: number; state: string; note: string | null; idempotency_key: string }>(
        'SELECT id, delta, state, note, idempotency_key FROM outbox WHERE sku = ? AND warehouse_id = ? ORDER BY seq',
        sku,
        warehouseId,
      );
      const applied = this.sandbox.adjustmentsFor(sku).filter((a) => a.warehouseId === warehouseId && !this.before.has(a.id));
      const keys = new Set(entries.map((e) => e.idempotency_key));
      return [
        `the desk's entries: ${entries.map((e) => `${e.id.slice(0, 8)} ${e.delta} ${e.state} "${e.note}"`).join('; ') || 'none'}`,
        `applied at the service: ${applied.map((a) => `${a.delta}${keys.has(a.idempotencyKey) ? '' : ' (another desk)'}`).join(', ') || 'nothing'}`,
      ].join('; ');
    } finally {
      window.close();
    }
  }

  async check(): Promise<void> {
    const m = this.model;
    // The service holds what the worker was told, pair by pair.
    for (const sku of this.skus) {
      const levels = (await this.api.readStock(sku)).body.levels;
      for (const warehouseId of this.warehouses) {
        const pair = pairOf(sku, warehouseId);
        const service = levels.find((l) => l.warehouse_id === warehouseId)?.on_hand ?? 0;
        if (service !== m.stock(pair)) {
          this.problems.push(`${pair}: the service holds ${service}, the worker was told ${m.stock(pair)} (${service - m.stock(pair) > 0 ? '+' : ''}${service - m.stock(pair)}); ${this.history(sku, warehouseId)}`);
        }
      }
    }
    // The desk's cache holds the service's stock, after that one sync.
    const window = cacheWindow(this.dataDir);
    try {
      const service = new Map<string, number>();
      let cursor: string | null = null;
      do {
        const page = await this.api.listStock({ limit: 500, ...(cursor ? { cursor } : {}) });
        for (const item of page.body.data) for (const level of item.levels) service.set(`${item.sku}@${level.warehouse_id}`, level.on_hand);
        cursor = page.body.next_cursor ?? null;
      } while (cursor);
      const cached = new Map(window.rows<{ sku: string; warehouse_id: string; on_hand: number }>('SELECT sku, warehouse_id, on_hand FROM stock_levels').map((l) => [`${l.sku}@${l.warehouse_id}`, l.on_hand]));
      for (const [key, onHand] of service) if (cached.get(key) !== onHand) this.problems.push(`cache after one sync: ${key} is ${cached.get(key) ?? 'missing'}, the service holds ${onHand}`);
      for (const key of cached.keys()) if (!service.has(key)) this.problems.push(`cache after one sync: ${key} is not at the service`);
      if (window.integrity() !== 'ok') this.problems.push(`cache integrity: ${window.integrity()}`);

      // Exactly once, per idempotency key, against the service's own records.
      const outbox = window.rows<{ id: string; idempotency_key: string; sku: string; warehouse_id: string; delta: number; state: string; note: string | null }>(
        'SELECT id, idempotency_key, sku, warehouse_id, delta, state, note FROM outbox',
      );
      const byKey = new Map(outbox.map((e) => [e.idempotency_key, e]));
      const byId = new Map(outbox.map((e) => [e.id, e]));
      const appliedPerKey = new Map<string, number>();
      for (const sku of this.skus) {
        for (const a of this.sandbox.adjustmentsFor(sku)) {
          if (this.before.has(a.id)) continue;
          appliedPerKey.set(a.idempotencyKey, (appliedPerKey.get(a.idempotencyKey) ?? 0) + 1);
          if (m.outsideKeys.has(a.idempotencyKey)) continue;
          const entry = byKey.get(a.idempotencyKey);
          if (!entry) this.problems.push(`the service applied ${a.sku}@${a.warehouseId} ${a.delta} ("${a.note}") under a key no outbox entry has`);
          else if (entry.state !== 'applied') this.problems.push(`the service applied outbox entry ${entry.id} (${entry.note}), which the desk holds as ${entry.state}`);
          else if (entry.delta !== a.delta || entry.warehouse_id !== a.warehouseId) this.problems.push(`outbox entry ${entry.id} was applied as ${a.warehouseId} ${a.delta}, not ${entry.warehouse_id} ${entry.delta}`);
        }
      }
      for (const [key, n] of appliedPerKey) if (n > 1) this.problems.push(`key ${key} (${byKey.get(key)?.note ?? 'not the desk\'s'}) applied ${n} times`);
      for (const entry of outbox) {
        const n = appliedPerKey.get(entry.idempotency_key) ?? 0;
        if (entry.state === 'applied' && n !== 1) this.problems.push(`outbox entry ${entry.id} (${entry.note}) is applied but the service applied it ${n} times`);
        if (entry.state === 'discarded' && n !== 0) this.problems.push(`outbox entry ${entry.id} (${entry.note}) was withdrawn, but the service applied it`);
        if (!['applied', 'discarded'].includes(entry.state)) this.problems.push(`outbox entry ${entry.id} (${entry.note}) is left ${entry.state}`);
      }
      for (const booked of m.adjustments) {
        const entry = byId.get(booked.entryId);
        const want = booked.state === 'withdrawn' ? 'discarded' : 'applied';
        if (entry?.state !== want) this.problems.push(`${booked.kind} ${booked.entryId} (${booked.pair} ${booked.delta}, ${booked.state}): the outbox holds it ${entry?.state ?? 'nowhere'}, not ${want}`);
      }
      for (const id of m.reversals) if (byId.get(id)?.state !== 'applied') this.problems.push(`undo reversal ${id}: the outbox holds it ${byId.get(id)?.state ?? 'nowhere'}`);
    } finally {
      window.close();
    }
    // Every transfer the worker made is in the desk's list, settled.
    const transfers = await this.value<Transfer[]>('transfers.list', { limit: 200 });
    const listed = new Map(transfers.map((t) => [t.id, t]));
    for (const t of m.transfers) {
      const seen = listed.get(t.id);
      if (!seen) this.problems.push(`transfer ${t.id} (${t.sku} ${t.from}->${t.to} ${t.quantity}) is missing from the desk's transfers`);
      else if (t.state === 'booked' && seen.state !== 'done') this.problems.push(`transfer ${t.id} is ${seen.state} (${seen.advice}), not done`);
      else if (t.state === 'undone' && seen.state !== 'undone') this.problems.push(`transfer ${t.id} was undone but is ${seen.state}`);
    }
    for (const t of transfers) if (t.advice !== null) this.problems.push(`transfer ${t.id} asks the worker to act: ${t.advice}`);
    this.bugs.push(...this.desk.bugs);
    this.problems.push(...this.bugs);
  }
}

describe('desk work under random interleavings', () => {
  it(`every booked change is applied exactly once and the cache equals the service (${RUNS} run(s) of ${STEPS} steps, seed ${SEED})`, async () => {
    const replay = `HARDENING_SEED=${SEED} HARDENING_SIZE=${SIZE} bash scripts/with-keyring.sh npx vitest run test/hardening/desk-work-property.test.ts`;
    console.info(`[hardening] desk work: seed ${SEED} (${SIZE}); replay: ${replay}`);
    let index = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(stepArbitrary, { minLength: STEPS, maxLength: STEPS }), async (steps) => {
        const run = new Run(index++);
        const started = Date.now();
        try {
          await run.setUp();
          for (const [i, step] of steps.entries()) await run.step(i, step);
          await run.drain();
          await run.check();
        } catch (error) {
          run.problems.push(`stopped: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        } finally {
          await run.tearDown();
        }
        const s = run.stats;
        console.info(
          `[hardening] desk work run ${run.index}: ${steps.length} steps in ${((Date.now() - started) / 1000).toFixed(1)} s; ${s.booked} booked, ${s.undone} undone, ${s.counted} counted, ${s.refused} refused; ${s.crashes} crashes, ${s.rebuilds} rebuilds, ${s.outages} outages, ${s.skews} clock moves`,
        );
        if (run.problems.length > 0) {
          throw new Error(`desk work run ${run.index} (seed ${SEED}, ${SIZE}; replay: ${replay}):\n- ${run.problems.join('\n- ')}\n\nwhat happened:\n${run.trace.join('\n')}`);
        }
      }),
      // No shrinking: each try is a whole sandbox and desk, and the network's timing differs
      // between tries; the trace says what happened.
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
  }, runs(600_000, 900_000, 3_600_000)); // hang guards only: a loaded machine starts a desk process in 10 s
});
