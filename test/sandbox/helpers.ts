// Test helpers for the sandbox: real HTTP on 127.0.0.1, real SQLite files in a temp dir, and every
// response checked against the OpenAPI document (status documented, body valid, X-Request-Id
// present, error codes listed for that status, error request_id equal to the header).
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { operationPath } from '../../src/shared/api/operations';
import type { OperationId, PathParams } from '../../src/shared/api/types';
import { documentedErrorCodes, validateResponseBody } from '../../src/shared/api/validators';
import { DEMO_OWNERS, startSandbox, type RunningSandbox, type SandboxOptions } from '../../src/sandbox/index';

export const REQUEST_ID = /^req_[A-Za-z0-9]{8,64}$/;

export interface TempDir {
  path: string;
  file(name: string): string;
  remove(): void;
}

export function tempDir(prefix = 'wd-sandbox-test-'): TempDir {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, file: (name) => join(path, name), remove: () => rmSync(path, { recursive: true, force: true }) };
}

export interface Reply<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

// The bodies are checked against the contract before a test looks at them; tests read fields loosely.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Loose = any;

export interface CallOptions<Op extends OperationId> {
  params?: PathParams<Op>;
  body?: unknown;
  /** Raw body text instead of JSON.stringify(body). */
  raw?: string | Uint8Array;
  token?: string | null;
  headers?: Record<string, string>;
  idempotencyKey?: string;
}

export class ApiClient {
  constructor(readonly baseUrl: string) {}

  async token(owner: keyof typeof DEMO_OWNERS = 'desk'): Promise<string> {
    const { clientId, clientSecret } = DEMO_OWNERS[owner];
    const reply = await this.call('getToken', { body: { client_id: clientId, client_secret: clientSecret } });
    expect(reply.status).toBe(200);
    return (reply.body as { access_token: string }).access_token;
  }

  /** Calls an operation and checks the answer against the contract; returns it for further checks. */
  async call<Op extends OperationId>(operationId: Op, options: CallOptions<Op> = {}): Promise<Reply<Loose>> {
    const path = operationPath(operationId, (options.params ?? {}) as PathParams<Op>);
    const reply = await this.raw('POST', path, options);
    expectContract(operationId, reply);
    return reply;
  }

  /** Any method and path, no contract check (for 404/405 and hostile paths). */
  async raw(method: string, path: string, options: Omit<CallOptions<OperationId>, 'params'> = {}): Promise<Reply<Loose>> {
    const headers: Record<string, string> = { 'content-type': 'application/json', ...options.headers };
    if (options.token) headers['authorization'] = `Bearer ${options.token}`;
    if (options.idempotencyKey !== undefined) headers['idempotency-key'] = options.idempotencyKey;
    const body = method === 'GET' || method === 'HEAD' ? undefined : (options.raw ?? JSON.stringify(options.body ?? {}));
    const response = await fetch(this.baseUrl + path, { method, headers, body });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    return { status: response.status, headers: response.headers, body: parsed, text };
  }
}

export function expectContract(operationId: OperationId, reply: Reply<Loose>): void {
  const requestId = reply.headers.get('x-request-id');
  expect(requestId, 'X-Request-Id header').toMatch(REQUEST_ID);
  const result = validateResponseBody(operationId, reply.status, reply.body);
  expect(result.ok ? [] : result.problems, `${operationId} ${reply.status} body against the contract: ${reply.text.slice(0, 400)}`).toEqual([]);
  if (reply.status >= 400) {
    expect(documentedErrorCodes(operationId, reply.status), `${operationId} ${reply.status} documents the code`).toContain(reply.body.error.code);
    expect(reply.body.error.request_id).toBe(requestId);
  }
}

/** Expects an API error answer: status, code, and request_id equal to the header. */
export function expectError(reply: Reply<Loose>, status: number, code: string): void {
  expect(reply.status, reply.text.slice(0, 400)).toBe(status);
  expect(reply.body?.error?.code, reply.text.slice(0, 400)).toBe(code);
  expect(reply.body.error.request_id).toMatch(REQUEST_ID);
  expect(reply.body.error.request_id).toBe(reply.headers.get('x-request-id'));
}

export interface TestSandbox {
  sandbox: RunningSandbox;
  api: ApiClient;
  dir: TempDir;
  desk: string;
  other: string;
  stop(): Promise<void>;
}

/** A sandbox on a fresh SQLite file with demo data, no rate limit unless asked, and tokens of both owners. */
export async function startTestSandbox(options: SandboxOptions = {}): Promise<TestSandbox> {
  const dir = tempDir();
  const sandbox = await startSandbox({ rateLimit: false, demo: { skus: 300, shipments: 60, seed: 7 }, dbPath: dir.file('sandbox.sqlite'), ...options });
  const api = new ApiClient(sandbox.baseUrl);
  const [desk, other] = await Promise.all([api.token('desk'), api.token('other')]);
  return {
    sandbox,
    api,
    dir,
    desk,
    other,
    async stop() {
      await sandbox.close();
      dir.remove();
    },
  };
}

/**
 * A summary of all domain data (stock, adjustments, shipments), read through a separate read-only
 * connection. Stored idempotency results are not domain data and are left out.
 */
export function databaseState(dbPath: string): Record<string, unknown> {
  const db = new Database(dbPath, { readonly: true });
  try {
    const one = (sql: string): unknown => Object.values(db.prepare(sql).get() as Record<string, unknown>)[0];
    return {
      onHand: one('SELECT TOTAL(on_hand) FROM stock_levels'),
      levels: one('SELECT COUNT(*) FROM stock_levels'),
      versions: one('SELECT TOTAL(stock_version) FROM products'),
      products: one('SELECT COUNT(*) FROM products'),
      adjustments: one('SELECT COUNT(*) FROM adjustments'),
      shipments: one('SELECT COUNT(*) FROM shipments'),
      shipmentStates: one("SELECT GROUP_CONCAT(token || ':' || status || ':' || updated_at) FROM (SELECT * FROM shipments ORDER BY seq)"),
    };
  } finally {
    db.close();
  }
}

/** First shipment of the desk owner (by the list) matching a predicate. */
export async function findShipment(t: TestSandbox, predicate: (s: Loose) => boolean, token = t.desk): Promise<Loose> {
  let cursor: string | null = null;
  do {
    const page: Reply<Loose> = await t.api.call('listShipments', { token, body: { limit: 500, cursor } });
    const found = (page.body.data as Loose[]).find(predicate);
    if (found) return found;
    cursor = page.body.next_cursor;
  } while (cursor);
  throw new Error('no shipment matches');
}

export const validShipment = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  reference: 'TEST-1',
  carrier: 'dhl',
  sender: { name: 'Warehouse Desk Demo', address: { line1: 'Moezelhavenweg 9', city: 'Amsterdam', postal_code: '1043 AM', country: 'NL' } },
  recipient: { name: 'Jonas Müller', email: 'jonas@example.com', address: { line1: 'Torstraße 1', city: 'Berlin', postal_code: '10119', country: 'DE' } },
  parcels: [{ weight_grams: 1200, dimensions_mm: { length: 300, width: 200, height: 100 } }],
  ...overrides,
});
