// Findings of a rule-by-rule review of the sandbox against api-contract.md and the OpenAPI
// document, each as a request over real HTTP (raw sockets where a well-behaved client cannot
// send what a broken network does). Nothing is judged by a stopwatch: the 10 s answer bound is
// shortened for the test (`answerWithinMs`) and a test that is never answered hangs until the
// test timeout fails it.
import { connect } from 'node:net';
import type * as Timers from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { operationPath } from '../../src/shared/api/operations';
import { expectError, REQUEST_ID, startTestSandbox, type Loose, type TestSandbox } from './helpers';

// The sandbox holds a request for the latency fault with timers/promises' setTimeout: each wait
// is recorded, so a test can wait for the very wait it means to see end (no sleep of a guessed length).
const timerWaits = vi.hoisted((): Promise<unknown>[] => []);
vi.mock('node:timers/promises', async (importOriginal) => {
  const real = await importOriginal<typeof Timers>();
  const recorded: typeof real.setTimeout = (...args) => {
    const wait = real.setTimeout(...args);
    timerWaits.push(wait);
    return wait;
  };
  return { ...real, setTimeout: recorded };
});

let t: TestSandbox;

beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.stop());

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: Loose;
}

/**
 * Opens a TCP connection, writes `head` (and nothing more), and resolves with the first complete
 * HTTP answer read back (or null when the server closes the connection without one).
 */
function rawExchange(port: number, head: string): Promise<RawAnswer | null> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(head));
    let data = Buffer.alloc(0);
    let settled = false;
    const finish = (answer: RawAnswer | null): void => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve(answer);
    };
    socket.on('data', (chunk: Buffer) => {
      data = Buffer.concat([data, chunk]);
      const text = data.toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      if (end < 0) return;
      const [statusLine = '', ...lines] = text.slice(0, end).split('\r\n');
      const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
      const length = Number(headers['content-length'] ?? 0);
      const bodyBytes = data.subarray(Buffer.byteLength(text.slice(0, end + 4), 'latin1'));
      if (bodyBytes.length < length) return;
      finish({ status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(bodyBytes.subarray(0, length).toString('utf8')) as Loose });
    });
    socket.on('close', () => finish(null));
    socket.on('error', (error) => (settled ? undefined : reject(error)));
  });
}

function expectRawError(answer: RawAnswer | null, status: number, code: string): void {
  expect(answer, 'an HTTP answer').not.toBeNull();
  expect(answer?.status).toBe(status);
  expect(answer?.body?.error?.code).toBe(code);
  expect(answer?.headers['x-request-id']).toMatch(REQUEST_ID);
  expect(answer?.body?.error?.request_id).toBe(answer?.headers['x-request-id']);
}

describe('route before body (docs/sandbox.md order of checks: route 404/405, then 413 and 400)', () => {
  const twoMiB = `{"limit":1${' '.repeat(2 * 1024 * 1024)}}`;

  it('an unknown path is 404 not_found whatever its body', async () => {
    expectError(await t.api.raw('POST', '/1.0/nothing/here', { token: t.desk, raw: '{{{ not json' }), 404, 'not_found');
    expectError(await t.api.raw('POST', '/1.0/nothing/here', { token: t.desk, raw: twoMiB }), 404, 'not_found');
  });

  it('anything but POST on a known path is 405 method_not_allowed whatever its body', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const notJson = await t.api.raw(method, '/1.0/shipments/list', { token: t.desk, raw: '{{{ not json' });
      expectError(notJson, 405, 'method_not_allowed');
      expect(notJson.headers.get('allow')).toBe('POST');
      expectError(await t.api.raw(method, '/1.0/shipments/list', { token: t.desk, raw: twoMiB }), 405, 'method_not_allowed');
    }
  });

  it('answers 404 and 405 without waiting for a body that never arrives', async () => {
    const head = (method: string, path: string): string =>
      `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1:${t.sandbox.port}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{`;
    expectRawError(await rawExchange(t.sandbox.port, head('POST', '/1.0/nothing/here')), 404, 'not_found');
    const notAllowed = await rawExchange(t.sandbox.port, head('PUT', '/1.0/logistics/warehouses/list'));
    expectRawError(notAllowed, 405, 'method_not_allowed');
    expect(notAllowed?.headers['allow']).toBe('POST');
  });
});

