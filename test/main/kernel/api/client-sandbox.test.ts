// The API client against the real sandbox over real HTTP, with its fault injection. The 429 storm
// runs on a fake clock shared by the client's waits and the sandbox's rate limiter (both in this
// process), so "no repeat before Retry-After" is checked exactly, not against a stopwatch.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiClient, type ApiClientOptions } from '../../../../src/main/kernel/api/client';
import { isTransient } from '../../../../src/main/kernel/api/errors';
import { ConnectivityMonitor } from '../../../../src/main/kernel/connectivity/monitor';
import { DEMO_OWNERS, startSandbox, type RunningSandbox } from '../../../../src/sandbox/index';
import { ApiError } from '../../../../src/main/kernel/api/api-error';
import { toDeskError } from '../../../../src/main/kernel/ipc/desk-error';
import type { DeskError } from '../../../../src/shared/ipc/result';
import { everythingAbout, outcomeLog, recordingFetch, startProxy, type Proxy } from './support';

let sandbox: RunningSandbox;
const proxies: Proxy[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ demo: { skus: 40, shipments: 24 }, rateLimit: false });
});
afterAll(async () => {
  await sandbox?.close();
});
afterEach(async () => {
  sandbox.setFaults({ latencyMs: 0, failureRate: 0, dropRate: 0, unreachable: false });
  await Promise.all(proxies.splice(0).map((p) => p.close()));
});

function client(extra: Partial<ApiClientOptions> = {}) {
  return createApiClient({
    baseUrl: sandbox.baseUrl,
    credentials: async () => ({ ...DEMO_OWNERS.desk }),
    backoff: { baseMs: 5, maxDelayMs: 40 },
    ...extra,
  });
}

async function failureOf(promise: Promise<unknown>): Promise<DeskError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return toDeskError(error as ApiError);
  }
  throw new Error('expected an ApiError');
}

/** A token cache holding one token, as the keychain would after an earlier session. */
function cachedToken(token: string) {
  return { load: async () => token, save: async () => undefined };
}

/** A stock item and one of its warehouses, from the sandbox's demo data. */
async function someStock(api = client()) {
  const page = await api.listStock({ limit: 5 });
  const item = page.body.data.find((i) => i.levels.some((l) => l.on_hand > 10));
  if (!item) throw new Error('demo data has no stocked item');
  return { sku: item.sku, warehouseId: item.levels.find((l) => l.on_hand > 10)!.warehouse_id };
}

async function shipmentIn(status: string, scope?: 1 | 2) {
  const page = await client().listShipments({ limit: 100, status: status as never });
  const found = page.body.data.find((s) => scope === undefined || s.scope === scope);
  if (!found) throw new Error(`demo data has no ${status} shipment`);
  return found;
}

