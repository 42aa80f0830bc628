// Public API of the local sandbox of the Shipping & Logistics API 1.0 (see docs/sandbox.md).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AdjustmentReason } from '../shared/api/types';
import { Auth } from './auth';
import { SandboxClock, toTimestamp } from './clock';
import { Cursors } from './cursor';
import { openDatabase } from './db/open';
import { DEFAULT_DEMO, isDemoSeeded, seedDemoData } from './demo-data';
import { Faults, type FaultSettings } from './faults';
import { IdempotencyStore } from './idempotency';
import { DEMO_OWNERS, ensureDemoOwners, type DemoOwnerKey } from './owners';
import { RateLimiter } from './rate-limit';
import { ANSWER_WITHIN_MS, buildServer } from './server';

export { DEMO_OWNERS, type DemoOwnerKey } from './owners';
export type { FaultSettings } from './faults';

export interface SandboxOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** 0 = any free port (default). */
  port?: number;
  /** Default: a file in a new temporary directory, removed on close(). An existing file is reused as is. */
  dbPath?: string;
  /** Demo data, seeded once per database file. `false`: only the two demo owners, no records. */
  demo?: false | { skus?: number /* default 2400 */; shipments?: number /* default 240 */; seed?: number /* default 1 */ };
  /** Lifetime of issued tokens, default 3600. */
  tokenTtlSeconds?: number;
  /** Per owner (token endpoint: per client address). Default 20/s, burst 40. `false`: no limit. */
  rateLimit?: false | { perSecond: number; burst: number };
  /**
   * Every request is answered or refused within this many ms (default 10,000, the contract's
   * bound): one not done by then (a body that stops arriving, a latency fault as long) is 503.
   * Tests shorten it, so they need not wait 10 s.
   */
  answerWithinMs?: number;
}

/** One applied stock adjustment, as stored (for tests and benchmarks). */
export interface AdjustmentRecord {
  id: string;
  sku: string;
  warehouseId: string;
  delta: number;
  reason: AdjustmentReason;
  note: string | null;
  /** The Idempotency-Key it was applied with: count rows per key to prove "applied once". */
  idempotencyKey: string;
  createdAt: string;
}

export interface RunningSandbox {
  /** `http://127.0.0.1:<port>`, without trailing slash; paths start with /1.0/. */
  baseUrl: string;
  port: number;
  dbPath: string;
  /** Changes the fault injection of this instance; unspecified fields keep their value. */
  setFaults(f: Partial<FaultSettings>): void;
  /** Makes every token issued so far expired (the next call with it gets 401 token_expired). */
  expireTokens(): void;
  /**
   * Moves this instance's clock forward (tests): tokens expire, Idempotency-Keys older than the
   * 24 h horizon are forgotten, and new records are stamped with the moved time.
   */
  advanceClock(ms: number): void;
  /** Counters since this instance started (replays do not count). */
  stats(): { adjustmentsApplied: number };
  /**
   * Every adjustment applied to one SKU of an owner (default the desk owner), oldest first, read
   * from the database. `adjustmentsFor(sku).filter((a) => a.idempotencyKey === key).length` is how
   * many times a key was applied: 1 after any number of replays.
   */
  adjustmentsFor(sku: string, owner?: DemoOwnerKey): AdjustmentRecord[];
  /** Stops listening, closes open connections and the database; removes a temporary database. */
  close(): Promise<void>;
}

function checkOptions(opts: SandboxOptions): void {
  const { port, tokenTtlSeconds, demo, answerWithinMs } = opts;
  if (answerWithinMs !== undefined && !(Number.isInteger(answerWithinMs) && answerWithinMs >= 100)) {
    throw new RangeError('answerWithinMs must be an integer >= 100');
  }
  if (port !== undefined && !(Number.isInteger(port) && port >= 0 && port <= 65535)) throw new RangeError('port must be 0..65535');
  if (tokenTtlSeconds !== undefined && !(Number.isInteger(tokenTtlSeconds) && tokenTtlSeconds > 0)) {
    throw new RangeError('tokenTtlSeconds must be a positive integer');
  }
  if (demo) {
    for (const [name, value] of Object.entries(demo)) {
      if (value !== undefined && !(Number.isInteger(value) && value >= 0)) throw new RangeError(`demo.${name} must be an integer >= 0`);
    }
  }
}

