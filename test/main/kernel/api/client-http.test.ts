// The API client against small node:http servers of the test's own: answers the sandbox never
// gives (broken bodies, redirects, proxies' 502 pages, echoed secrets) and exact retry counts.
// Waits between attempts are checked on a fake clock (vi.useFakeTimers: the client's backoff timer
// and Date), so "not before Retry-After" is exact to the millisecond and no test races a real timer.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, type ApiClientOptions } from '../../../../src/main/kernel/api/client';
import { isAuthFailure, isDefinitiveRefusal, isTransient } from '../../../../src/main/kernel/api/errors';
import { DEFAULT_USER_AGENT } from '../../../../src/main/kernel/api/version';
import { ApiError } from '../../../../src/main/kernel/api/api-error';
import { toDeskError } from '../../../../src/main/kernel/ipc/desk-error';
import type { DeskError } from '../../../../src/shared/ipc/result';
import {
  TOKEN_ANSWER,
  errorBody,
  everythingAbout,
  freePort,
  outcomeLog,
  recordingFetch,
  sendJson,
  startStub,
  type Stub,
  type StubHandler,
} from './support';

const STOCK_ITEM = {
  sku: 'WD-000001',
  name: 'Storage bin',
  levels: [{ warehouse_id: 'wh_ams1', on_hand: 5, reserved: 1, available: 4 }],
  updated_at: '2025-01-06T08:00:00.000Z',
  version: 3,
};
const SHIPMENT_TOKEN = 'shp_aaaaaaaaaaaaaaaaaaaa';
const CREDS = { clientId: 'stub-client', clientSecret: 'stub-client-secret-value' };

const stubs: Stub[] = [];
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(stubs.splice(0).map((s) => s.close()));
});

/** A fake clock for the client's waits (its backoff timer and Date); the network stays real. */
function fakeClock(now?: number): void {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], ...(now === undefined ? {} : { now }) });
}

/** Moves the fake clock on, then lets everything that became due run (up to the next real I/O). */
async function advance(ms: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
  await new Promise((resolve) => setImmediate(resolve));
}

/** A stub that issues tokens and hands every other request to `operation`. */
async function serviceStub(operation: StubHandler, port?: number): Promise<Stub> {
  const stub = await startStub((req, res) => {
    if (req.path === '/1.0/auth/token') return sendJson(res, 200, TOKEN_ANSWER);
    return operation(req, res);
  }, port);
  stubs.push(stub);
  return stub;
}