describe('every operation against the sandbox', () => {
  it('answers all 12 operations and the token endpoint, each validated, each with a request id', async () => {
    const { fetch, calls } = recordingFetch();
    const api = client({ fetch });
    const token = await api.getToken(DEMO_OWNERS.desk);
    expect(token.expiresIn).toBeGreaterThan(0);

    const answers = [];
    answers.push(await api.listWarehouses({}));
    answers.push(await api.listProducts({ limit: 3 }));
    const stock = await api.listStock({ limit: 3 });
    answers.push(stock);
    const sku = stock.body.data[0]!.sku;
    answers.push(await api.readStock(sku));
    const warehouseId = stock.body.data[0]!.levels[0]!.warehouse_id;
    answers.push(await api.adjustStock(sku, { warehouse_id: warehouseId, delta: 3, reason: 'found', note: 'test' }, randomUUID()));
    answers.push(await api.listShipments({ limit: 5 }));
    const created = await api.createShipment(
      {
        carrier: 'postnl',
        reference: 'B1-TEST',
        sender: { name: 'Desk', address: { line1: 'Kade 1', city: 'Amsterdam', postal_code: '1011 AB', country: 'NL' } },
        recipient: { name: 'Client', address: { line1: 'Str. 2', city: 'Berlin', postal_code: '10115', country: 'DE' } },
        parcels: [{ weight_grams: 900, dimensions_mm: { length: 300, width: 200, height: 100 } }],
      },
      randomUUID(),
    );
    answers.push(created);
    answers.push(await api.readShipment(created.body.token));
    answers.push(await api.greenIndex({ shipment_token: created.body.token }));
    answers.push(await api.transitTime({ origin: { country: 'NL', postal_code: '1011' }, destination: { country: 'FR', postal_code: '75001' }, ship_date: '2025-01-06' }));
    const cancelled = await api.cancelShipment(created.body.token);
    expect(cancelled.body.status).toBe('cancelled');
    answers.push(cancelled);
    const scope2 = await shipmentIn('created', 2);
    const deleted = await api.deleteShipment(scope2.token);
    expect(deleted.body).toEqual({ deleted: true, token: scope2.token });
    answers.push(deleted);

    for (const answer of answers) expect(answer.requestId).toMatch(/^req_/);
    expect(new Set(calls.map((c) => c.path.split('/').slice(2).join('/').replace(/(shp_|WD-)[^/]+/, '{id}'))).size).toBe(13);
    expect(await failureOf(api.readShipment(scope2.token))).toMatchObject({ code: 'shipment_not_found', status: 404 });
  });

  it('maps business refusals with code, message, status and request id', async () => {
    const api = client();
    const { sku, warehouseId } = await someStock(api);
    const refused = await failureOf(api.adjustStock(sku, { warehouse_id: warehouseId, delta: -1_000_000, reason: 'lost' }, randomUUID()));
    expect(refused).toMatchObject({ code: 'insufficient_stock', status: 409 });
    expect(refused.requestId).toMatch(/^req_/);
    expect(refused.message.length).toBeGreaterThan(0);
    expect(isTransient(refused)).toBe(false);
    const notDeletable = await failureOf(api.deleteShipment((await shipmentIn('created', 1)).token));
    expect(notDeletable).toMatchObject({ code: 'shipment_not_deletable', status: 409 });
    const unknownWarehouse = await failureOf(api.listStock({ warehouse_id: 'wh_doesnotexist' }));
    expect(unknownWarehouse).toMatchObject({ code: 'validation_failed', status: 422 });
    expect(unknownWarehouse.details?.[0]?.field).toBe('warehouse_id');
  });

  it('gives invalid_credentials for a wrong secret, and never puts a secret or token in an error', async () => {
    const { outcomes, onOutcome } = outcomeLog();
    const wrong = client({ credentials: async () => ({ clientId: 'desk-demo', clientSecret: 'not-the-secret-xyz' }), onOutcome });
    const error = await failureOf(wrong.listWarehouses());
    expect(error).toMatchObject({ code: 'invalid_credentials', status: 401 });
    expect(error.requestId).toMatch(/^req_/);

    const errors: unknown[] = [];
    const good = client({ onOutcome });
    const token = await good.getToken(DEMO_OWNERS.desk);
    await good.readStock('NO-SUCH-SKU').catch((e: unknown) => errors.push(e));
    sandbox.expireTokens();
    const stale = client({ onOutcome, tokenCache: cachedToken(token.accessToken), credentials: async () => null });
    await stale.readStock('NO-SUCH-SKU').catch((e: unknown) => errors.push(e));
    await wrong.getToken({ clientId: 'desk-demo', clientSecret: 'not-the-secret-xyz' }).catch((e: unknown) => errors.push(e));
    expect(errors.map((e) => (e as ApiError).code)).toEqual(['stock_item_not_found', 'not_signed_in', 'invalid_credentials']);

    const everything = [everythingAbout(error), ...errors.map(everythingAbout), JSON.stringify(outcomes)].join('\n');
    for (const secret of ['not-the-secret-xyz', DEMO_OWNERS.desk.clientSecret, token.accessToken]) expect(everything).not.toContain(secret);
  });
});

