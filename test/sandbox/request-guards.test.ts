// Two guards in front of every operation: a body that is JSON but not an object (`null` included),
// or only whitespace, is 400 invalid_request, and a request whose Host header does not name this server (a page that
// rebound its own DNS name to 127.0.0.1) is refused before it can do anything.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allOperations, operationPath } from '../../src/shared/api/operations';
import type { OperationId, PathParams } from '../../src/shared/api/types';
import { hostHeaderIsOurs } from '../../src/sandbox/host-header';
import { databaseState, expectError, startTestSandbox, type TestSandbox } from './helpers';

let t: TestSandbox;
let before: Record<string, unknown>;

beforeAll(async () => {
  t = await startTestSandbox();
  before = databaseState(t.sandbox.dbPath);
});
afterAll(() => t.stop());

const PARAMS = { sku: 'WD-000001', token: 'shp_aaaaaaaaaaaaaaaaaaaa' };
const operations = [...allOperations().values()];

describe('a JSON body that is not an object', () => {
  it.each(operations.map((op) => op.operationId))('%s: null, [], 42, "x", true are 400 invalid_request', async (operationId) => {
    const info = allOperations().get(operationId as OperationId)!;
    for (const raw of ['null', ' null ', '[]', '42', '"x"', 'true']) {
      const reply = await t.api.call(operationId as OperationId, {
        params: PARAMS as unknown as PathParams<OperationId>,
        raw,
        token: info.requiresAuth ? t.desk : null,
        ...(info.requiresIdempotencyKey ? { idempotencyKey: crypto.randomUUID() } : {}),
      });
      expectError(reply, 400, 'invalid_request');
      expect(reply.body.error.details, raw).toContainEqual({ field: '', problem: expect.any(String) });
    }
  });

  it('changed nothing', () => {
    expect(databaseState(t.sandbox.dbPath)).toEqual(before);
  });
});

describe('a body of only whitespace', () => {
  // Not JSON (JSON.parse refuses it), so not the empty body either: only a body of no bytes means `{}`.
  it.each(operations.map((op) => op.operationId))('%s: spaces, newlines, tabs and CRs alone are 400 invalid_request', async (operationId) => {
    const info = allOperations().get(operationId as OperationId)!;
    for (const raw of [' ', '\n', '\t \r\n', ' '.repeat(1000)]) {
      const reply = await t.api.call(operationId as OperationId, {
        params: PARAMS as unknown as PathParams<OperationId>,
        raw,
        token: info.requiresAuth ? t.desk : null,
        ...(info.requiresIdempotencyKey ? { idempotencyKey: crypto.randomUUID() } : {}),
      });
      expectError(reply, 400, 'invalid_request');
      expect(reply.body.error.details, JSON.stringify(raw)).toContainEqual({ field: '', problem: expect.any(String) });
    }
  });

  it('an empty body is still {}', async () => {
    const reply = await t.api.call('listWarehouses', { raw: '', token: t.desk });
    expect(reply.status, reply.text).toBe(200);
  });

  it('changed nothing', () => {
    expect(databaseState(t.sandbox.dbPath)).toEqual(before);
  });
});

/** One request with a Host header of our choosing (fetch would not let us set it). */
function withHost(host: string | null, path = operationPath('listWarehouses', {}), body = '{}'): Promise<{ status: number; text: string; requestId: unknown }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'content-type': 'application/json', authorization: `Bearer ${t.desk}` };
    const req = request({ host: '127.0.0.1', port: t.sandbox.port, method: 'POST', path, headers, setHost: host !== null }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text, requestId: res.headers['x-request-id'] }));
    });
    if (host !== null) req.setHeader('host', host);
    req.on('error', reject);
    req.end(body);
  });
}

describe('the Host header (DNS rebinding)', () => {
  // Any port: a browser names the one it connects to, and a local proxy in front names its own.
  it.each(['127.0.0.1:PORT', 'localhost:PORT', 'LOCALHOST:PORT', '[::1]:PORT', '127.1.2.3:PORT', '127.0.0.1:1', 'localhost'])('accepts %s', async (host) => {
    const answer = await withHost(host.replace('PORT', String(t.sandbox.port)));
    expect(answer.status, answer.text).toBe(200);
  });

  it.each(['evil.com', 'evil.com:PORT', 'localhost.evil.com:PORT', '127.0.0.1.nip.io:PORT', 'sandbox', '[evil]:PORT', 'localhost:PORT@evil.com', '127.0.0.1:99999', 'localhost:', ''])(
    'refuses %j with 400 invalid_request, header:Host, before the token or the operation',
    async (host) => {
      const answer = await withHost(host.replace('PORT', String(t.sandbox.port)));
      expect(answer.status, answer.text).toBe(400);
      const body = JSON.parse(answer.text) as { error: { code: string; request_id: string; details: { field: string }[] } };
      expect(body.error.code).toBe('invalid_request');
      expect(body.error.details[0]?.field).toBe('header:Host');
      expect(body.error.request_id).toBe(answer.requestId);
    },
  );

  it('refuses a request without a Host header', async () => {
    expect((await withHost(null)).status).toBe(400);
  });

  it('refuses the token endpoint and adjustments from a foreign Host, changing nothing', async () => {
    const token = await withHost('evil.com', operationPath('getToken', {}), JSON.stringify({ client_id: 'desk-demo', client_secret: 'desk-demo-secret' }));
    expect(token.status).toBe(400);
    expect(token.text).not.toContain('access_token');
    expect(databaseState(t.sandbox.dbPath)).toEqual(before);
  });

  it('accepts the listening address, and any IP literal behind a wildcard, never another name', () => {
    expect(hostHeaderIsOurs('192.168.1.5:8787', '192.168.1.5')).toBe(true);
    expect(hostHeaderIsOurs('192.168.1.6:8787', '192.168.1.5')).toBe(false);
    expect(hostHeaderIsOurs('192.168.1.6:8787', '0.0.0.0')).toBe(true);
    expect(hostHeaderIsOurs('[fe80::1]:8787', '::')).toBe(true);
    expect(hostHeaderIsOurs('desk.example:8787', '0.0.0.0')).toBe(false);
    expect(hostHeaderIsOurs('[::1]:8787', '127.0.0.1')).toBe(true);
  });
});
