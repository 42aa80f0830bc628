import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RENDERER_CSP_HEADER } from '../../src/main/renderer-files/response-headers';
import { EventHub } from '../../src/main/kernel/ipc/event-hub';
import type { Handlers } from '../../src/main/kernel/ipc/router';
import { injectBridge, LOOPBACK, startHarnessHost, type HarnessCore, type HarnessHost } from '../../src/harness/host';
import { json, raw } from './loopback-client';
import { WebSocket } from 'ws';

/**
 * The harness host over real HTTP on 127.0.0.1, with the real IPC router over a small stand-in
 * core (the real core is exercised by core-loopback.test.ts and the Playwright specs).
 */
const calls: Array<[string, unknown]> = [];
const faultsSet: unknown[] = [];
const clockMoves: number[] = [];
let sandboxPresent = true;
const handlers = new Proxy({} as Handlers, {
  get: (_t, channel: string) => (input: unknown) => {
    calls.push([channel, input]);
    if (channel === 'app.info') return { version: '0.1.0', demo: true, notices: [] };
    if (channel === 'stock.lookup') return { kind: 'not_found', code: (input as { code: string }).code, searched: 'cache' };
    throw new Error(`stand-in has no ${channel}`);
  },
});
const core: HarnessCore = {
  handlers,
  events: new EventHub(),
  sandbox: () => (sandboxPresent ? { setFaults: (f) => void faultsSet.push(f), expireTokens: () => {}, advanceClock: (ms) => void clockMoves.push(ms) } : null),
};

const logged: Array<[string, string]> = [];
let dir: string;
let rendererDir: string;
let host: HarnessHost;
let plain: HarnessHost;
const SECRET = 'the contents of a file outside the renderer folder';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'harness-host-test-'));
  rendererDir = join(dir, 'renderer');
  await mkdir(join(rendererDir, 'assets'), { recursive: true });
  await writeFile(
    join(rendererDir, 'index.html'),
    `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'self'" />\n<script type="module" src="./assets/app.js"></script></head><body></body></html>`,
  );
  await writeFile(join(rendererDir, 'assets/app.js'), 'console.log("app")');
  await writeFile(join(dir, 'secret.txt'), SECRET);
  await symlink(join(dir, 'secret.txt'), join(rendererDir, 'assets/link.txt'));
  host = await startHarnessHost({ core, rendererDir, testControls: true, log: (level, message) => void logged.push([level, message]) });
  plain = await startHarnessHost({ core, rendererDir });
});
afterAll(async () => {
  await host?.close();
  await plain?.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => {
  calls.length = 0;
  faultsSet.length = 0;
  clockMoves.length = 0;
  logged.length = 0;
  sandboxPresent = true;
});

const bearer = () => ({ authorization: `Bearer ${host.token}` });
/** Loads the page as a browser does (the printed URL) and takes the page token the bridge would. */
async function pageToken(): Promise<string> {
  const page = await raw(host.port, `/?token=${host.token}`);
  expect(page.status).toBe(200);
  const token = /<meta name="desk-harness-page" content="([0-9a-f]{64})" \/>/.exec(page.body)?.[1];
  expect(token, 'the page carries a page token').toBeDefined();
  return token!;
}
const asPage = async () => ({ 'x-desk-page': await pageToken() });
const post = (path: string, body: unknown, headers: Record<string, string> = bearer()) =>
  raw(host.port, path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });

describe('binding', () => {
  it('listens on 127.0.0.1 only, and prints a URL with a 32-byte token', () => {
    expect(LOOPBACK).toBe('127.0.0.1');
    expect(host.origin).toBe(`http://127.0.0.1:${host.port}`);
    expect(host.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${host.port}/\\?token=[0-9a-f]{64}$`));
    expect(host.token).not.toBe(plain.token);
  });

  const external = Object.values(networkInterfaces()).flat().find((i) => i && i.family === 'IPv4' && !i.internal);
  it.skipIf(!external)('cannot be reached through a non-loopback address of this machine', async () => {
    const attempt = new Promise<string>((resolve) => {
      const req = request({ host: external!.address, port: host.port, path: '/', headers: { host: `127.0.0.1:${host.port}` } }, () => resolve('answered'));
      req.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? 'error'));
      req.end();
    });
    expect(await attempt).toBe('ECONNREFUSED');
  });

  it('refuses a port outside 0..65535', async () => {
    await expect(startHarnessHost({ core, rendererDir, port: 70000 })).rejects.toThrow(RangeError);
  });

  it('refuses to start without a built renderer', async () => {
    await expect(startHarnessHost({ core, rendererDir: join(dir, 'nowhere') })).rejects.toThrow(/electron-vite build/);
  });
});

describe('the token', () => {
  it.each(['/', '/index.html', '/events'])('is required for GET %s', async (path) => {
    const answer = await raw(host.port, path);
    expect(answer.status).toBe(401);
    expect(json(answer)).toMatchObject({ ok: false, error: { code: 'untrusted_sender' } });
  });

  it('is not needed for the public build (assets and the bridge), which holds no secret', async () => {
    expect((await raw(host.port, '/assets/app.js')).status).toBe(200);
    expect((await raw(host.port, '/__harness/bridge.js')).status).toBe(200);
    expect((await raw(host.port, '/no-such-file')).status).toBe(404);
  });

  it('is required for IPC calls and test controls, which then reach nothing', async () => {
    expect((await post('/ipc/app.info', {}, {})).status).toBe(401);
    expect((await post('/__test/faults', { unreachable: true }, {})).status).toBe(401);
    expect(calls).toEqual([]);
    expect(faultsSet).toEqual([]);
  });

  it.each([
    ['a wrong token in the URL', { path: (t: string) => `/?token=${t.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'))}` }],
    ['a truncated token in the URL', { path: (t: string) => `/?token=${t.slice(0, 63)}` }],
    ['an empty token in the URL', { path: () => '/?token=' }],
    ['a non-ASCII token of the right length in the URL', { path: (t: string) => `/?token=${encodeURIComponent('é'.repeat(32))}${t.slice(32)}` }],
    ['a non-ASCII token in the URL', { path: (t: string) => `/?token=${encodeURIComponent('é')}${t.slice(1)}` }],
    ['an 8 kB token in the URL', { path: () => `/?token=${'a'.repeat(8_000)}` }],
    ['another harness token as bearer', { headers: () => ({ authorization: `Bearer ${plain.token}` }) }],
    ['the token as a bearer of another scheme', { headers: (t: string) => ({ authorization: `Basic ${t}` }) }],
    ['an empty bearer', { headers: () => ({ authorization: 'Bearer ' }) }],
    ['a non-ASCII bearer of the right length', { headers: (t: string) => ({ authorization: `Bearer ${'\u00e9'.repeat(32)}${t.slice(32)}` }) }],
    ['an 8 kB bearer', { headers: () => ({ authorization: `Bearer ${'f'.repeat(8_000)}` }) }],
    ['the token as a cookie (cookies grant nothing)', { headers: (t: string) => ({ cookie: `desk_harness_${host.port}=${t}` }) }],
  ])('refuses %s with 401, and logs no error', async (_name, attempt) => {
    const path = 'path' in attempt ? attempt.path(host.token) : '/';
    const headers = 'headers' in attempt ? attempt.headers(host.token) : {};
    const answer = await raw(host.port, path, { headers });
    expect(answer.status).toBe(401);
    expect(logged).toEqual([]);
  });

  it.each([
    ['empty', ''],
    ['non-ASCII of the right length', '\u00e9'.repeat(64)],
    ['too long', 'a'.repeat(8_000)],
    ['the harness token itself', 'HARNESS'],
    ['a well-formed token never issued', '0'.repeat(64)],
  ])('refuses an IPC call and the event stream with a page token that is %s, and logs no error', async (_name, value) => {
    const token = value === 'HARNESS' ? host.token : value;
    expect((await post('/ipc/app.info', {}, { 'x-desk-page': token })).status).toBe(401);
    expect((await raw(host.port, '/events', { headers: { 'x-desk-page': token } })).status).toBe(401);
    expect(calls).toEqual([]);
    expect(logged).toEqual([]);
  });

  it('leaves a token beyond Node\'s 16 KiB header limit to Node (431), with no error log', async () => {
    expect((await raw(host.port, '/', { headers: { authorization: `Bearer ${'f'.repeat(20_000)}` } })).status).toBe(431);
    expect((await raw(host.port, `/?token=${'a'.repeat(20_000)}`)).status).toBe(431);
    expect(logged).toEqual([]);
  });

  it('loads the page from the URL token with a page token of its own, and never sets a cookie', async () => {
    const first = await raw(host.port, `/?token=${host.token}`);
    const second = await raw(host.port, `/index.html?token=${host.token}`);
    for (const page of [first, second]) {
      expect(page.status).toBe(200);
      expect(page.headers['set-cookie']).toBeUndefined();
      expect(page.headers['referrer-policy']).toBe('no-referrer');
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.body).not.toContain(host.token);
    }
    const [a, b] = [first, second].map((page) => /content="([0-9a-f]{64})"/.exec(page.body)?.[1]);
    expect(a).toBeDefined();
    expect(a).not.toBe(b);
    expect(await post('/ipc/app.info', {}, { 'x-desk-page': a! }).then(json)).toMatchObject({ ok: true });
    expect(await post('/ipc/app.info', {}, { 'x-desk-page': b! }).then(json)).toMatchObject({ ok: true });
  });

  it('keeps the page tokens of the last 64 page loads only', async () => {
    const oldest = await pageToken();
    for (let i = 0; i < 64; i++) await pageToken();
    expect((await post('/ipc/app.info', {}, { 'x-desk-page': oldest })).status).toBe(401);
    expect((await post('/ipc/app.info', {}, await asPage())).status).toBe(200);
  });

  it('lets a page token reach IPC, never the test controls', async () => {
    const answer = await post('/__test/faults', { unreachable: true }, await asPage());
    expect(answer.status).toBe(401);
    expect(faultsSet).toEqual([]);
  });
});

describe('DNS rebinding', () => {
  it.each(['evil.com', `evil.com:${0}`, 'localhost', `localhost:PORT`, `127.0.0.1`, `127.0.0.1:1`, `127.0.0.1:PORT.evil.com`, '', `[::1]:PORT`])(
    'refuses Host %j even with the token',
    async (hostHeader) => {
      const answer = await raw(host.port, '/', { headers: { ...bearer(), host: hostHeader.replace('PORT', String(host.port)) } });
      expect(answer.status).toBe(421);
      const ipc = await raw(host.port, '/ipc/app.info', { method: 'POST', headers: { ...bearer(), 'content-type': 'application/json', host: hostHeader.replace('PORT', String(host.port)) }, body: '{}' });
      expect(ipc.status).toBe(421);
      expect(calls).toEqual([]);
    },
  );
});

describe('serving the renderer', () => {
  it('injects the bridge before the first script, after the CSP meta tag, and sends the app CSP as a header', async () => {
    const page = await raw(host.port, '/', { headers: bearer() });
    expect(page.headers['content-security-policy']).toBe(RENDERER_CSP_HEADER);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['cache-control']).toBe('no-store');
    const meta = page.body.indexOf('Content-Security-Policy');
    const bridge = page.body.indexOf('<script src="/__harness/bridge.js"></script>');
    const app = page.body.indexOf('<script type="module"');
    expect(meta).toBeGreaterThan(0);
    expect(bridge).toBeGreaterThan(meta);
    expect(app).toBeGreaterThan(bridge);
    expect(page.body).not.toContain(host.token);
  });

  it('serves assets and the bridge bundle, both without the token inside', async () => {
    const asset = await raw(host.port, '/assets/app.js', { headers: bearer() });
    expect(asset).toMatchObject({ status: 200, body: 'console.log("app")' });
    expect(asset.headers['content-type']).toMatch(/^text\/javascript/);
    const bridge = await raw(host.port, '/__harness/bridge.js', { headers: bearer() });
    expect(bridge.status).toBe(200);
    expect(bridge.body).not.toContain(host.token);
  });

  it.each([
    '/../secret.txt',
    '/assets/../../secret.txt',
    '/%2e%2e/secret.txt',
    '/%2E%2E%2Fsecret.txt',
    '/assets/..%2f..%2fsecret.txt',
    '/..%5csecret.txt',
    '/assets%5c..%5c..%5csecret.txt',
    '/./index.html',
    '/assets/%00',
    '/%',
    '/assets/link.txt',
  ])('refuses path traversal %s', async (path) => {
    const answer = await raw(host.port, path, { headers: bearer() });
    expect([400, 404]).toContain(answer.status);
    expect(answer.body).not.toContain(SECRET);
  });

  it('answers 404 for a file that is not there and 405 for other methods', async () => {
    expect((await raw(host.port, '/nope.js', { headers: bearer() })).status).toBe(404);
    expect((await raw(host.port, '/', { method: 'DELETE', headers: bearer() })).status).toBe(405);
  });
});