export async function startSandbox(opts: SandboxOptions = {}): Promise<RunningSandbox> {
  checkOptions(opts);
  const host = opts.host ?? '127.0.0.1';
  let tempDir: string | undefined;
  const dbPath = opts.dbPath ?? join((tempDir = mkdtempSync(join(tmpdir(), 'wd-sandbox-'))), 'sandbox.sqlite');
  const db = openDatabase(dbPath);
  try {
    const owners = ensureDemoOwners(db);
    if (opts.demo !== false && !isDemoSeeded(db)) {
      const demo = opts.demo ?? {};
      seedDemoData(db, owners, {
        skus: demo.skus ?? DEFAULT_DEMO.skus,
        shipments: demo.shipments ?? DEFAULT_DEMO.shipments,
        seed: demo.seed ?? DEFAULT_DEMO.seed,
      });
    }
    const startSeq = (db.prepare('SELECT COALESCE(MAX(seq), 0) AS seq FROM adjustments').get() as { seq: number }).seq;
    const clock = new SandboxClock();
    const auth = new Auth(db, opts.tokenTtlSeconds ?? 3600, clock);
    const faults = new Faults();
    const rateLimit = opts.rateLimit === undefined ? { perSecond: 20, burst: 40 } : opts.rateLimit;
    const { app, resetConnections } = buildServer({
      services: { db, auth, cursors: new Cursors(db), idempotency: new IdempotencyStore(db, clock), clock },
      faults,
      rateLimiter: rateLimit === false ? null : new RateLimiter(rateLimit),
      answerWithinMs: opts.answerWithinMs ?? ANSWER_WITHIN_MS,
      listenHost: host,
    });
    await app.listen({ host, port: opts.port ?? 0 });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('sandbox: no TCP address');
    const port = address.port;
    const countSince = db.prepare<[number], { n: number }>('SELECT COUNT(*) AS n FROM adjustments WHERE seq > ?');
    const adjustmentRows = db.prepare<[string, string], { id: string; sku: string; warehouse_id: string; delta: number; reason: AdjustmentReason; note: string | null; idempotency_key: string; created_at: number }>(
      `SELECT a.id, p.sku, w.id AS warehouse_id, a.delta, a.reason, a.note, a.idempotency_key, a.created_at
         FROM adjustments a
         JOIN products p ON p.seq = a.product_seq
         JOIN warehouses w ON w.seq = a.warehouse_seq
         JOIN owners o ON o.id = a.owner_id
        WHERE o.client_id = ? AND p.sku = ? ORDER BY a.seq`,
    );
    let closed = false;
    return {
      baseUrl: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
      port,
      dbPath,
      setFaults(f) {
        faults.set(f);
        if (f.unreachable) resetConnections();
      },
      expireTokens: () => auth.expireAll(),
      advanceClock: (ms) => clock.advance(ms),
      stats: () => ({ adjustmentsApplied: countSince.get(startSeq)?.n ?? 0 }),
      adjustmentsFor(sku, owner = 'desk') {
        return adjustmentRows.all(DEMO_OWNERS[owner].clientId, sku).map((row) => ({
          id: row.id,
          sku: row.sku,
          warehouseId: row.warehouse_id,
          delta: row.delta,
          reason: row.reason,
          note: row.note,
          idempotencyKey: row.idempotency_key,
          createdAt: toTimestamp(row.created_at),
        }));
      },
      async close() {
        if (closed) return;
        closed = true;
        await app.close();
        db.close();
        if (tempDir) rmSync(tempDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    db.close();
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
    throw error;
  }
}
