// The real core (createDeskCore) on a temporary data dir, behind the real IPC router, with every
// answer and every event recorded (the secrets test scans them), and a read-only window on its
// cache file to prove what a call did or did not change.
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDeskCore, type DeskCore, type DeskCoreOptions } from '../../../src/main/composition/desk-core';
import { createIpcRouter } from '../../../src/main/kernel/ipc/router';
import { createFileLog, LOG_DIR, teeLog } from '../../../src/main/kernel/log-file';
import { createKeytarStore } from '../../../src/main/kernel/secrets';
import { events as eventSchemas, type EventName } from '../../../src/shared/ipc/contract';
import type { Result } from '../../../src/shared/ipc/result';

export interface Recorded {
  /** Everything the renderer would have received: every answer and every event, as sent. */
  answers: Array<{ channel: string; result: Result<unknown> }>;
  events: Array<{ event: EventName; payload: unknown }>;
  /** Events whose payload broke the contract's event schema. */
  eventProblems: string[];
  /** Unexpected exceptions the router caught (each one answered as internal_error): bugs. */
  internalErrors: Array<{ channel: string; error: unknown }>;
  /** Everything the core logged. */
  logs: Array<{ level: string; message: string; data?: Record<string, unknown> }>;
}

/** Every request the core made to the service, and how many are still on their way. */
export interface NetworkLog {
  /**
   * `status` is 0 while on its way and for a request that got no HTTP answer; `answered` turns true
   * when the request's outcome (an answer or a failure) has been handed to the core.
   */
  requests: Array<{ method: string; url: string; at: number; status: number; answered: boolean }>;
  /** Every access token the service issued to the core (read from the token endpoint's answers). */
  tokens: string[];
  inflight(): number;
  /** How many outcomes (answers or failures) have been handed to the core so far. */
  delivered(): number;
  /**
   * The network hangs until `release()`: requests still go out to the service (which applies its
   * faults to them), but no outcome of any request, whether already on its way or sent later,
   * reaches the core meanwhile. Whatever the core answers while held did not wait on the network:
   * it could not have. Proven by construction, not by measuring how long anything took.
   */
  hold(): { release(): void };
}

/**
 * A fetch for the core that logs each request and counts it as in flight until its whole body has
 * arrived (the body is read here and handed on), so a test can wait for background work to end,
 * and that can hold every outcome back from the core (`NetworkLog.hold`).
 */
export function trackingFetch(): { fetch: typeof fetch; network: NetworkLog } {
  let inflight = 0;
  let delivered = 0;
  let gate: Promise<void> | null = null;
  const network: NetworkLog = {
    requests: [],
    tokens: [],
    inflight: () => inflight,
    delivered: () => delivered,
    hold() {
      if (gate) throw new Error('the network is already held');
      let open: () => void = () => undefined;
      gate = new Promise<void>((resolve) => (open = resolve));
      return {
        release: () => {
          gate = null;
          open();
        },
      };
    },
  };
  /** The real exchange: the answer with its whole body read, and any token it carries noted. */
  const exchange = async (input: Parameters<typeof fetch>[0], init: RequestInit | undefined, url: string): Promise<Response> => {
    const response = await fetch(input, init);
    const body = [101, 204, 205, 304].includes(response.status) ? null : await response.arrayBuffer();
    if (body && response.ok && /\/auth\/token$/.test(new URL(url).pathname)) {
      try {
        const token = (JSON.parse(Buffer.from(body).toString('utf8')) as { access_token?: unknown }).access_token;
        if (typeof token === 'string') network.tokens.push(token);
      } catch {
        // Not JSON: the client will report it; nothing to remember.
      }
    }
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
  const tracked: typeof fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const entry = { method: init?.method ?? (input instanceof Request ? input.method : 'GET'), url, at: Date.now(), status: 0, answered: false };
    network.requests.push(entry);
    inflight++;
    try {
      const outcome = await exchange(input, init, url).then(
        (response) => ({ response }),
        (error: unknown) => ({ error }),
      );
      while (gate) await gate;
      if ('error' in outcome) throw outcome.error;
      // Held past the client's own timeout: it gets what a real fetch gives for an aborted request.
      if (init?.signal?.aborted) throw init.signal.reason;
      entry.status = outcome.response.status;
      return outcome.response;
    } finally {
      inflight--;
      delivered++;
      entry.answered = true;
    }
  };
  return { fetch: tracked, network };
}