describe('fault injection', () => {
  it('latency beyond the timeout gives timeout, and the connectivity monitor goes offline', async () => {
    // Decided by the order of two timers in this one event loop, not by how long anything takes:
    // the client's 200 ms timeout is set before the sandbox's 1 s wait starts, so it always fires
    // first, and the sandbox cannot answer before its wait is over.
    const token = (await client().getToken(DEMO_OWNERS.desk)).accessToken; // before the latency
    sandbox.setFaults({ latencyMs: 1_000 });
    const monitor = new ConnectivityMonitor({ probe: async () => undefined });
    const { outcomes, onOutcome } = outcomeLog();
    const slow = client({
      timeoutMs: 200,
      maxRetries: 1,
      tokenCache: cachedToken(token),
      onOutcome: (o) => (onOutcome(o), monitor.report(o)),
    });
    const error = await failureOf(slow.listWarehouses());
    expect(error.code).toBe('timeout');
    expect(isTransient(error)).toBe(true);
    expect(outcomes.map((o) => [o.networkError, o.error?.code])).toEqual([[true, 'timeout'], [true, 'timeout']]);
    expect(monitor.status).toMatchObject({ online: false, lastError: { code: 'timeout' } });
  });

  it('a 503 share: reads are retried and succeed', async () => {
    const api = client();
    await api.listWarehouses();
    sandbox.setFaults({ failureRate: 0.5 });
    const { outcomes, onOutcome } = outcomeLog();
    const retrying = client({ onOutcome });
    for (let i = 0; i < 6; i++) expect((await retrying.listStock({ limit: 2 })).body.data.length).toBe(2);
    const unavailable = outcomes.filter((o) => o.status === 503);
    expect(unavailable.length).toBeGreaterThanOrEqual(3);
    expect(unavailable[0]!.error).toMatchObject({ code: 'service_unavailable' });
    expect(unavailable[0]!.error!.requestId).toMatch(/^req_/);
  });

  it('all 503: a cancel is not retried, a read gives up after maxRetries', async () => {
    const shipment = await shipmentIn('created');
    const token = (await client().getToken(DEMO_OWNERS.desk)).accessToken;
    sandbox.setFaults({ failureRate: 1 });
    const { outcomes, onOutcome } = outcomeLog();
    const failing = client({ onOutcome, maxRetries: 2, tokenCache: cachedToken(token) });
    expect(await failureOf(failing.cancelShipment(shipment.token))).toMatchObject({ code: 'service_unavailable', status: 503 });
    expect(outcomes).toHaveLength(1);
    expect(await failureOf(failing.readShipment(shipment.token))).toMatchObject({ code: 'service_unavailable' });
    expect(outcomes).toHaveLength(4);
    sandbox.setFaults({ failureRate: 0 });
    expect((await client().readShipment(shipment.token)).body.status).toBe('created');
  });

  it('dropped connections: reads are retried and succeed; a cancel is not retried', async () => {
    const api = client();
    await api.listWarehouses();
    const shipment = await shipmentIn('label_ready');
    sandbox.setFaults({ dropRate: 0.5 });
    const { outcomes, onOutcome } = outcomeLog();
    const dropping = client({ onOutcome });
    for (let i = 0; i < 4; i++) await dropping.listWarehouses();
    expect(outcomes.filter((o) => o.networkError).length).toBeGreaterThanOrEqual(2);

    sandbox.setFaults({ dropRate: 1 });
    outcomes.length = 0;
    const error = await failureOf(dropping.cancelShipment(shipment.token));
    expect(error.code).toBe('network_error');
    expect(outcomes).toHaveLength(1);
    sandbox.setFaults({ dropRate: 0 });
    expect((await api.readShipment(shipment.token)).body.status).toBe('label_ready'); // the sandbox dropped it unprocessed
  });

  it('an adjustment retried after a dropped connection is applied once', async () => {
    const api = client();
    const { sku, warehouseId } = await someStock(api);
    sandbox.setFaults({ dropRate: 0.5 });
    const key = randomUUID();
    const { outcomes, onOutcome } = outcomeLog();
    const dropping = client({ onOutcome, tokenCache: cachedToken((await api.getToken(DEMO_OWNERS.desk)).accessToken) });
    const answer = await dropping.adjustStock(sku, { warehouse_id: warehouseId, delta: 4, reason: 'received' }, key);
    expect(outcomes.some((o) => o.networkError)).toBe(true);
    expect(answer.body.adjustment.delta).toBe(4);
    expect(sandbox.adjustmentsFor(sku).filter((a) => a.idempotencyKey === key)).toHaveLength(1);
  });

  it('an adjustment whose answer was lost after the sandbox applied it is replayed, not applied twice', async () => {
    const api = client();
    const { sku, warehouseId } = await someStock(api);
    const before = (await api.readStock(sku)).body.levels.find((l) => l.warehouse_id === warehouseId)!.on_hand;
    let lost = 0;
    const proxy = await startProxy(sandbox.baseUrl, (path) => {
      if (path.endsWith('/adjust') && lost < 2) {
        lost++;
        return { loseAnswer: true };
      }
      return {};
    });
    proxies.push(proxy);
    const key = randomUUID();
    const viaProxy = client({ baseUrl: proxy.baseUrl });
    const answer = await viaProxy.adjustStock(sku, { warehouse_id: warehouseId, delta: 5, reason: 'count_correction' }, key);
    expect(proxy.seen.filter((p) => p.endsWith('/adjust'))).toHaveLength(3);
    expect(sandbox.adjustmentsFor(sku).filter((a) => a.idempotencyKey === key)).toHaveLength(1);
    expect(answer.body.stock_item.levels.find((l) => l.warehouse_id === warehouseId)!.on_hand).toBe(before + 5);
    expect((await api.readStock(sku)).body.levels.find((l) => l.warehouse_id === warehouseId)!.on_hand).toBe(before + 5);
  });

  it('a cancel whose answer was lost is not repeated (the service did act)', async () => {
    const shipment = await shipmentIn('created');
    const proxy = await startProxy(sandbox.baseUrl, (path) => (path.endsWith('/cancel') ? { loseAnswer: true } : {}));
    proxies.push(proxy);
    const error = await failureOf(client({ baseUrl: proxy.baseUrl }).cancelShipment(shipment.token));
    expect(error.code).toBe('network_error');
    expect(proxy.seen.filter((p) => p.endsWith('/cancel'))).toHaveLength(1);
    expect((await client().readShipment(shipment.token)).body.status).toBe('cancelled');
  });

  it('unreachable: network_error and offline; reachable again: the probe brings it back online', async () => {
    const api = client();
    await api.listWarehouses();
    const monitor = new ConnectivityMonitor({ probe: () => probeClient.ping(), probeIntervalMs: 30 });
    const probeClient = client({ onOutcome: (o) => monitor.report(o) });
    const watched = client({ onOutcome: (o) => monitor.report(o), maxRetries: 1 });
    await watched.listWarehouses();
    const changes: boolean[] = [];
    monitor.onChange((c) => changes.push(c.online));
    monitor.start();
    try {
      sandbox.setFaults({ unreachable: true });
      const error = await failureOf(watched.listWarehouses());
      expect(error.code).toBe('network_error');
      expect(monitor.status).toMatchObject({ online: false, lastError: { code: 'network_error' } });
      const backOnline = new Promise<void>((resolve) => monitor.onChange((c) => c.online && resolve()));
      sandbox.setFaults({ unreachable: false });
      await backOnline;
      expect(changes).toEqual([false, true]);
      expect((await watched.listWarehouses()).body.data.length).toBeGreaterThan(0);
    } finally {
      monitor.stop();
    }
  });

  it('expired tokens: one new token and the call succeeds', async () => {
    const { fetch, calls } = recordingFetch();
    const saved: string[] = [];
    const api = client({ fetch, tokenCache: { load: async () => null, save: async (t) => void saved.push(t) } });
    await api.listWarehouses();
    sandbox.expireTokens();
    const again = await Promise.all([api.listWarehouses(), api.listProducts({ limit: 1 })]);
    expect(again.every((a) => a.requestId.startsWith('req_'))).toBe(true);
    expect(calls.filter((c) => c.path === '/1.0/auth/token')).toHaveLength(2);
    expect(saved).toHaveLength(2);
    expect(saved[0]).not.toBe(saved[1]);
  });

  it('an extra unknown field in an answer is accepted', async () => {
    const proxy = await startProxy(sandbox.baseUrl, (path) =>
      path.endsWith('/read') || path.endsWith('/list')
        ? {
            rewrite: (body) => {
              const record = body as Record<string, unknown>;
              if (Array.isArray(record['data'])) record['data'] = record['data'].map((d: Record<string, unknown>) => ({ ...d, carbon_label: 'B' }));
              return { ...record, server_hint: { next_poll_s: 30 } };
            },
          }
        : {},
    );
    proxies.push(proxy);
    const api = client({ baseUrl: proxy.baseUrl });
    const page = await api.listStock({ limit: 2 });
    expect((page.body.data[0] as unknown as Record<string, unknown>)['carbon_label']).toBe('B');
    const item = await api.readStock(page.body.data[0]!.sku);
    expect((item.body as unknown as Record<string, unknown>)['server_hint']).toEqual({ next_poll_s: 30 });
  });

  it('a response breaking a required field is unexpected_response with the request id', async () => {
    const proxy = await startProxy(sandbox.baseUrl, (path) =>
      path.endsWith('/read') ? { rewrite: (body) => ({ ...(body as object), version: 'seven' }) } : {},
    );
    proxies.push(proxy);
    const api = client({ baseUrl: proxy.baseUrl });
    const { sku } = await someStock(api);
    const error = await failureOf(api.readStock(sku));
    expect(error).toMatchObject({ code: 'unexpected_response', status: 200 });
    expect(error.requestId).toMatch(/^req_/);
    expect(error.details).toContainEqual({ field: 'version', problem: 'must be an integer' });
  });
});