describe('updated_since / created_since are RFC 3339 date-times, leap seconds included', () => {
  // 2016-12-31T23:59:60Z was a real leap second: RFC 3339 (and the schema's date-time format)
  // accept it. It is read as the instant it ends in (POSIX time): 2017-01-01T00:00:00Z.
  const leap = '2016-12-31T23:59:60Z';
  const after = '2017-01-01T00:00:00Z';

  it('filters with a leap second like with the second after it, on every list that has such a filter', async () => {
    const cases: Array<[op: 'listStock' | 'listProducts' | 'listShipments', field: string]> = [
      ['listStock', 'updated_since'],
      ['listProducts', 'updated_since'],
      ['listShipments', 'updated_since'],
      ['listShipments', 'created_since'],
    ];
    for (const [op, field] of cases) {
      const withLeap = await t.api.call(op, { token: t.desk, body: { limit: 5, [field]: leap } });
      const withNext = await t.api.call(op, { token: t.desk, body: { limit: 5, [field]: after } });
      expect(withLeap.status, `${op} ${field}`).toBe(200);
      expect(withNext.body.data.length, `${op} ${field}: the demo data is newer than 2017`).toBe(5);
      expect(withLeap.body.data, `${op} ${field}`).toEqual(withNext.body.data);
      // The cursor of the leap-second page continues that list.
      const second = await t.api.call(op, { token: t.desk, body: { limit: 5, [field]: leap, cursor: withLeap.body.next_cursor } });
      expect(second.status).toBe(200);
    }
  });
});

describe('every request is answered or refused within the bound (api-contract.md, Limits: 10 s)', () => {
  const bound = 400;
  let s: TestSandbox;

  beforeAll(async () => {
    s = await startTestSandbox({ answerWithinMs: bound });
  });
  afterAll(() => s.stop());

  const adjustHead = (token: string, key: string, length: number): string =>
    `POST ${operationPath('adjustStock', { sku: 'WD-000011' })} HTTP/1.1\r\nHost: 127.0.0.1:${s.sandbox.port}\r\nAuthorization: Bearer ${token}\r\n` +
    `Idempotency-Key: ${key}\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

  it('refuses a request whose body stops arriving with 503 service_unavailable, closes it, and applies nothing', async () => {
    const warehouse = (await s.api.call('listWarehouses', { token: s.desk })).body.data[0].id as string;
    const key = crypto.randomUUID();
    const body = JSON.stringify({ warehouse_id: warehouse, delta: 5, reason: 'found' });
    const answer = await rawExchange(s.sandbox.port, adjustHead(s.desk, key, body.length) + body.slice(0, 10));
    expectRawError(answer, 503, 'service_unavailable');
    expect(answer?.headers['connection']).toBe('close');
    expect(s.sandbox.adjustmentsFor('WD-000011').filter((a) => a.idempotencyKey === key)).toEqual([]);
  });

  it('refuses a request whose headers never end with 503 service_unavailable', async () => {
    const answer = await rawExchange(s.sandbox.port, `POST /1.0/logistics/warehouses/list HTTP/1.1\r\nHost: 127.0.0.1:${s.sandbox.port}\r\nAuthorization: Bearer ${s.desk}\r\n`);
    expectRawError(answer, 503, 'service_unavailable');
  });

  it('closes a connection that never sent a request without answering it', async () => {
    expect(await rawExchange(s.sandbox.port, '')).toBeNull();
  });

  it('refuses at the bound when the latency fault is longer, and the late request never runs', async () => {
    const warehouse = (await s.api.call('listWarehouses', { token: s.desk })).body.data[0].id as string;
    const before = s.sandbox.adjustmentsFor('WD-000012').length;
    s.sandbox.setFaults({ latencyMs: bound * 3 });
    try {
      expectError(await s.api.call('listWarehouses', { token: s.desk }), 503, 'service_unavailable');
      const key = crypto.randomUUID();
      const waitsBefore = timerWaits.length;
      const late = await s.api.call('adjustStock', {
        token: s.desk,
        params: { sku: 'WD-000012' },
        body: { warehouse_id: warehouse, delta: 1, reason: 'found' },
        idempotencyKey: key,
      });
      expectError(late, 503, 'service_unavailable');
      // The refused request's latency wait ends later; it must not go on to the operation then.
      const lateWaits = timerWaits.slice(waitsBefore);
      expect(lateWaits.length, 'the late request was held by the latency fault').toBeGreaterThan(0);
      await Promise.all(lateWaits);
    } finally {
      s.sandbox.setFaults({ latencyMs: 0 });
    }
    expect(s.sandbox.adjustmentsFor('WD-000012')).toHaveLength(before);
    // The key was not used: nothing was stored for the refused request.
    expect((await s.api.call('readStock', { token: s.desk, params: { sku: 'WD-000012' } })).status).toBe(200);
  });
});