describe('the loopback IPC transport', () => {
  it('reaches the real router and the core handler', async () => {
    const answer = await post('/ipc/stock.lookup', { input: { code: 'WD-1' } });
    expect(answer.status).toBe(200);
    expect(json(answer)).toEqual({ ok: true, value: { kind: 'not_found', code: 'WD-1', searched: 'cache' } });
    expect(await post('/ipc/app.info', {}).then(json)).toEqual({ ok: true, value: { version: '0.1.0', demo: true, notices: [] } });
    expect(calls).toEqual([['stock.lookup', { code: 'WD-1' }], ['app.info', undefined]]);
  });

  it('accepts the page token from the page', async () => {
    expect(await post('/ipc/app.info', {}, await asPage()).then(json)).toMatchObject({ ok: true });
  });

  it.each(['nope', '__proto__', 'constructor', 'toString', 'hasOwnProperty', 'stock.lookup%00', 'stock%2Elookup.x', '%E0%A4%A', 'a'.repeat(5000), 'app.info%2F..%2F..'])(
    'answers unknown_channel for the channel %s',
    async (channel) => {
      const answer = await post(`/ipc/${channel}`, {});
      expect(json(answer)).toMatchObject({ ok: false, error: { code: 'unknown_channel' } });
      expect(calls).toEqual([]);
    },
  );

  it.each([
    ['not JSON', '{"input":', 400],
    ['an array', '[]', 400],
    ['a string', '"x"', 400],
    ['null', 'null', 400],
    ['an extra key', '{"input": {"code": "x"}, "channel": "account.signOut"}', 400],
    ['a prototype pollution attempt', '{"__proto__": {"admin": true}}', 400],
  ])('refuses a body that is %s', async (_name, body, status) => {
    const answer = await post('/ipc/stock.lookup', body);
    expect(answer.status).toBe(status);
    expect(json(answer)).toMatchObject({ ok: false, error: { code: 'invalid_argument' } });
    expect(calls).toEqual([]);
  });

  it('answers invalid_argument with details for an input that fails the channel schema', async () => {
    for (const input of [{ code: 42 }, { code: '' }, { code: 'x'.repeat(10_000) }, 'WD-1', [1], null]) {
      const answer = json(await post('/ipc/stock.lookup', { input })) as { ok: boolean; error?: { code: string } };
      expect(answer.ok, JSON.stringify(input).slice(0, 50)).toBe(false);
      expect(answer.error?.code).toBe('invalid_argument');
    }
    expect(calls).toEqual([]);
  });

  it('refuses a body over 1 MiB and a body that is not application/json', async () => {
    const big = await post('/ipc/stock.lookup', JSON.stringify({ input: { code: 'x'.repeat(1024 * 1024 + 10) } }));
    expect(big.status).toBe(413);
    const form = await post('/ipc/app.info', '{}', { ...bearer(), 'content-type': 'text/plain' });
    expect(form.status).toBe(415);
    expect(calls).toEqual([]);
  });

  it('refuses cross-site POSTs even with a page token', async () => {
    const page = await asPage();
    const crossSite: Array<Record<string, string>> = [
      { origin: 'https://evil.com' },
      { origin: 'null' },
      { origin: `http://localhost:${host.port}` },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
    ];
    for (const headers of crossSite) {
      const answer = await post('/ipc/app.info', {}, { ...page, ...headers });
      expect(answer.status).toBe(403);
      expect(json(answer)).toMatchObject({ ok: false, error: { code: 'untrusted_sender' } });
    }
    expect(calls).toEqual([]);
  });

  it('answers a typed internal_error, without details, when a handler throws', async () => {
    const answer = json(await post('/ipc/sync.now', {}));
    expect(answer).toEqual({ ok: false, error: { code: 'internal_error', message: expect.any(String) } });
    expect(JSON.stringify(answer)).not.toContain('stand-in');
  });

  it('streams core events over Server-Sent Events', async () => {
    const received = await new Promise<string>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: host.port, path: '/events', headers: bearer() }, (res) => {
        expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
        let text = '';
        res.on('data', (chunk: Buffer) => {
          text += chunk.toString('utf8');
          if (text.includes(': connected')) core.events.emit('app.notice', { level: 'info', code: 'hello', message: 'line one\nline two', at: '2026-11-21T10:00:00.000Z' });
          if (text.includes('data: ')) {
            req.destroy();
            resolve(text);
          }
        });
      });
      req.on('error', reject);
      req.end();
    });
    const line = received.split('\n').find((l) => l.startsWith('data: '))!;
    expect(JSON.parse(line.slice(6))).toEqual({ event: 'app.notice', payload: { level: 'info', code: 'hello', message: 'line one\nline two', at: '2026-11-21T10:00:00.000Z' } });
  });
});

