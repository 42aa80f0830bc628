// The outbox across a SIGKILLed desk process, at the two points where a crash hurts: after the
// service applied an adjustment but before its answer arrived, and while the request itself was
// still on its way (held whole in a proxy, delivered after a restarted desk replayed it). Which
// point is reached is decided by the proxy holding bytes, never by latency or by sleeping.
import Database from 'better-sqlite3';
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../src/main/kernel/api';
import { DEMO_OWNERS, type RunningSandbox } from '../../../src/sandbox';
import { IDEMPOTENCY_HORIZON_MS } from '../../../src/shared/api';
import { startTestSandbox, testClient } from '../composition/support/sandbox';
import { tempDir } from '../composition/support/temp-dir';
import { startHoldingProxy } from './support/holding-proxy';

const CHILD = join(import.meta.dirname, 'support', 'outbox-child.ts');

interface Child {
  process: ChildProcess;
  lines: Array<Record<string, unknown>>;
  waitFor(predicate: (line: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** A desk process of its own (plain node with the tsx loader: SIGKILL hits the very process that sends). */
function startChild(env: Record<string, string>): Child {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
    cwd: join(import.meta.dirname, '..', '..', '..'),
    env: { ...process.env, DESK_CLIENT_ID: DEMO_OWNERS.desk.clientId, DESK_CLIENT_SECRET: DEMO_OWNERS.desk.clientSecret, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: Array<Record<string, unknown>> = [];
  const waiters = new Set<() => void>();
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  createInterface({ input: child.stdout! }).on('line', (line) => {
    try {
      lines.push(JSON.parse(line) as Record<string, unknown>);
    } catch {
      lines.push({ event: 'text', line });
    }
    for (const w of [...waiters]) w();
  });
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return {
    process: child,
    lines,
    exit,
    waitFor: (predicate, timeoutMs = 60_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const hit = lines.find(predicate);
          if (hit) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(hit);
          }
        };
        const timer = setTimeout(() => reject(new Error(`child did not report in time; stdout ${JSON.stringify(lines)}; stderr ${stderr}`)), timeoutMs);
        void exit.then(() => setTimeout(check, 50));
        waiters.add(check);
        check();
      }),
  };
}

function storedEntry(dataDir: string): { id: string; state: string; idempotency_key: string; attempts: number; applied_json: string | null; first_sent_at: string | null } {
  const db = new Database(join(dataDir, 'cache.sqlite'), { readonly: true });
  try {
    return db.prepare('SELECT id, state, idempotency_key, attempts, applied_json, first_sent_at FROM outbox ORDER BY seq DESC LIMIT 1').get() as never;
  } finally {
    db.close();
  }
}

async function waitUntil(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('outbox across a killed process (SIGKILL between "sent" and "acknowledged")', () => {
  let sandbox: RunningSandbox;
  let api: ApiClient;
  let warehouseId: string;

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    api = testClient(sandbox);
    warehouseId = (await api.readStock('WD-000010')).body.levels[0]!.warehouse_id;
  });
  afterAll(() => sandbox.close());

  const onHand = async (sku: string) => (await api.readStock(sku)).body.levels.find((l) => l.warehouse_id === warehouseId)!.on_hand;

  it('applies the adjustment exactly once when the service applied it but the answer never arrived', async () => {
    const dir = tempDir('desk-crash-');
    const proxy = await startHoldingProxy(sandbox);
    try {
      const sku = 'WD-000010';
      const before = await onHand(sku);
      const first = startChild({ DESK_DATA_DIR: dir.path, DESK_BASE_URL: proxy.baseUrl, DESK_ADJUST: JSON.stringify({ sku, warehouseId, delta: 7, reason: 'received' }) });
      await first.waitFor((l) => l.state === 'sending');
      await proxy.adjustSent;
      const key = () => storedEntry(dir.path).idempotency_key;
      // The service has applied it; the acknowledgement is held in the proxy.
      await waitUntil(() => sandbox.adjustmentsFor(sku).some((a) => a.idempotencyKey === key()));
      first.process.kill('SIGKILL');
      expect(await first.exit).toEqual({ code: null, signal: 'SIGKILL' });
      expect(first.lines.some((l) => l.state === 'applied')).toBe(false);
      const interrupted = storedEntry(dir.path);
      expect(interrupted).toMatchObject({ state: 'sending', attempts: 1, applied_json: null });

      // Restarted on the same data dir, straight to the service this time.
      const second = startChild({ DESK_DATA_DIR: dir.path, DESK_BASE_URL: sandbox.baseUrl });
      await second.waitFor((l) => l.event === 'done');
      expect(await second.exit).toEqual({ code: 0, signal: null });
      expect(second.lines[0]).toEqual({ event: 'started', recovered: 1 });
      const done = storedEntry(dir.path);
      expect(done).toMatchObject({ state: 'applied', attempts: 2, idempotency_key: interrupted.idempotency_key });
      expect(JSON.parse(done.applied_json!)).toMatchObject({ onHandAfter: before + 7 });
      expect(sandbox.adjustmentsFor(sku).filter((a) => a.idempotencyKey === interrupted.idempotency_key)).toHaveLength(1);
      expect(await onHand(sku)).toBe(before + 7);
    } finally {
      await proxy.close();
      dir.remove();
    }
  }, 120_000);

  it('applies it exactly once when the process died while the request was still on its way, and it arrives after the replay', async () => {
    const dir = tempDir('desk-crash-');
    const proxy = await startHoldingProxy(sandbox, { hold: 'request' });
    try {
      const sku = 'WD-000011';
      const before = await onHand(sku);
      const first = startChild({ DESK_DATA_DIR: dir.path, DESK_BASE_URL: proxy.baseUrl, DESK_ADJUST: JSON.stringify({ sku, warehouseId, delta: -2, reason: 'damaged' }) });
      await first.waitFor((l) => l.state === 'sending');
      await proxy.adjustSent; // the whole request has left the desk; the proxy holds it, so the service has not seen it
      expect(sandbox.adjustmentsFor(sku)).toHaveLength(0);
      first.process.kill('SIGKILL');
      await first.exit;
      const interrupted = storedEntry(dir.path);
      expect(interrupted.state).toBe('sending');

      const second = startChild({ DESK_DATA_DIR: dir.path, DESK_BASE_URL: sandbox.baseUrl });
      await second.waitFor((l) => l.event === 'done');
      expect(storedEntry(dir.path)).toMatchObject({ state: 'applied', idempotency_key: interrupted.idempotency_key });
      expect(sandbox.adjustmentsFor(sku).filter((a) => a.idempotencyKey === interrupted.idempotency_key)).toHaveLength(1);
      // Only now does the dead desk's request reach the service (the worst order for a double
      // booking): same key, same body, so it gets the first result again and changes nothing. The
      // test waits for that answer, not for a while.
      expect(await proxy.releaseRequest()).toBe(200);
      expect(sandbox.adjustmentsFor(sku).filter((a) => a.idempotencyKey === interrupted.idempotency_key)).toHaveLength(1);
      expect(await onHand(sku)).toBe(before - 2);
    } finally {
      await proxy.close();
      dir.remove();
    }
  }, 120_000);

  it('past the horizon, does not resend an adjustment a killed process left mid-send: it is uncertain, applied once', async () => {
    const dir = tempDir('desk-crash-');
    const proxy = await startHoldingProxy(sandbox);
    try {
      const sku = 'WD-000012';
      const before = await onHand(sku);
      const first = startChild({ DESK_DATA_DIR: dir.path, DESK_BASE_URL: proxy.baseUrl, DESK_ADJUST: JSON.stringify({ sku, warehouseId, delta: 9, reason: 'received' }) });
      await first.waitFor((l) => l.state === 'sending');
      await proxy.adjustSent;
      const key = () => storedEntry(dir.path).idempotency_key;
      await waitUntil(() => sandbox.adjustmentsFor(sku).some((a) => a.idempotencyKey === key()));
      first.process.kill('SIGKILL');
      await first.exit;
      const interrupted = storedEntry(dir.path);
      expect(interrupted).toMatchObject({ state: 'sending', first_sent_at: expect.any(String) });

      // The desk stays off past the service's horizon: the key is forgotten there.
      const later = IDEMPOTENCY_HORIZON_MS + 3600_000;
      sandbox.advanceClock(later);
      const second = startChild({ DESK_DATA_DIR: dir.path, DESK_BASE_URL: sandbox.baseUrl, DESK_CLOCK_OFFSET_MS: String(later) });
      await second.waitFor((l) => l.event === 'done');
      expect(second.lines[0]).toEqual({ event: 'started', recovered: 1 });
      expect(second.lines.filter((l) => l.event === 'outbox.changed').map((l) => l.state)).toEqual(['uncertain', 'uncertain']);
      expect(storedEntry(dir.path)).toMatchObject({ state: 'uncertain', idempotency_key: interrupted.idempotency_key, attempts: 1 });
      expect(sandbox.adjustmentsFor(sku)).toHaveLength(1);
      expect(await onHand(sku)).toBe(before + 9);
    } finally {
      await proxy.close();
      dir.remove();
    }
  }, 120_000);
});
