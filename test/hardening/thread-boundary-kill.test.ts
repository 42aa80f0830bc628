// The desk killed while an adjustment is between the thread that routes IPC and the core's thread
// (support/thread-desk-child.ts: the app's arrangement, startCoreThread behind the real router).
// Each round sends one adjustment and SIGKILLs the process as soon as the adjustment has left the
// router, or a few milliseconds later, then restarts on the same data dir.
//
// After each kill: the cache is intact, an adjustment whose answer came back is in the outbox, and
// none is there twice. At the end, after a last process has sent everything: each adjustment in the
// outbox was applied at the sandbox exactly once under its key, and one the kill kept out of the
// outbox never reached the sandbox. The sandbox runs here, so it survives every kill.
import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreWorkerBundle } from '../../src/harness/core-worker-bundle';
import { startCoreThread } from '../../src/main/core-thread';
import { createIpcRouter } from '../../src/main/kernel/ipc/router';
import { createKeytarStore } from '../../src/main/kernel/secrets';
import { DEMO_OWNERS, startSandbox, type RunningSandbox } from '../../src/sandbox';
import { copyCacheFiles } from './support/cache-copy';
import { bundledChild, removeBundles } from './support/bundle-child';
import { runs, SEED, seededRandom } from './support/env';

const root = resolve(import.meta.dirname, '../..');
const CHILD = join(import.meta.dirname, 'support', 'thread-desk-child.ts');
const KILLS = runs(10, 16, 100);

let work: string;
let dataDir: string;
let sandbox: RunningSandbox;
let sku: string;
let warehouseId: string;
let workerEntry: URL;
let childScript: string;

const random = seededRandom();

async function withCore<T>(work: (call: (channel: string, input?: unknown) => Promise<unknown>) => Promise<T>): Promise<T> {
  const core = await startCoreThread({ dataDir, secrets: createKeytarStore(), demoByDefault: false, syncIntervalMs: 3_600_000, workerEntry });
  const router = createIpcRouter(core.handlers, { isTrustedSender: () => true });
  try {
    return await work(async (channel, input) => {
      const result = await router.handle(channel, input, null);
      if (!result.ok) throw new Error(`${channel}: ${JSON.stringify(result.error)}`);
      return result.value;
    });
  } finally {
    await core.close();
  }
}

beforeAll(async () => {
  workerEntry = await coreWorkerBundle();
  childScript = await bundledChild(CHILD);
  work = mkdtempSync(join(tmpdir(), 'wd-thread-kill-'));
  dataDir = join(work, 'desk');
  mkdirSync(dataDir);
  sandbox = await startSandbox({ dbPath: join(work, 'sandbox.sqlite'), demo: { skus: 20, shipments: 2, seed: 3 }, rateLimit: false });
  await withCore(async (call) => {
    await call('account.signIn', { baseUrl: sandbox.baseUrl, clientId: DEMO_OWNERS.desk.clientId, clientSecret: DEMO_OWNERS.desk.clientSecret });
    await call('sync.now');
    warehouseId = ((await call('warehouses.list')) as Array<{ id: string }>)[0]!.id;
    sku = ((await call('stock.search', { limit: 1 })) as { rows: Array<{ sku: string }> }).rows[0]!.sku;
  });
}, 120_000);

afterAll(async () => {
  if (dataDir) await withCore((call) => call('account.signOut')).catch(() => null);
  await sandbox?.close();
  if (work) rmSync(work, { recursive: true, force: true });
  removeBundles();
});

interface Child {
  lines: Array<Record<string, unknown>>;
  wait(event: string): Promise<void>;
  send(line: unknown): void;
  kill(): void;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stderr(): string;
}