describe('test controls', () => {
  it('exist only with testControls', async () => {
    const answer = await raw(plain.port, '/__test/faults', { method: 'POST', headers: { authorization: `Bearer ${plain.token}`, 'content-type': 'application/json' }, body: '{"unreachable":true}' });
    expect(answer.status).toBe(404);
    expect(faultsSet).toEqual([]);
  });

  it('set the sandbox faults, validated', async () => {
    expect(await post('/__test/faults', { latencyMs: 50, failureRate: 0.3 }).then(json)).toEqual({ ok: true, value: { latencyMs: 50, failureRate: 0.3 } });
    expect(faultsSet).toEqual([{ latencyMs: 50, failureRate: 0.3 }]);
    for (const bad of [{ failureRate: 2 }, { latencyMs: -1 }, { unreachable: 'yes' }, { exec: 'rm -rf /' }, [], null]) {
      expect((await post('/__test/faults', bad)).status).toBe(400);
    }
    expect(faultsSet).toHaveLength(1);
  });

  it('move the sandbox clock forward, validated, with the bearer token only', async () => {
    expect(await post('/__test/advance-clock', { ms: 25 * 3600_000 }).then(json)).toEqual({ ok: true, value: { ms: 25 * 3600_000 } });
    for (const bad of [{ ms: -1 }, { ms: 1.5 }, { ms: '1' }, { ms: 400 * 24 * 3600_000 }, {}, { ms: 1, extra: true }, null]) {
      expect((await post('/__test/advance-clock', bad)).status, JSON.stringify(bad)).toBe(400);
    }
    expect((await post('/__test/advance-clock', { ms: 1 }, await asPage())).status).toBe(401);
    expect((await raw(plain.port, '/__test/advance-clock', { method: 'POST', headers: { authorization: `Bearer ${plain.token}`, 'content-type': 'application/json' }, body: '{"ms":1}' })).status).toBe(404);
    expect(clockMoves).toEqual([25 * 3600_000]);
  });

  it('say so when the core runs no sandbox', async () => {
    sandboxPresent = false;
    expect(await post('/__test/faults', { unreachable: true }).then(json)).toMatchObject({ ok: false, error: { code: 'no_sandbox' } });
  });
});

