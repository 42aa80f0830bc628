// Fault injection, rate limit, size limit and internal errors as a client sees them, on every
// operation where it applies. Nothing here is judged by a stopwatch: the added latency is shown by
// holding the sandbox's wait (node:timers/promises, mocked below) and watching what is answered
// first; the rate limit runs on a frozen clock, so no token flows back in while the test runs.
import Database from 'better-sqlite3';
import type * as TimersPromises from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { allOperations, operationPath } from '../../src/shared/api/operations';
import type { OperationId } from '../../src/shared/api/types';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index';
import { ApiClient, databaseState, expectContract, expectError, startTestSandbox, type TestSandbox } from './helpers';

/**
 * The sandbox's latency fault waits on node:timers/promises' setTimeout (src/sandbox/server.ts).
 * While `holding`, each such wait is recorded with its length and lasts until the test releases it;
 * otherwise the real timer runs.
 */
const latency = vi.hoisted(() => ({
  holding: false,
  held: [] as Array<{ ms: number; release: () => void }>,
  onHeld: null as (() => void) | null,
}));
vi.mock('node:timers/promises', async (importOriginal) => {
  const real = await importOriginal<typeof TimersPromises>();
  const setTimeout = (ms?: number, value?: unknown, options?: Parameters<typeof real.setTimeout>[2]): Promise<unknown> => {
    if (!latency.holding) return real.setTimeout(ms, value, options);
    return new Promise((resolve) => {
      latency.held.push({ ms: ms ?? 0, release: () => resolve(value) });
      latency.onHeld?.();
    });
  };
  return { ...real, setTimeout };
});

/** Resolves when the sandbox has started waiting on `count` latency waits in all. */
function heldWaits(count: number): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (latency.held.length < count) return;
      latency.onHeld = null;
      resolve();
    };
    latency.onHeld = check;
    check();
  });
}

let t: TestSandbox;

beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.stop());

function samplePath(operationId: OperationId): string {
  const info = allOperations().get(operationId);
  const params = Object.fromEntries((info?.pathParams ?? []).map((p) => [p, p === 'sku' ? 'WD-000001' : 'shp_aaaaaaaaaaaaaaaaaaaa']));
  return operationPath(operationId, params as never);
}

async function networkFailure(url: string): Promise<unknown> {
  try {
    await fetch(url, { method: 'POST', body: '{}' });
    return null;
  } catch (error) {
    return error;
  }
}