export interface TestCore {
  core: DeskCore;
  network: NetworkLog;
  dataDir: string;
  recorded: Recorded;
  /** A call as the renderer makes it (trusted sender unless told otherwise). */
  call(channel: unknown, input?: unknown, trusted?: boolean): Promise<Result<unknown>>;
  /** The value of a call that must succeed. */
  value<T = unknown>(channel: string, input?: unknown): Promise<T>;
  close(options?: { keepDir?: boolean }): Promise<void>;
}

export async function startCore(options: Partial<DeskCoreOptions> & { dataDir?: string } = {}): Promise<TestCore> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'wd-hardening-'));
  const recorded: Recorded = { answers: [], events: [], eventProblems: [], internalErrors: [], logs: [] };
  const { fetch: coreFetch, network } = trackingFetch();
  // The log file in the data folder, as the app's and the harness's hosts keep it.
  const fileLog = createFileLog(join(dataDir, LOG_DIR));
  const core = await createDeskCore({
    secrets: createKeytarStore(),
    fetch: coreFetch,
    syncIntervalMs: 3_600_000,
    log: teeLog((level, message, data) => recorded.logs.push({ level, message, ...(data ? { data } : {}) }), fileLog.log),
    ...options,
    dataDir,
  });
  core.events.attach((event, payload) => {
    recorded.events.push({ event, payload: structuredClone(payload) });
    const parsed = eventSchemas[event].safeParse(payload);
    if (!parsed.success) recorded.eventProblems.push(`${event}: ${parsed.error.message.slice(0, 300)}`);
  });
  const router = createIpcRouter<{ trusted: boolean }>(core.handlers, {
    isTrustedSender: (sender) => sender.trusted,
    logError: (channel, error) => recorded.internalErrors.push({ channel, error }),
  });
  const call = async (channel: unknown, input?: unknown, trusted = true): Promise<Result<unknown>> => {
    const result = await router.handle(channel, input, { trusted });
    // Electron structured-clones every answer; one that cannot be cloned would never arrive.
    recorded.answers.push({ channel: String(channel), result: structuredClone(result) });
    return result;
  };
  let closed = false;
  return {
    core,
    network,
    dataDir,
    recorded,
    call,
    async value<T>(channel: string, input?: unknown): Promise<T> {
      const result = await call(channel, input);
      if (!result.ok) throw new Error(`${channel} failed: ${JSON.stringify(result.error)}`);
      return result.value as T;
    },
    async close({ keepDir = false } = {}) {
      if (!closed) {
        closed = true;
        await core.close();
        fileLog.close();
      }
      if (!keepDir && options.dataDir === undefined) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Polls until `condition` holds (no timing claim: the bound only stops a hung test). */
export async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 30_000, everyMs = 20): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** Waits for the first full sync of a fresh core (sync.status idle with a lastSyncedAt). */
export async function firstSync(core: TestCore): Promise<void> {
  await until(async () => {
    const status = await core.call('sync.status');
    return status.ok && (status.value as { state: string; lastSyncedAt: string | null }).state === 'idle' && (status.value as { lastSyncedAt: string | null }).lastSyncedAt !== null;
  }, 'the first sync');
}

/**
 * A read-only connection to a core's cache file. `version()` changes whenever the core commits
 * anything (PRAGMA data_version); `snapshot()` is a digest of every table's rows.
 */
export function cacheWindow(dataDir: string) {
  const db = new Database(join(dataDir, 'cache.sqlite'), { readonly: true, fileMustExist: true });
  const tables = (): string[] =>
    (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as Array<{ name: string }>).map((t) => t.name);
  return {
    db,
    version: (): number => db.pragma('data_version', { simple: true }) as number,
    snapshot(): Record<string, string> {
      const out: Record<string, string> = {};
      db.transaction(() => {
        for (const table of tables()) {
          const hash = createHash('sha1');
          for (const row of db.prepare(`SELECT * FROM "${table}"`).iterate()) hash.update(JSON.stringify(row));
          out[table] = hash.digest('hex');
        }
      })();
      return out;
    },
    rows<T>(sql: string, ...params: unknown[]): T[] {
      return db.prepare(sql).all(...params) as T[];
    },
    integrity: (): string => db.pragma('integrity_check', { simple: true }) as string,
    close: () => db.close(),
  };
}
export type CacheWindow = ReturnType<typeof cacheWindow>;

/** The tables whose digests differ between two snapshots. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((t) => before[t] !== after[t]);
}