function clientFor(stub: { baseUrl: string }, extra: Partial<ApiClientOptions> = {}) {
  return createApiClient({
    baseUrl: stub.baseUrl,
    credentials: async () => CREDS,
    backoff: { baseMs: 5, maxDelayMs: 20 },
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

const opRequests = (stub: Stub) => stub.requests.filter((r) => r.path !== '/1.0/auth/token');
const tokenRequests = (stub: Stub) => stub.requests.filter((r) => r.path === '/1.0/auth/token');

describe('requests on the wire', () => {
  it('gets a token lazily, once, and sends POST JSON with User-Agent, bearer token and Idempotency-Key', async () => {
    const stub = await serviceStub((req, res) => {
      if (req.path.endsWith('/adjust')) {
        return sendJson(res, 200, {
          stock_item: STOCK_ITEM,
          adjustment: { id: 'adj_1', sku: 'WD-000001', warehouse_id: 'wh_ams1', delta: 2, reason: 'found', note: null, created_at: '2025-01-06T08:00:00.000Z' },
        });
      }
      return sendJson(res, 200, STOCK_ITEM);
    });
    const client = clientFor(stub);
    expect(stub.requests).toHaveLength(0);
    const read = await client.readStock('WD-000001');
    expect(read.requestId).toBe('req_stub0000000001');
    await client.adjustStock('WD-000001', { warehouse_id: 'wh_ams1', delta: 2, reason: 'found' }, 'key-123');

    expect(tokenRequests(stub)).toHaveLength(1);
    const [token] = tokenRequests(stub);
    expect(JSON.parse(token!.body)).toEqual({ client_id: 'stub-client', client_secret: 'stub-client-secret-value' });
    expect(token!.headers.authorization).toBeUndefined();
    const [readReq, adjustReq] = opRequests(stub);
    expect(readReq).toMatchObject({ method: 'POST', path: '/1.0/logistics/stock/WD-000001/read', body: '{}' });
    expect(readReq!.headers['user-agent']).toBe(DEFAULT_USER_AGENT);
    expect(DEFAULT_USER_AGENT).toMatch(/^warehouse-desk\/\d+\.\d+\.\d+/);
    expect(readReq!.headers['content-type']).toBe('application/json');
    expect(readReq!.headers.authorization).toBe(`Bearer ${TOKEN_ANSWER.access_token}`);
    expect(readReq!.headers['idempotency-key']).toBeUndefined();
    expect(adjustReq!.headers['idempotency-key']).toBe('key-123');
    expect(JSON.parse(adjustReq!.body)).toEqual({ warehouse_id: 'wh_ams1', delta: 2, reason: 'found' });
  });

  it('percent-encodes path parameters', async () => {
    const stub = await serviceStub((_req, res) => sendJson(res, 404, errorBody('stock_item_not_found', 'No stock item with this SKU.')));
    const error = await failureOf(clientFor(stub).readStock('a/b?c'));
    expect(error).toMatchObject({ code: 'stock_item_not_found', status: 404, requestId: 'req_stub0000000001' });
    expect(opRequests(stub)[0]!.path).toBe('/1.0/logistics/stock/a%2Fb%3Fc/read');
  });

  it('refuses a request the contract does not allow before sending it', async () => {
    const stub = await serviceStub((_req, res) => sendJson(res, 200, STOCK_ITEM));
    const client = clientFor(stub);
    const zero = await failureOf(client.adjustStock('WD-1', { warehouse_id: 'wh_ams1', delta: 0, reason: 'found' }, 'k'));
    expect(zero).toMatchObject({ code: 'validation_failed', details: [{ field: 'delta', problem: 'must not be 0' }] });
    const noKey = await failureOf(client.adjustStock('WD-1', { warehouse_id: 'wh_ams1', delta: 1, reason: 'found' }, ''));
    expect(noKey.code).toBe('invalid_request');
    const unknownField = await failureOf(client.listStock({ limit: 10, colour: 'red' } as never));
    expect(unknownField.code).toBe('validation_failed');
    expect(stub.requests).toHaveLength(0);
  });

  it('says not_signed_in without any request when there are no credentials', async () => {
    const stub = await serviceStub((_req, res) => sendJson(res, 200, STOCK_ITEM));
    const error = await failureOf(clientFor(stub, { credentials: async () => null }).readStock('WD-1'));
    expect(error.code).toBe('not_signed_in');
    expect(isAuthFailure(error)).toBe(true);
    expect(stub.requests).toHaveLength(0);
  });
});

describe('answers the contract does not allow', () => {
  it('reports a broken required field as unexpected_response with the request id, without retrying', async () => {
    const stub = await serviceStub((_req, res) =>
      sendJson(res, 200, { ...STOCK_ITEM, levels: 'none' }, { 'X-Request-Id': 'req_brokenfield0001' }),
    );
    const { outcomes, onOutcome } = outcomeLog();
    const error = await failureOf(clientFor(stub, { onOutcome }).readStock('WD-000001'));
    expect(error).toMatchObject({ code: 'unexpected_response', status: 200, requestId: 'req_brokenfield0001' });
    expect(error.message).toContain('levels');
    expect(error.details).toContainEqual({ field: 'levels', problem: 'must be an array' });
    expect(opRequests(stub)).toHaveLength(1);
    expect(isTransient(error)).toBe(false);
    // An HTTP answer, however wrong, means the service is reachable.
    expect(outcomes.at(-1)).toMatchObject({ ok: false, networkError: false, status: 200 });
  });

  it('reports a stock item that lists one warehouse twice as unexpected_response (a cache cannot hold it)', async () => {
    const level = STOCK_ITEM.levels[0]!;
    const stub = await serviceStub((_req, res) =>
      sendJson(res, 200, { ...STOCK_ITEM, levels: [level, { ...level, on_hand: level.on_hand + 1 }] }, { 'X-Request-Id': 'req_twicewarehouse01' }),
    );
    const error = await failureOf(clientFor(stub).readStock('WD-000001'));
    expect(error).toMatchObject({ code: 'unexpected_response', status: 200, requestId: 'req_twicewarehouse01' });
    expect(error.details).toContainEqual({ field: 'levels', problem: `lists warehouse_id "${level.warehouse_id}" more than once` });
  });

  it('accepts unknown extra fields and missing optional ones', async () => {
    const stub = await serviceStub((_req, res) =>
      sendJson(res, 200, {
        ...STOCK_ITEM,
        levels: [{ ...STOCK_ITEM.levels[0], bin: 'A-12', extra: { deep: true } }],
        colour: 'green',
        future_field: [1, 2, 3],
      }),
    );
    const answer = await clientFor(stub).readStock('WD-000001');
    expect(answer.body.sku).toBe('WD-000001');
    expect((answer.body as unknown as Record<string, unknown>)['colour']).toBe('green');
  });

  it('reports a body that is not JSON, a redirect and an oversized body as unexpected_response', async () => {
    const stub = await serviceStub((req, res) => {
      if (req.path.includes('/WD-html/')) {
        res.writeHead(200, { 'Content-Type': 'text/html', 'X-Request-Id': 'req_html000000001' });
        return void res.end('<html>login portal</html>');
      }
      if (req.path.includes('/WD-redirect/')) {
        res.writeHead(302, { Location: 'https://elsewhere.invalid/steal' });
        return void res.end();
      }
      return sendJson(res, 200, { ...STOCK_ITEM, name: 'x'.repeat(5000) });
    });
    const client = clientFor(stub, { maxResponseBytes: 2000 });
    expect(await failureOf(client.readStock('WD-html'))).toMatchObject({ code: 'unexpected_response', status: 200, requestId: 'req_html000000001' });
    const redirect = await failureOf(client.readStock('WD-redirect'));
    expect(redirect).toMatchObject({ code: 'unexpected_response', status: 302 });
    expect(redirect.message).toMatch(/redirect/);
    expect(await failureOf(client.readStock('WD-big'))).toMatchObject({ code: 'unexpected_response', status: 200 });
    // A redirect is never followed (it would carry the token elsewhere) and nothing is retried.
    expect(opRequests(stub)).toHaveLength(3);
  });

  it('judges an unknown error code by its HTTP status', async () => {
    const stub = await serviceStub((req, res) => {
      if (req.path.includes('/cancel')) return sendJson(res, 409, errorBody('shipment_on_hold', 'The shipment is on hold.'));
      return sendJson(res, req.count % 2 === 0 ? 503 : 200, req.count % 2 === 0 ? errorBody('brownout', 'Try later.') : STOCK_ITEM);
    });
    const client = clientFor(stub);
    const onHold = await failureOf(client.cancelShipment(SHIPMENT_TOKEN));
    expect(onHold).toMatchObject({ code: 'shipment_on_hold', status: 409, message: 'The shipment is on hold.' });
    expect(isDefinitiveRefusal(onHold)).toBe(true);
    // Request 2 (the first read) gets a 503 with an unknown code: retried like any 5xx.
    expect((await client.readStock('WD-000001')).body.version).toBe(3);
  });

  it("treats a proxy's 502 page as transient: reads retry through it", async () => {
    const stub = await serviceStub((req, res) => {
      if (req.count <= 2) {
        res.writeHead(502, { 'Content-Type': 'text/html' });
        return void res.end('<h1>Bad Gateway</h1>');
      }
      return sendJson(res, 200, STOCK_ITEM);
    });
    const { outcomes, onOutcome } = outcomeLog();
    await clientFor(stub, { onOutcome }).readStock('WD-000001');
    expect(outcomes.map((o) => o.status)).toEqual([200, 502, 200]); // token, read, read again
    expect(outcomes[1]!.error).toMatchObject({ code: 'unexpected_response', status: 502 });
    expect(isTransient(outcomes[1]!.error!)).toBe(true);
  });

  it('tolerates a missing X-Request-Id (the error body still names one)', async () => {
    const stub = await startStub((req, res) => {
      res.writeHead(req.path === '/1.0/auth/token' ? 200 : 404, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(req.path === '/1.0/auth/token' ? TOKEN_ANSWER : errorBody('shipment_not_found', 'No such shipment.', 'req_frombody00001')));
    });
    stubs.push(stub);
    expect(await failureOf(clientFor(stub).readShipment(SHIPMENT_TOKEN))).toMatchObject({ code: 'shipment_not_found', requestId: 'req_frombody00001' });
  });
});

describe('retries', () => {
  it('retries a read after 503s and reports every attempt', async () => {
    const stub = await serviceStub((req, res) =>
      req.count <= 3 ? sendJson(res, 503, errorBody('service_unavailable', 'Busy.')) : sendJson(res, 200, STOCK_ITEM),
    );
    const { outcomes, onOutcome } = outcomeLog();
    const answer = await clientFor(stub, { onOutcome }).readStock('WD-000001');
    expect(answer.body.sku).toBe('WD-000001');
    // token request, then 503, 503, 200
    expect(outcomes.map((o) => [o.ok, o.status])).toEqual([[true, 200], [false, 503], [false, 503], [true, 200]]);
  });

  it('gives up after maxRetries with the last error', async () => {
    const stub = await serviceStub((_req, res) => sendJson(res, 503, errorBody('service_unavailable', 'Busy.', 'req_busy000000001')));
    const error = await failureOf(clientFor(stub, { maxRetries: 2 }).listStock({ limit: 5 }));
    expect(error).toMatchObject({ code: 'service_unavailable', status: 503, requestId: 'req_stub0000000001' });
    expect(isTransient(error)).toBe(true);
    expect(opRequests(stub)).toHaveLength(3);
  });

  it('never retries cancel or delete once the request may have reached the service', async () => {
    const stub = await serviceStub((req, res) => {
      if (req.path.includes('/delete')) return void res.socket?.destroy(); // connection dropped mid-request
      return sendJson(res, 503, errorBody('service_unavailable', 'Busy.'));
    });
    const client = clientFor(stub);
    expect(await failureOf(client.cancelShipment(SHIPMENT_TOKEN))).toMatchObject({ code: 'service_unavailable', status: 503 });
    expect(await failureOf(client.deleteShipment(SHIPMENT_TOKEN))).toMatchObject({ code: 'network_error' });
    expect(opRequests(stub).map((r) => r.path)).toEqual([`/1.0/shipments/${SHIPMENT_TOKEN}/cancel`, `/1.0/shipments/${SHIPMENT_TOKEN}/delete`]);
  });

  it('retries an adjustment after a dropped connection with the same Idempotency-Key', async () => {
    const stub = await serviceStub((req, res) => {
      if (req.count === 2) return void res.socket?.destroy();
      return sendJson(res, 200, {
        stock_item: STOCK_ITEM,
        adjustment: { id: 'adj_1', sku: 'WD-000001', warehouse_id: 'wh_ams1', delta: 1, reason: 'found', note: null, created_at: '2025-01-06T08:00:00.000Z' },
      });
    });
    await clientFor(stub).adjustStock('WD-000001', { warehouse_id: 'wh_ams1', delta: 1, reason: 'found' }, 'same-key-1');
    const attempts = opRequests(stub);
    expect(attempts).toHaveLength(2);
    expect(attempts.map((r) => r.headers['idempotency-key'])).toEqual(['same-key-1', 'same-key-1']);
    expect(attempts[0]!.body).toBe(attempts[1]!.body);
  });

  it('retries even a cancel when the connection was refused (the request never left)', async () => {
    const port = await freePort();
    const { outcomes, onOutcome, reached } = outcomeLog();
    fakeClock();
    const client = createApiClient({
      baseUrl: `http://127.0.0.1:${port}`,
      credentials: async () => CREDS,
      tokenCache: { load: async () => 'cached-token-0001', save: async () => undefined },
      backoff: { baseMs: 200, maxDelayMs: 800, random: () => 0.999 }, // first wait: 199 ms
      onOutcome,
    });
    const answer = client.deleteShipment(SHIPMENT_TOKEN);
    await reached(1);
    expect(outcomes[0]).toMatchObject({ ok: false, networkError: true, error: { code: 'network_error' } });
    expect(outcomes[0]!.error!.message).toContain('refused');
    // The client waits on the (fake) clock; the service comes up on that port meanwhile, then the
    // clock lets the repeat go: no race between the stub starting and a real timer.
    const stub = await serviceStub((_req, res) => sendJson(res, 200, { deleted: true, token: SHIPMENT_TOKEN }), port);
    await advance(199);
    expect((await answer).body).toEqual({ deleted: true, token: SHIPMENT_TOKEN });
    expect(outcomes).toHaveLength(2);
    expect(outcomes[1]).toMatchObject({ ok: true });
    expect(opRequests(stub)).toHaveLength(1);
  });

  it('gives network_error after the retries when nothing listens', async () => {
    const port = await freePort();
    const { outcomes, onOutcome } = outcomeLog();
    const client = createApiClient({
      baseUrl: `http://127.0.0.1:${port}`,
      credentials: async () => CREDS,
      backoff: { baseMs: 5, maxDelayMs: 10 },
      maxRetries: 2,
      onOutcome,
    });
    const error = await failureOf(client.listWarehouses());
    expect(error.code).toBe('network_error');
    expect(error.status).toBeUndefined();
    expect(outcomes).toHaveLength(3); // the token request, tried three times
    expect(outcomes.every((o) => o.networkError && !o.ok)).toBe(true);
  });

  it('times out every attempt and says timeout', async () => {
    const stub = await serviceStub(() => undefined); // never answers
    const { outcomes, onOutcome } = outcomeLog();
    // Long enough that each attempt reaches the stub before it fires on a loaded machine (at 150 ms
    // a CI run's second attempt timed out still connecting, and the stub saw one request).
    const error = await failureOf(clientFor(stub, { timeoutMs: 1_500, maxRetries: 1, onOutcome }).readStock('WD-000001'));
    expect(error.code).toBe('timeout');
    expect(error.message).toContain('1.5 s');
    expect(opRequests(stub)).toHaveLength(2);
    expect(outcomes.slice(1).map((o) => [o.networkError, o.error?.code])).toEqual([[true, 'timeout'], [true, 'timeout']]);
  });

  it('times out a body that stops half-way', async () => {
    const stub = await serviceStub((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'X-Request-Id': 'req_slowbody000001' });
      res.write('{"sku":"WD-000001",');
    });
    // Long enough that the headers are in before it fires on a loaded machine (at 150 ms a CI run
    // timed out still connecting, with no request id to report); the body never ends anyway.
    const error = await failureOf(clientFor(stub, { timeoutMs: 2_000, maxRetries: 0 }).readStock('WD-000001'));
    expect(error).toMatchObject({ code: 'timeout', requestId: 'req_slowbody000001' });
    expect(error.status).toBeUndefined();
  });

  it('honours Retry-After on 429 (seconds and HTTP date): the repeat leaves when the clock reaches it, not a millisecond before', async () => {
    // A fake clock at a whole second, so the HTTP date (whole seconds) is exact too.
    fakeClock(Date.parse('2030-01-07T08:00:00.000Z'));
    const stub = await serviceStub((req, res) => {
      if (req.count === 2) return sendJson(res, 429, errorBody('rate_limited', 'Slow down.'), { 'Retry-After': '1' });
      if (req.count === 3) {
        return sendJson(res, 429, errorBody('rate_limited', 'Slow down.'), { 'Retry-After': new Date(Date.now() + 2000).toUTCString() });
      }
      return sendJson(res, 200, STOCK_ITEM);
    });
    const { fetch, calls } = recordingFetch();
    const { onOutcome, reached } = outcomeLog();
    // No jitter on top of Retry-After: the waits are exactly 1 s, then 2 s.
    const read = clientFor(stub, { fetch, onOutcome, backoff: { baseMs: 5, maxDelayMs: 20, random: () => 0 } }).readStock('WD-000001');
    const reads = () => calls.filter((c) => c.path.endsWith('/read'));
    await reached(2); // the token, then the first read: 429, Retry-After: 1
    await advance(999);
    expect(reads(), 'repeated before Retry-After (seconds)').toHaveLength(1);
    await advance(1);
    expect(reads()).toHaveLength(2);
    await reached(3); // 429 again, Retry-After: an HTTP date 2 s ahead
    await advance(1_999);
    expect(reads(), 'repeated before Retry-After (HTTP date)').toHaveLength(2);
    await advance(1);
    expect(reads()).toHaveLength(3);
    expect((await read).body).toMatchObject({ sku: 'WD-000001' });
    expect(reads().map((c) => c.at - reads()[0]!.at)).toEqual([0, 1_000, 3_000]);
    expect(opRequests(stub)).toHaveLength(3);
  });

  it('fails at once with rate_limited when Retry-After is beyond the cap', async () => {
    const stub = await serviceStub((_req, res) => sendJson(res, 429, errorBody('rate_limited', 'Slow down.'), { 'Retry-After': '120' }));
    const error = await failureOf(clientFor(stub).readStock('WD-000001'));
    expect(error).toMatchObject({ code: 'rate_limited', status: 429 });
    expect(isTransient(error)).toBe(true);
    expect(opRequests(stub)).toHaveLength(1);
  });

  it('keeps working when an onOutcome listener throws', async () => {
    const stub = await serviceStub((_req, res) => sendJson(res, 200, STOCK_ITEM));
    const client = clientFor(stub, {
      onOutcome: () => {
        throw new Error('listener bug');
      },
    });
    expect((await client.readStock('WD-000001')).body.sku).toBe('WD-000001');
  });
});

describe('tokens', () => {
  it('gets one new token and repeats once on token_expired, then gives up', async () => {
    let expired = 0;
    const stub = await serviceStub((_req, res) => {
      expired++;
      sendJson(res, 401, errorBody('token_expired', 'The token has expired.'));
    });
    const error = await failureOf(clientFor(stub).readStock('WD-000001'));
    expect(error).toMatchObject({ code: 'token_expired', status: 401 });
    expect(expired).toBe(2);
    expect(tokenRequests(stub)).toHaveLength(2);
  });

  it('does not repeat on unauthorized with a token it just got, but does with a cached one', async () => {
    const stub = await serviceStub((req, res) => {
      if (req.headers.authorization === 'Bearer cached-but-revoked') return sendJson(res, 401, errorBody('unauthorized', 'Unknown token.'));
      if (req.path.includes('WD-never')) return sendJson(res, 401, errorBody('unauthorized', 'Unknown token.'));
      return sendJson(res, 200, STOCK_ITEM);
    });
    expect(await failureOf(clientFor(stub).readStock('WD-never'))).toMatchObject({ code: 'unauthorized', status: 401 });
    expect(tokenRequests(stub)).toHaveLength(1);
    expect(opRequests(stub)).toHaveLength(1);

    const saved: [string, number][] = [];
    const cached = clientFor(stub, {
      tokenCache: { load: async () => 'cached-but-revoked', save: async (token, expiresIn) => void saved.push([token, expiresIn]) },
    });
    expect((await cached.readStock('WD-000001')).body.sku).toBe('WD-000001');
    expect(saved).toEqual([[TOKEN_ANSWER.access_token, 3600]]);
    expect(tokenRequests(stub)).toHaveLength(2);
  });

  it('shares one new token among concurrent calls that met token_expired', async () => {
    const stub = await serviceStub((req, res) =>
      req.headers.authorization === 'Bearer old-token-0001'
        ? sendJson(res, 401, errorBody('token_expired', 'Expired.'))
        : sendJson(res, 200, STOCK_ITEM),
    );
    const client = clientFor(stub, { tokenCache: { load: async () => 'old-token-0001', save: async () => undefined } });
    await Promise.all([1, 2, 3, 4].map(() => client.readStock('WD-000001')));
    expect(tokenRequests(stub)).toHaveLength(1);
  });

  it('refuses a token that cannot travel in an Authorization header: unexpected_response with its request id, never a network error', async () => {
    for (const token of ['stub-token\n0001', 'stub-token-\u4ee4\u724c']) {
      const stub = await startStub((req, res) =>
        req.path === '/1.0/auth/token' ? sendJson(res, 200, { ...TOKEN_ANSWER, access_token: token }) : sendJson(res, 200, STOCK_ITEM),
      );
      stubs.push(stub);
      const log = outcomeLog();
      const saved: string[] = [];
      const client = clientFor(stub, { onOutcome: log.onOutcome, tokenCache: { load: async () => null, save: async (t) => void saved.push(t) } });
      // Sent, such a token makes fetch throw before anything leaves: every call looked like the
      // network failing (retried, and the connectivity monitor told the desk was offline).
      const error = await failureOf(client.readStock('WD-000001'));
      expect(error, JSON.stringify(token)).toMatchObject({ code: 'unexpected_response', status: 200, requestId: 'req_stub0000000001' });
      expect(everythingAbout(error)).not.toContain(token);
      expect(log.outcomes.filter((o) => o.networkError)).toEqual([]);
      expect(saved).toEqual([]);
      expect(tokenRequests(stub)).toHaveLength(1);
      expect(await failureOf(client.getToken(CREDS))).toMatchObject({ code: 'unexpected_response', requestId: 'req_stub0000000001' });
    }
  });

  it('does not use a kept token that cannot travel in a header; it gets a new one', async () => {
    const stub = await serviceStub((_req, res) => sendJson(res, 200, STOCK_ITEM));
    const log = outcomeLog();
    const client = clientFor(stub, { onOutcome: log.onOutcome, tokenCache: { load: async () => 'kept\ntoken', save: async () => undefined } });
    expect((await client.readStock('WD-000001')).body.sku).toBe('WD-000001');
    expect(opRequests(stub)[0]!.headers.authorization).toBe(`Bearer ${TOKEN_ANSWER.access_token}`);
    expect(log.outcomes.filter((o) => o.networkError)).toEqual([]);
  });

  it('maps refused credentials to invalid_credentials', async () => {
    const stub = await startStub((_req, res) => sendJson(res, 401, errorBody('invalid_credentials', 'Unknown client or wrong secret.')));
    stubs.push(stub);
    const client = clientFor(stub);
    const viaCall = await failureOf(client.listWarehouses());
    expect(viaCall).toMatchObject({ code: 'invalid_credentials', status: 401, requestId: 'req_stub0000000001' });
    const viaGetToken = await failureOf(client.getToken({ clientId: 'x', clientSecret: 'y-secret' }));
    expect(viaGetToken.code).toBe('invalid_credentials');
    expect(stub.requests).toHaveLength(2); // a refusal is not retried
  });
});

describe('secrets stay out of errors', () => {
  it('redacts a client secret or bearer token that a service echoes back', async () => {
    const stub = await startStub((req, res) => {
      if (req.path === '/1.0/auth/token') {
        if (req.body.includes('wrong')) {
          return sendJson(res, 401, {
            error: { code: 'invalid_credentials', message: `Bad credentials in ${req.body}`, request_id: 'req_echo000000001', details: [{ field: req.body, problem: req.body }] },
          });
        }
        return sendJson(res, 200, TOKEN_ANSWER);
      }
      return sendJson(res, 409, errorBody('insufficient_stock', `Refused for ${String(req.headers.authorization)}`));
    });
    stubs.push(stub);
    const { outcomes, onOutcome } = outcomeLog();
    const secret = 'wrong-secret-d0n0tleak';
    const errors: unknown[] = [];
    const bad = createApiClient({ baseUrl: stub.baseUrl, credentials: async () => ({ clientId: 'c', clientSecret: secret }), onOutcome });
    await bad.readStock('WD-1').catch((e: unknown) => errors.push(e));
    await bad.getToken({ clientId: 'c', clientSecret: secret }).catch((e: unknown) => errors.push(e));
    const good = clientFor(stub, { onOutcome });
    await good.adjustStock('WD-1', { warehouse_id: 'wh_1', delta: -1, reason: 'lost' }, 'k1').catch((e: unknown) => errors.push(e));

    expect(errors).toHaveLength(3);
    const text = errors.map(everythingAbout).join('\n') + JSON.stringify(outcomes);
    expect(text).toContain('[redacted]');
    for (const leaked of [secret, CREDS.clientSecret, TOKEN_ANSWER.access_token]) expect(text).not.toContain(leaked);
  });
});

describe('ping', () => {
  it('resolves on any HTTP answer without sending a credential, and fails without one', async () => {
    const stub = await startStub((_req, res) => sendJson(res, 401, errorBody('unauthorized', 'A bearer token is required.')));
    stubs.push(stub);
    const { outcomes, onOutcome } = outcomeLog();
    let asked = 0;
    const client = createApiClient({ baseUrl: stub.baseUrl, credentials: async () => (asked++, CREDS), onOutcome });
    await client.ping();
    expect(asked).toBe(0);
    expect(stub.requests[0]!.headers.authorization).toBeUndefined();
    expect(outcomes).toEqual([expect.objectContaining({ ok: false, networkError: false, status: 401 })]);

    const nowhere = createApiClient({ baseUrl: `http://127.0.0.1:${await freePort()}`, credentials: async () => CREDS });
    expect(await failureOf(nowhere.ping())).toMatchObject({ code: 'network_error' });
  });
});