describe('fault injection', () => {
  it('adds latency to every answer: a request is answered only when its wait of latencyMs is over', async () => {
    latency.holding = true;
    try {
      t.sandbox.setFaults({ latencyMs: 120 });
      let answered = false;
      const slow = t.api.call('listWarehouses', { token: t.desk }).finally(() => (answered = true));
      const refused = t.api.call('listWarehouses', { token: 'not-a-token' });
      await heldWaits(2);
      // Every request that came in waits latencyMs, before anything else (even before auth).
      expect(latency.held.map((w) => w.ms)).toEqual([120, 120]);
      // A request sent later, with the latency off, overtakes it: the first is held by its wait alone.
      t.sandbox.setFaults({ latencyMs: 0 });
      expect((await t.api.call('listWarehouses', { token: t.desk })).status).toBe(200);
      expect(answered, 'answered before its latency was over').toBe(false);
      for (const wait of latency.held) wait.release();
      expect((await slow).status).toBe(200);
      expectError(await refused, 401, 'unauthorized');
    } finally {
      latency.holding = false;
      for (const wait of latency.held.splice(0)) wait.release();
      t.sandbox.setFaults({ latencyMs: 0 });
    }
  });

  it('answers 503 service_unavailable on every operation at failureRate 1, exactly the share at 0.25', async () => {
    t.sandbox.setFaults({ failureRate: 1 });
    for (const operationId of allOperations().keys()) {
      const reply = await t.api.raw('POST', samplePath(operationId), { token: t.desk, idempotencyKey: crypto.randomUUID() });
      expectContract(operationId, reply);
      expectError(reply, 503, 'service_unavailable');
    }
    t.sandbox.setFaults({ failureRate: 0.25 });
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await t.api.call('listWarehouses', { token: t.desk })).status);
    expect(statuses.filter((s) => s === 503)).toHaveLength(5);
    t.sandbox.setFaults({ failureRate: 0 });
    expect((await t.api.call('listWarehouses', { token: t.desk })).status).toBe(200);
  });

  it('drops connections without an answer; a dropped adjustment was not applied and its retry applies once', async () => {
    const warehouse = (await t.api.call('listWarehouses', { token: t.desk })).body.data[0].id;
    const before = databaseState(t.sandbox.dbPath);
    t.sandbox.setFaults({ dropRate: 1 });
    const key = crypto.randomUUID();
    const body = JSON.stringify({ warehouse_id: warehouse, delta: 4, reason: 'found' });
    const error = await fetch(`${t.sandbox.baseUrl}/1.0/logistics/stock/WD-000009/adjust`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.desk}`, 'idempotency-key': key },
      body,
    }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TypeError);
    expect(databaseState(t.sandbox.dbPath)).toEqual(before);

    t.sandbox.setFaults({ dropRate: 0.5 });
    let dropped = 0;
    for (let i = 0; i < 10; i++) if ((await networkFailure(`${t.sandbox.baseUrl}/1.0/logistics/warehouses/list`)) !== null) dropped++;
    expect(dropped).toBe(5);

    t.sandbox.setFaults({ dropRate: 0 });
    for (let i = 0; i < 2; i++) {
      const retry = await t.api.call('adjustStock', { token: t.desk, params: { sku: 'WD-000009' }, raw: body, idempotencyKey: key });
      expect(retry.status).toBe(200);
    }
    expect(t.sandbox.adjustmentsFor('WD-000009').filter((a) => a.idempotencyKey === key)).toHaveLength(1);
  });

  it('is unreachable when switched off (network error, no HTTP answer), and answers again when switched on', async () => {
    // Open a keep-alive connection first: it must be cut too.
    expect((await t.api.call('listWarehouses', { token: t.desk })).status).toBe(200);
    t.sandbox.setFaults({ unreachable: true });
    for (let i = 0; i < 3; i++) expect(await networkFailure(`${t.sandbox.baseUrl}/1.0/logistics/warehouses/list`)).toBeInstanceOf(TypeError);
    t.sandbox.setFaults({ unreachable: false });
    expect((await t.api.call('listWarehouses', { token: t.desk })).status).toBe(200);
  });

  it('refuses nonsense fault settings', () => {
    expect(() => t.sandbox.setFaults({ failureRate: 2 })).toThrow(RangeError);
    expect(() => t.sandbox.setFaults({ dropRate: -0.1 })).toThrow(RangeError);
    expect(() => t.sandbox.setFaults({ latencyMs: Number.NaN })).toThrow(RangeError);
  });
});

describe('limits on every operation', () => {
  it('answers 413 payload_too_large for a 2 MiB body on every operation', async () => {
    const raw = JSON.stringify({ note: 'x'.repeat(2 * 1024 * 1024) });
    for (const operationId of allOperations().keys()) {
      const reply = await t.api.raw('POST', samplePath(operationId), { token: t.desk, raw, idempotencyKey: crypto.randomUUID() });
      expectContract(operationId, reply);
      expectError(reply, 413, 'payload_too_large');
    }
  });

  it('answers 429 rate_limited with Retry-After past the limit, per owner, on every operation', async () => {
    let limited: RunningSandbox | undefined;
    // A frozen clock: the buckets get nothing back while the test runs, however long it takes
    // (at 0.5 per second, a real clock would refill one request every 2 s).
    vi.spyOn(Date, 'now').mockReturnValue(Date.now());
    try {
      limited = await startSandbox({ demo: { skus: 10, shipments: 5 }, rateLimit: { perSecond: 0.5, burst: 3 } });
      const api = new ApiClient(limited.baseUrl);
      const desk = await api.token('desk');
      const other = await api.token('other');
      for (let i = 0; i < 3; i++) expect((await api.call('listWarehouses', { token: desk })).status).toBe(200);
      for (const operationId of allOperations().keys()) {
        if (operationId === 'getToken') continue;
        const reply = await api.raw('POST', samplePath(operationId), { token: desk, idempotencyKey: crypto.randomUUID() });
        expectContract(operationId, reply);
        expectError(reply, 429, 'rate_limited');
        expect(Number(reply.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      }
      // The other owner has its own bucket.
      expect((await api.call('listWarehouses', { token: other })).status).toBe(200);
      // The token endpoint is limited per client address.
      let tokenReply = await api.call('getToken', { body: { client_id: 'desk-demo', client_secret: 'desk-demo-secret' } });
      while (tokenReply.status === 200) tokenReply = await api.call('getToken', { body: { client_id: 'desk-demo', client_secret: 'desk-demo-secret' } });
      expectError(tokenReply, 429, 'rate_limited');
    } finally {
      vi.restoreAllMocks();
      await limited?.close();
    }
  });

  it('answers 500 internal_error with a request_id when the database fails, and rolls the change back', async () => {
    const warehouse = (await t.api.call('listWarehouses', { token: t.desk })).body.data[0].id;
    const before = databaseState(t.sandbox.dbPath);
    const saboteur = new Database(t.sandbox.dbPath);
    saboteur.exec("CREATE TRIGGER fail_adjustments BEFORE INSERT ON adjustments BEGIN SELECT RAISE(ABORT, 'disk on fire'); END");
    const errors: unknown[] = [];
    const originalError = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      const reply = await t.api.call('adjustStock', { token: t.desk, params: { sku: 'WD-000010' }, body: { warehouse_id: warehouse, delta: 1, reason: 'found' }, idempotencyKey: crypto.randomUUID() });
      expectError(reply, 500, 'internal_error');
      expect(reply.text).not.toContain('disk on fire');
      expect(databaseState(t.sandbox.dbPath)).toEqual(before);
      expect(errors).toHaveLength(1);
    } finally {
      console.error = originalError;
      saboteur.exec('DROP TRIGGER fail_adjustments');
      saboteur.close();
    }
    const reply = await t.api.call('adjustStock', { token: t.desk, params: { sku: 'WD-000010' }, body: { warehouse_id: warehouse, delta: 1, reason: 'found' }, idempotencyKey: crypto.randomUUID() });
    expect(reply.status).toBe(200);
  });
});
