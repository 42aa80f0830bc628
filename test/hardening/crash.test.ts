// Crash safety: a desk process (support/crash-child.ts: the real core, signed in, adjusting stock
// through the IPC handlers and syncing without pause) is killed with SIGKILL at random points, 50
// times in a row in `npm test` (75 in `npm run test:release`, 500 under HARDENING_LONG=1), and
// restarted on the same data dir each time. The sandbox runs here, in the test process, so it
// survives every kill.
//
// After each kill: the cache passes PRAGMA integrity_check, and every adjustment the process had
// confirmed (its stock.adjust had answered) is in the outbox. At the end: every planned
// adjustment was applied at the sandbox exactly once (counted per note and per idempotency key),
// none lost, none doubled, none under a second key, and the cache holds the sandbox's stock.
import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../../src/main/kernel/api';
import { DEMO_OWNERS, startSandbox, type RunningSandbox } from '../../src/sandbox';
import { bundledChild, removeBundles } from './support/bundle-child';
import { startCore } from './support/core';
import { copyCacheFiles } from './support/cache-copy';
import { runs, SEED, seededRandom, SIZE } from './support/env';

const root = resolve(import.meta.dirname, '../..');
const CHILD = join(import.meta.dirname, 'support', 'crash-child.ts');
const KILLS = runs(50, 75, 500);

interface Planned {
  sku: string;
  warehouseId: string;
  delta: number;
  reason: 'received';
  note: string;
}

let work: string;
let childScript: string;
let dataDir: string;
let sandbox: RunningSandbox;
let api: ApiClient;
let skus: string[] = [];
let warehouses: string[] = [];
const plan: Planned[] = [];
/** Notes the child confirmed (stock.adjust answered): these must survive any kill. */
const confirmed = new Set<string>();
/** Adjustments made at the sandbox by "another desk" while the processes died, per sku. */
const outside = new Map<string, number>();

const random = seededRandom();
const randomInt = (min: number, max: number): number => min + Math.floor(random() * (max - min + 1));

beforeAll(async () => {
  childScript = await bundledChild(CHILD);
  work = mkdtempSync(join(tmpdir(), 'wd-crash-'));
  dataDir = join(work, 'desk');
  mkdirSync(dataDir);
  sandbox = await startSandbox({ dbPath: join(work, 'sandbox.sqlite'), demo: { skus: 120, shipments: 5, seed: 9 }, rateLimit: false });
  api = createApiClient({ baseUrl: sandbox.baseUrl, credentials: async () => ({ ...DEMO_OWNERS.desk }) });
  const stock = await api.listStock({ limit: 6 });
  skus = stock.body.data.map((s) => s.sku);
  warehouses = (await api.listWarehouses({ limit: 10 })).body.data.map((w) => w.id).slice(0, 2);
  // The account is signed in once, as a worker would; every child restores it from the settings and the keychain.
  const first = await startCore({ dataDir, demoByDefault: false });
  await first.value('account.signIn', { baseUrl: sandbox.baseUrl, clientId: DEMO_OWNERS.desk.clientId, clientSecret: DEMO_OWNERS.desk.clientSecret });
  await first.close();
}, 60_000);

afterAll(async () => {
  // The keychain entries of this account go with the test.
  const last = await startCore({ dataDir, demoByDefault: false }).catch(() => null);
  if (last) {
    await last.call('account.signOut');
    await last.close();
  }
  await sandbox?.close();
  if (work) rmSync(work, { recursive: true, force: true });
  removeBundles();
});

function extendPlan(round: number): void {
  for (let i = 0; i < 3; i++) {
    plan.push({
      sku: skus[randomInt(0, skus.length - 1)] as string,
      warehouseId: warehouses[randomInt(0, warehouses.length - 1)] as string,
      delta: randomInt(1, 9),
      reason: 'received',
      note: `crash-${round}-${i}`,
    });
  }
}

interface Child {
  lines: Array<Record<string, unknown>>;
  ready: Promise<void>;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(): void;
  stderr(): string;
}