describe('rate limit', () => {
  it('a 429 storm: every read succeeds, waiting as Retry-After says', async () => {
    const limited = await startSandbox({ demo: { skus: 5, shipments: 0 }, rateLimit: { perSecond: 10, burst: 4 } });
    // One fake clock for the client's waits and the sandbox's token buckets (Date.now): the buckets
    // refill only as the test moves the clock, and each wave of repeats is let go at a known instant.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const { fetch, calls } = recordingFetch();
      const { outcomes, onOutcome, reached } = outcomeLog();
      const api = createApiClient({
        baseUrl: limited.baseUrl,
        credentials: async () => ({ ...DEMO_OWNERS.desk }),
        fetch,
        onOutcome,
        maxRetries: 4,
        backoff: { random: () => 0 }, // no jitter on top of Retry-After
      });
      const reads = () => calls.filter((c) => c.path.endsWith('/warehouses/list'));
      const refusals = () => outcomes.filter((o) => o.status === 429);
      await api.listWarehouses(); // a token and one read: 3 reads left in the burst of 4
      const all = Promise.all(Array.from({ length: 12 }, () => api.listWarehouses()));
      await reached(2 + 12);
      // 12 at once: 3 answered from the burst, 9 refused with Retry-After: 1 (1 s at 10 per second).
      expect(reads()).toHaveLength(13);
      expect(refusals()).toHaveLength(9);
      expect(refusals()[0]!.error).toMatchObject({ code: 'rate_limited' });
      // Every refusal is repeated once; those still to come wait on the clock.
      const waitingRepeats = () => refusals().length - (reads().length - 13);
      let waves = 0;
      while (waitingRepeats() > 0 && waves < 5) {
        const due = waitingRepeats();
        const sent = reads().length;
        const heard = outcomes.length;
        await vi.advanceTimersByTimeAsync(999);
        await new Promise((resolve) => setImmediate(resolve));
        expect(reads(), 'a repeat before Retry-After').toHaveLength(sent);
        await vi.advanceTimersByTimeAsync(1);
        await new Promise((resolve) => setImmediate(resolve));
        expect(reads(), 'every refused read repeated once Retry-After is over').toHaveLength(sent + due);
        await reached(heard + due);
        waves++;
      }
      // Each wave: the refused ones repeat exactly 1 s later; the bucket (4, refilled by then) lets 4 through.
      const answers = await all;
      expect(answers).toHaveLength(12);
      expect(refusals()).toHaveLength(9 + 5 + 1);
      expect(reads()).toHaveLength(13 + 9 + 5 + 1);
      expect(waves).toBe(3);
    } finally {
      vi.useRealTimers();
      await limited.close();
    }
  });
});