describe('injectBridge', () => {
  it('puts the bridge before the first script, or at the end of <head>', () => {
    const token = 'ab'.repeat(32);
    const tags = `<meta name="desk-harness-page" content="${token}" />\\s*<script src="\\/__harness\\/bridge.js"><\\/script>\\s*`;
    expect(injectBridge('<head><meta x><script src=a></script></head>', token)).toMatch(new RegExp(`<meta x>${tags}<script src=a>`));
    expect(injectBridge('<head><meta x></head>', token)).toMatch(new RegExp(`<meta x>${tags}</head>`));
    expect(() => injectBridge('<p>no head</p>', token)).toThrow();
  });
});

describe('the page socket (/__harness/ipc: calls and events on one connection)', () => {
  type Opened = { socket: WebSocket; messages: unknown[]; closed: Promise<number> };
  const open = (headers: Record<string, string> = { origin: host.origin }, port = host.port): Promise<Opened> =>
    new Promise((resolve, reject) => {
      const socket = new WebSocket(`ws://${LOOPBACK}:${port}/__harness/ipc`, { headers });
      const messages: unknown[] = [];
      const closed = new Promise<number>((done) => socket.on('close', (code) => done(code)));
      socket.on('message', (data: Buffer) => messages.push(JSON.parse(data.toString())));
      socket.on('open', () => resolve({ socket, messages, closed }));
      socket.on('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
      socket.on('error', reject);
    });

  it('answers calls and pushes events once the first message is a page token it issued', async () => {
    const { socket, messages } = await open();
    socket.send(JSON.stringify({ pageToken: await pageToken() }));
    socket.send(JSON.stringify({ id: 7, channel: 'stock.lookup', input: { code: 'WD-1' } }));
    await expect.poll(() => messages).toEqual([{ id: 7, result: { ok: true, value: { kind: 'not_found', code: 'WD-1', searched: 'cache' } } }]);
    expect(calls).toEqual([['stock.lookup', { code: 'WD-1' }]]);
    core.events.emit('connectivity.changed', { online: true, since: '2026-11-25T00:00:00.000Z', lastError: null });
    await expect.poll(() => messages.length).toBe(2);
    expect(messages[1]).toEqual({ event: 'connectivity.changed', payload: { online: true, since: '2026-11-25T00:00:00.000Z', lastError: null } });
    socket.close();
  });

  it('closes a socket whose first message is not a page token (4401), and runs nothing', async () => {
    for (const hello of [{ pageToken: 'ab'.repeat(32) }, { id: 1, channel: 'stock.lookup', input: { code: 'WD-1' } }, 'not json']) {
      const { socket, closed } = await open();
      socket.send(typeof hello === 'string' ? hello : JSON.stringify(hello));
      expect(await closed).toBe(hello === 'not json' ? 1003 : 4401);
    }
    expect(calls).toEqual([]);
  });

  it('refuses the upgrade from another origin or under another Host name', async () => {
    await expect(open({ origin: 'http://evil.example' })).rejects.toThrow(/403/);
    await expect(open({ origin: host.origin, host: `evil.example:${host.port}` })).rejects.toThrow(/403/);
    expect(calls).toEqual([]);
  });

  it('closes on a malformed call (1008) and answers an unknown channel with unknown_channel', async () => {
    const { socket, messages, closed } = await open();
    socket.send(JSON.stringify({ pageToken: await pageToken() }));
    socket.send(JSON.stringify({ id: 1, channel: 'nope.nope' }));
    await expect.poll(() => messages).toMatchObject([{ id: 1, result: { ok: false, error: { code: 'unknown_channel' } } }]);
    socket.send(JSON.stringify({ id: 'x', channel: 'app.info' }));
    expect(await closed).toBe(1008);
    expect(calls).toEqual([]);
  });
});