function writePlan(): string {
  const file = join(work, 'plan.json');
  writeFileSync(file, JSON.stringify(plan));
  return file;
}

function startChild(env: Record<string, string>): Child {
  const child = spawn(process.execPath, [childScript], {
    cwd: root,
    env: { ...process.env, DESK_DATA_DIR: dataDir, DESK_PLAN_FILE: writePlan(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: Array<Record<string, unknown>> = [];
  let stderr = '';
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((r) => (markReady = r));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  createInterface({ input: child.stdout }).on('line', (line) => {
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(line) as Record<string, unknown>;
    } catch {
      parsed = { event: 'text', line };
    }
    lines.push(parsed);
    if (parsed['event'] === 'ready') markReady();
    if (parsed['event'] === 'enqueued') confirmed.add(String(parsed['note']));
  });
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) => child.on('exit', (code, signal) => r({ code, signal })));
  void exit.then(() => markReady());
  return { lines, ready, exit, kill: () => child.kill('SIGKILL'), stderr: () => stderr };
}

/** Integrity of the cache as the next process will find it, checked on a copy (the original stays untouched). */
function checkCopy(label: string): { notes: Map<string, Array<{ state: string; key: string }>>; sending: number; syncing: boolean } {
  const db = new Database(copyCacheFiles(dataDir, join(work, 'check')));
  try {
    expect(db.pragma('integrity_check', { simple: true }), `${label}: integrity_check`).toBe('ok');
    expect(db.pragma('foreign_key_check'), `${label}: foreign_key_check`).toEqual([]);
    const notes = new Map<string, Array<{ state: string; key: string }>>();
    for (const row of db.prepare('SELECT note, state, idempotency_key FROM outbox').all() as Array<{ note: string | null; state: string; idempotency_key: string }>) {
      const list = notes.get(row.note ?? '') ?? [];
      list.push({ state: row.state, key: row.idempotency_key });
      notes.set(row.note ?? '', list);
    }
    const sending = (db.prepare("SELECT COUNT(*) AS n FROM outbox WHERE state = 'sending'").get() as { n: number }).n;
    const syncing = (db.prepare('SELECT COUNT(*) AS n FROM sync_state WHERE pass_started_at IS NOT NULL').get() as { n: number }).n > 0;
    return { notes, sending, syncing };
  } finally {
    db.close();
  }
}

describe('crash safety: SIGKILL at random points, restart on the same data dir', () => {
  it(`every adjustment is applied exactly once across ${KILLS} kills`, async () => {
    let kills = 0;
    let round = 0;
    let startupMs = 1_500;
    const phases = { duringStartup: 0, afterReady: 0, exitedFirst: 0, midSend: 0, midSync: 0, readyMs: [] as number[] };
    while (kills < KILLS) {
      round++;
      extendPlan(round);
      if (round % 4 === 0) {
        // Another desk changes stock meanwhile: the sync of the next processes has something to pull.
        const sku = skus[randomInt(0, skus.length - 1)] as string;
        await api.adjustStock(sku, { warehouse_id: warehouses[0] as string, delta: 1, reason: 'found' }, crypto.randomUUID());
        outside.set(sku, (outside.get(sku) ?? 0) + 1);
      }
      // Some rounds with a little latency: more kills land while a request is on its way.
      sandbox.setFaults({ latencyMs: random() < 0.3 ? randomInt(5, 40) : 0 });
      const spawned = Date.now();
      const child = startChild({ DESK_GAP_MS: String(randomInt(0, 15)) });
      if (random() < 0.25) {
        await new Promise((r) => setTimeout(r, randomInt(0, startupMs)));
      } else {
        await child.ready;
        startupMs = Math.max(200, Date.now() - spawned);
        phases.readyMs.push(Date.now() - spawned);
        await new Promise((r) => setTimeout(r, randomInt(0, 300)));
      }
      const readyAtKill = child.lines.some((l) => l['event'] === 'ready');
      child.kill();
      const exit = await child.exit;
      if (exit.signal !== 'SIGKILL') {
        phases.exitedFirst++;
        throw new Error(`round ${round}: the child exited by itself (${JSON.stringify(exit)}): ${child.stderr().slice(-2000)}`);
      }
      kills++;
      if (readyAtKill) phases.afterReady++;
      else phases.duringStartup++;
      expect(child.lines.filter((l) => l['event'] === 'internal_error')).toEqual([]);
      const { notes, sending, syncing } = checkCopy(`kill ${kills} (round ${round})`);
      if (sending > 0) phases.midSend++;
      if (syncing) phases.midSync++;
      const lost = [...confirmed].filter((note) => !notes.has(note));
      expect(lost, `kill ${kills}: confirmed adjustments missing from the outbox`).toEqual([]);
      const doubled = [...notes].filter(([, entries]) => entries.length > 1).map(([note]) => note);
      expect(doubled, `kill ${kills}: adjustments in the outbox twice`).toEqual([]);
    }
    sandbox.setFaults({ latencyMs: 0 });

    // A last process, not killed, finishes the plan and waits for the outbox and a sync.
    const last = startChild({ DESK_FINAL: '1', DESK_GAP_MS: '0' });
    const exit = await last.exit;
    expect(exit, last.stderr().slice(-2000)).toEqual({ code: 0, signal: null });
    expect(last.lines.filter((l) => l['event'] === 'internal_error')).toEqual([]);

    const { notes } = checkCopy('after the last process');
    const problems: string[] = [];
    for (const item of plan) {
      const entries = notes.get(item.note) ?? [];
      if (entries.length !== 1) problems.push(`${item.note}: ${entries.length} outbox entries`);
      const entry = entries[0];
      if (entry && entry.state !== 'applied') problems.push(`${item.note}: outbox state ${entry.state}`);
      const atService = sandbox.adjustmentsFor(item.sku).filter((a) => a.note === item.note);
      if (atService.length !== 1) problems.push(`${item.note}: applied ${atService.length} times at the sandbox`);
      if (entry && atService[0] && atService[0].idempotencyKey !== entry.key) problems.push(`${item.note}: applied under another key`);
      if (entry && sandbox.adjustmentsFor(item.sku).filter((a) => a.idempotencyKey === entry.key).length !== 1) problems.push(`${item.note}: its key applied other than once`);
    }
    expect(problems).toEqual([]);
    // No adjustment at the sandbox that is neither planned nor made by "another desk".
    const planned = new Set(plan.map((p) => p.note));
    for (const sku of skus) {
      const strays = sandbox.adjustmentsFor(sku).filter((a) => a.note?.startsWith('crash-') && !planned.has(a.note));
      expect(strays).toEqual([]);
    }

    // The cache converged on the sandbox's stock for every SKU involved.
    const cache = new Database(join(dataDir, 'cache.sqlite'), { readonly: true });
    try {
      for (const sku of skus) {
        const service = (await api.readStock(sku)).body.levels.map((l) => [l.warehouse_id, l.on_hand]).sort();
        const cached = (cache.prepare('SELECT warehouse_id, on_hand FROM stock_levels WHERE sku = ? ORDER BY warehouse_id').all(sku) as Array<{ warehouse_id: string; on_hand: number }>).map((l) => [l.warehouse_id, l.on_hand]).sort();
        expect(cached, sku).toEqual(service);
      }
    } finally {
      cache.close();
    }
    console.info(
      `[hardening] crash: ${kills} SIGKILLs (${phases.afterReady} while working, ${phases.duringStartup} during startup; ${phases.midSend} left an adjustment mid-send, ${phases.midSync} a sync pass open), ${plan.length} adjustments, ${[...outside.values()].reduce((a, b) => a + b, 0)} outside changes, median start ${[...phases.readyMs].sort((a, b) => a - b)[Math.floor(phases.readyMs.length / 2)] ?? 0} ms, seed ${SEED} (${SIZE})`,
    );
  }, runs(240_000, 600_000, 1_800_000));
});