function startChild(env: Record<string, string> = {}): Child {
  const child = spawn(process.execPath, [childScript], { cwd: root, env: { ...process.env, DESK_DATA_DIR: dataDir, DESK_CORE_WORKER: workerEntry.href, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
  const lines: Array<Record<string, unknown>> = [];
  const waiters: Array<{ event: string; done: () => void }> = [];
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  child.stdin.on('error', () => {}); // a write racing the kill
  createInterface({ input: child.stdout }).on('line', (line) => {
    const parsed = JSON.parse(line) as Record<string, unknown>;
    lines.push(parsed);
    for (const w of waiters.filter((w) => w.event === parsed['event'])) w.done();
  });
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) => child.on('exit', (code, signal) => r({ code, signal })));
  return {
    lines,
    wait: (event) =>
      lines.some((l) => l['event'] === event)
        ? Promise.resolve()
        : Promise.race([new Promise<void>((done) => waiters.push({ event, done })), exit.then(() => Promise.reject(new Error(`the desk exited before ${event}: ${stderr.slice(-2000)}`)))]),
    send: (line) => void child.stdin.write(`${JSON.stringify(line)}\n`),
    kill: () => child.kill('SIGKILL'),
    exit,
    stderr: () => stderr,
  };
}

/** The outbox as the next process will find it, read from a copy (the original stays untouched). */
function outboxNotes(label: string): Map<string, string[]> {
  const db = new Database(copyCacheFiles(dataDir, join(work, 'check')));
  try {
    expect(db.pragma('integrity_check', { simple: true }), `${label}: integrity_check`).toBe('ok');
    const notes = new Map<string, string[]>();
    for (const row of db.prepare('SELECT note, idempotency_key FROM outbox').all() as Array<{ note: string | null; idempotency_key: string }>) {
      notes.set(row.note ?? '', [...(notes.get(row.note ?? '') ?? []), row.idempotency_key]);
    }
    return notes;
  } finally {
    db.close();
  }
}

describe('the desk killed while an adjustment crosses to the core thread', () => {
  it(`never loses an answered adjustment and applies each kept one exactly once across ${KILLS} kills`, async () => {
    const answered = new Set<string>();
    const sent: string[] = [];
    let killedCrossing = 0;
    // How long an answer takes here, measured once without a kill: the kills are spread over it.
    let answerMs = 50;
    for (let round = 0; round <= KILLS; round++) {
      const child = startChild();
      await child.wait('ready');
      const note = `kill-${round}`;
      sent.push(note);
      const crossing = child.wait('crossing').then(() => Date.now());
      child.send({ sku, warehouseId, delta: 1 + (round % 5), reason: 'received', note });
      const left = await crossing;
      if (round === 0) {
        await child.wait('answered');
        answerMs = Math.max(1, Date.now() - left);
      } else {
        // At once in a third of the rounds (on its way to the core's thread, or being committed
        // there); else anywhere up to a little past the usual answer (committed, maybe being sent).
        if (random() > 1 / 3) await new Promise((r) => setTimeout(r, Math.floor(random() * answerMs * 1.5)));
      }
      child.kill();
      const exit = await child.exit;
      expect(exit.signal, child.stderr().slice(-2000)).toBe('SIGKILL');
      expect(child.lines.filter((l) => l['event'] === 'internal_error')).toEqual([]);
      if (child.lines.some((l) => l['event'] === 'answered')) answered.add(note);
      else killedCrossing++;
      const notes = outboxNotes(`round ${round}`);
      expect([...answered].filter((n) => !notes.has(n)), `round ${round}: answered adjustments missing from the outbox`).toEqual([]);
      expect([...notes].filter(([, keys]) => keys.length > 1).map(([n]) => n), `round ${round}: twice in the outbox`).toEqual([]);
    }
    // The kill came before the answer at least once: the boundary was crossed mid-flight.
    expect(killedCrossing).toBeGreaterThan(0);

    const last = startChild({ DESK_FINAL: '1' });
    expect(await last.exit, last.stderr().slice(-2000)).toEqual({ code: 0, signal: null });

    const notes = outboxNotes('after the last process');
    const atService = sandbox.adjustmentsFor(sku).filter((a) => a.note?.startsWith('kill-'));
    const problems: string[] = [];
    for (const note of sent) {
      const keys = notes.get(note) ?? [];
      const applied = atService.filter((a) => a.note === note);
      if (keys.length === 0 && applied.length > 0) problems.push(`${note}: not in the outbox, yet applied ${applied.length} times`);
      if (keys.length === 1 && (applied.length !== 1 || applied[0]!.idempotencyKey !== keys[0])) problems.push(`${note}: in the outbox, applied ${applied.length} times`);
    }
    expect(problems).toEqual([]);
    console.info(`[hardening] thread boundary: ${KILLS} kills, ${killedCrossing} before the answer came back (an answer takes ~${answerMs} ms here), ${notes.size} of ${sent.length} adjustments kept and applied once, seed ${SEED}`);
  }, runs(240_000, 600_000, 1_800_000));
});
