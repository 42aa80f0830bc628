import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { RENDERER_RESPONSE_HEADERS } from '../main/renderer-files/response-headers';
import type { EventHub } from '../main/kernel/ipc/event-hub';
import type { Log } from '../main/kernel/log';
import { createIpcRouter, type Handlers } from '../main/kernel/ipc/router';
import type { DeskError, Result } from '../shared/ipc/result';
import type { FaultSettings } from '../sandbox';
import { carriesBearer, carriesToken, hostIsOurs, LaunchCodes, newToken, originIsOurs, PageTokens, sameToken } from './auth';
import { IPC_SOCKET_PATH, PAGE_TOKEN_META, REFUSED_CLOSE_CODE } from './page-token';
import { browserBridgeScript } from './bridge-bundle';
import { readRendererFile } from '../main/renderer-files/read-renderer-file';

/** The harness listens here and nowhere else: there is no option to change it. */
export const LOOPBACK = '127.0.0.1';
const BODY_LIMIT = 1024 * 1024;
const BRIDGE_PATH = '/__harness/bridge.js';
/** POST, bearer only: a one-time launch URL for a browser `npm start` opens (see LaunchCodes). */
export const LAUNCH_CODES_PATH = '/__harness/launch-codes';
/** GET `?code=…`: redeems a launch code, once, for the page. */
export const LAUNCH_PATH = '/__harness/launch';

/** What the host needs of a DeskCore (src/main/composition/desk-core.ts); tests may pass a small stand-in. */
export interface HarnessCore {
  handlers: Handlers;
  events: EventHub;
  sandbox(): { setFaults(f: Partial<FaultSettings>): void; expireTokens(): void; advanceClock(ms: number): void | Promise<void> } | null;
}

export interface HarnessHostOptions {
  core: HarnessCore;
  /** The built renderer (electron-vite build), default out/renderer of this checkout. */
  rendererDir?: string;
  /** Default 0: any free port. */
  port?: number;
  /** Also serve POST /__test/faults, /__test/expire-tokens and /__test/advance-clock (bearer token required). */
  testControls?: boolean;
  log?: Log;
}

export interface HarnessHost {
  /** Opens the app: includes the token (each load of it gets a page token for the bridge). */
  url: string;
  origin: string;
  port: number;
  /** For Node clients: send `Authorization: Bearer <token>`. */
  token: string;
  close(): Promise<void>;
}

/** Who called over the loopback, as the router's sender check sees it. */
interface LoopbackSender {
  tokenOk: boolean;
  originOk: boolean;
}

const FaultsInput = z.strictObject({
  latencyMs: z.number().int().min(0).max(120_000).optional(),
  failureRate: z.number().min(0).max(1).optional(),
  dropRate: z.number().min(0).max(1).optional(),
  unreachable: z.boolean().optional(),
});

/** At most a year at a time: enough for any horizon a test needs, far from the clock's limits. */
const AdvanceClockInput = z.strictObject({ ms: z.number().int().min(0).max(366 * 24 * 3600 * 1000) });

const IpcEnvelope = z.strictObject({ input: z.unknown().optional() });
const SocketHello = z.strictObject({ pageToken: z.string().max(200) });
const SocketCall = z.strictObject({ id: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER), channel: z.string().max(200), input: z.unknown().optional() });

const SECURITY_HEADERS = { ...RENDERER_RESPONSE_HEADERS, 'Cache-Control': 'no-store' } as const;

function send(res: ServerResponse, status: number, body: string | Buffer, contentType: string, extra: Record<string, string> = {}): void {
  res.writeHead(status, { ...SECURITY_HEADERS, 'Content-Type': contentType, ...extra });
  res.end(body);
}

function sendResult(res: ServerResponse, status: number, result: Result<unknown>): void {
  let body: string;
  try {
    body = JSON.stringify(result);
  } catch {
    status = 500;
    body = JSON.stringify({ ok: false, error: { code: 'internal_error', message: 'The answer could not be serialised.' } });
  }
  send(res, status, body, 'application/json');
}

function refuse(res: ServerResponse, status: number, error: DeskError): void {
  sendResult(res, status, { ok: false, error });
}

class BodyError extends Error {
  constructor(
    readonly status: number,
    readonly error: DeskError,
  ) {
    super(error.message);
  }
}

async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  if (!/^application\/json(;|$)/i.test(req.headers['content-type'] ?? '')) {
    throw new BodyError(415, { code: 'invalid_argument', message: 'The request body must be application/json.' });
  }
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > BODY_LIMIT) throw new BodyError(413, { code: 'invalid_argument', message: 'The request body is too large.' });
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > BODY_LIMIT) throw new BodyError(413, { code: 'invalid_argument', message: 'The request body is too large.' });
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    throw new BodyError(400, { code: 'invalid_argument', message: 'The request body is not valid JSON.' });
  }
}

/**
 * Inserts the page token and the bridge before the page's first script, after its CSP meta tag,
 * so the bridge runs first, under the policy, and takes the token before any other script can.
 */
export function injectBridge(html: string, pageToken: string): string {
  const tag = `<meta name="${PAGE_TOKEN_META}" content="${pageToken}" />\n    <script src="${BRIDGE_PATH}"></script>\n    `;
  const at = html.search(/<script\b/i);
  if (at >= 0) return html.slice(0, at) + tag + html.slice(at);
  const head = html.search(/<\/head>/i);
  if (head < 0) throw new Error('the renderer page has no <head>');
  return html.slice(0, head) + tag + html.slice(head);
}

/**
 * The end-to-end harness host: serves the built renderer to a browser and answers the bridge's
 * calls with the real IPC router over the core's handlers. Loopback only, a token required for
 * the page, the calls and the events (see auth.ts), Host header checked against DNS rebinding,
 * same CSP as the app.
 */
export async function startHarnessHost(options: HarnessHostOptions): Promise<HarnessHost> {
  const { core, testControls = false, log = () => {} } = options;
  const rendererDir = options.rendererDir ?? join(import.meta.dirname, '../../out/renderer');
  const port0 = options.port ?? 0;
  if (!Number.isInteger(port0) || port0 < 0 || port0 > 65535) throw new RangeError('port must be an integer 0..65535');
  try {
    await readFile(join(rendererDir, 'index.html'));
  } catch {
    throw new Error(`No built renderer at ${rendererDir}: run \`electron-vite build\` first (npm run harness does).`);
  }
  const bridgeScript = await browserBridgeScript();

  const token = newToken();
  const pages = new PageTokens();
  const launchCodes = new LaunchCodes();
  let port = 0;
  const router = createIpcRouter<LoopbackSender>(core.handlers, {
    isTrustedSender: (sender) => sender.tokenOk && sender.originOk,
    logError: (channel, error) => log('error', `IPC ${channel} failed`, { error: String(error) }),
  });
  const streams = new Set<ServerResponse>();

  async function handleIpc(req: IncomingMessage, res: ServerResponse, rawChannel: string): Promise<void> {
    let channel: string;
    try {
      channel = decodeURIComponent(rawChannel);
    } catch {
      return refuse(res, 400, { code: 'unknown_channel', message: 'No such desk API call.' });
    }
    const envelope = IpcEnvelope.safeParse(await readJsonBody(req));
    if (!envelope.success) return refuse(res, 400, { code: 'invalid_argument', message: 'The body must be {"input": …} or {}.' });
    const sender: LoopbackSender = { tokenOk: carriesToken(req, token, pages), originOk: originIsOurs(req, port) };
    sendResult(res, 200, await router.handle(channel, envelope.data.input, sender));
  }

  async function handleFaults(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const parsed = FaultsInput.safeParse(await readJsonBody(req));
    if (!parsed.success) return refuse(res, 400, { code: 'invalid_argument', message: 'Faults are {latencyMs?, failureRate?, dropRate?, unreachable?}.' });
    const sandbox = core.sandbox();
    if (!sandbox) return refuse(res, 409, { code: 'no_sandbox', message: 'The core runs no demo sandbox.' });
    const faults = Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined)) as Partial<FaultSettings>;
    sandbox.setFaults(faults);
    sendResult(res, 200, { ok: true, value: faults });
  }

  async function handleAdvanceClock(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const parsed = AdvanceClockInput.safeParse(await readJsonBody(req));
    if (!parsed.success) return refuse(res, 400, { code: 'invalid_argument', message: 'The clock takes {ms}: a whole number of milliseconds, 0 to a year.' });
    const sandbox = core.sandbox();
    if (!sandbox) return refuse(res, 409, { code: 'no_sandbox', message: 'The core runs no demo sandbox.' });
    await sandbox.advanceClock(parsed.data.ms);
    sendResult(res, 200, { ok: true, value: parsed.data });
  }

  function openEvents(req: IncomingMessage, res: ServerResponse): void {
    res.writeHead(200, { ...SECURITY_HEADERS, 'Content-Type': 'text/event-stream; charset=utf-8', Connection: 'keep-alive' });
    res.write(': connected\n\n');
    streams.add(res);
    // JSON.stringify escapes newlines, so each event is one `data:` line.
    const detach = core.events.attach((event, payload) => res.write(`data: ${JSON.stringify({ event, payload })}\n\n`));
    req.on('close', () => {
      detach();
      streams.delete(res);
    });
  }

  /**
   * The page's WebSocket (browser-bridge.ts). The upgrade passes the same Host and Origin checks as
   * a POST; a browser cannot add a header to it, so its first message must be a page token this
   * host issued, or the socket is closed. Then each call is answered on it, and the core's events
   * are pushed to it, until it closes.
   */
  const sockets = new WebSocketServer({ noServer: true, maxPayload: BODY_LIMIT });
  function serveSocket(socket: WebSocket): void {
    let detach: (() => void) | null = null;
    const sendJson = (value: unknown): void => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(value));
    };
    socket.on('message', (data: RawData) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(data.toString());
      } catch {
        socket.close(1003, 'not JSON');
        return;
      }
      if (!detach) {
        const hello = SocketHello.safeParse(parsed);
        if (!hello.success || !pages.has(hello.data.pageToken)) {
          socket.close(REFUSED_CLOSE_CODE, 'untrusted sender');
          return;
        }
        detach = core.events.attach((event, payload) => sendJson({ event, payload }));
        return;
      }
      const call = SocketCall.safeParse(parsed);
      if (!call.success) {
        socket.close(1008, 'a call is {id, channel, input?}');
        return;
      }
      const { id, channel, input } = call.data;
      void router.handle(channel, input, { tokenOk: true, originOk: true }).then(
        (result) => sendJson({ id, result }),
        (error: unknown) => {
          log('error', `IPC ${channel} failed`, { error: String(error) });
          sendJson({ id, result: { ok: false, error: { code: 'internal_error', message: 'The harness failed on this call.' } } });
        },
      );
    });
    socket.on('close', () => detach?.());
    socket.on('error', () => socket.terminate());
  }
  function upgrade(req: IncomingMessage, stream: Duplex, head: Buffer): void {
    const path = (req.url ?? '').split('?')[0];
    if (path !== IPC_SOCKET_PATH || !hostIsOurs(req, port) || !originIsOurs(req, port)) {
      stream.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
      return;
    }
    sockets.handleUpgrade(req, stream, head, serveSocket);
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!hostIsOurs(req, port)) return send(res, 421, 'This harness answers only http://127.0.0.1:' + port + '/\n', 'text/plain; charset=utf-8');
    const raw = req.url ?? '/';
    if (!raw.startsWith('/')) return send(res, 400, 'bad request\n', 'text/plain; charset=utf-8');
    const queryAt = raw.indexOf('?');
    const path = queryAt < 0 ? raw : raw.slice(0, queryAt);
    const query = new URLSearchParams(queryAt < 0 ? '' : raw.slice(queryAt + 1));
    const method = req.method ?? 'GET';

    const noToken = (): void => refuse(res, 401, { code: 'untrusted_sender', message: 'This harness needs its token: open the URL it printed.' });

    if (method === 'POST') {
      if (!carriesToken(req, token, pages)) return noToken();
      if (!originIsOurs(req, port)) return refuse(res, 403, { code: 'untrusted_sender', message: 'Cross-site requests are refused.' });
      if (path.startsWith('/ipc/') && !path.slice(5).includes('/')) return handleIpc(req, res, path.slice(5));
      if (path === LAUNCH_CODES_PATH) {
        // For the script that starts a browser, never for a page: a page already has its token.
        if (!carriesBearer(req, token)) return noToken();
        return sendResult(res, 200, { ok: true, value: { url: `http://${LOOPBACK}:${port}${LAUNCH_PATH}?code=${launchCodes.issue()}` } });
      }
      // Test controls are for Node clients only, never for a page.
      if (testControls && path.startsWith('/__test/') && !carriesBearer(req, token)) return noToken();
      if (testControls && path === '/__test/faults') return handleFaults(req, res);
      if (testControls && path === '/__test/advance-clock') return handleAdvanceClock(req, res);
      if (testControls && path === '/__test/expire-tokens') {
        const sandbox = core.sandbox();
        if (!sandbox) return refuse(res, 409, { code: 'no_sandbox', message: 'The core runs no demo sandbox.' });
        sandbox.expireTokens();
        return sendResult(res, 200, { ok: true, value: null });
      }
      return refuse(res, 404, { code: 'unknown_channel', message: 'No such harness endpoint.' });
    }
    if (method !== 'GET' && method !== 'HEAD') return send(res, 405, 'method not allowed\n', 'text/plain; charset=utf-8', { Allow: 'GET, HEAD, POST' });

    if (path === '/events') return carriesToken(req, token, pages) ? openEvents(req, res) : noToken();
    if (path === LAUNCH_PATH) {
      // Only a GET spends the code (a HEAD, a prefetch of headers, must not).
      if (method !== 'GET' || !launchCodes.redeem(query.get('code'))) {
        return refuse(res, 401, { code: 'untrusted_sender', message: 'This launch link was used already or is too old: start the desk again.' });
      }
      return send(res, 303, '', 'text/plain; charset=utf-8', { Location: `/?token=${token}` });
    }
    // The bridge and the renderer's files are the public build, the same for anyone, and hold no
    // secret: a browser loads them without a way to add a header, so they need no token. The page
    // itself does (it carries a page token): the URL's token, or the bearer for Node clients.
    if (path === BRIDGE_PATH) return send(res, 200, method === 'HEAD' ? '' : bridgeScript, 'text/javascript; charset=utf-8');
    const file = await readRendererFile(rendererDir, path);
    if (file.status !== 200) return send(res, file.status, `${file.reason}\n`, 'text/plain; charset=utf-8');
    if (!file.contentType.startsWith('text/html')) return send(res, 200, method === 'HEAD' ? '' : file.body, file.contentType);
    if (!sameToken(query.get('token'), token) && !carriesBearer(req, token)) return noToken();
    if (method === 'HEAD') return send(res, 200, '', file.contentType);
    return send(res, 200, Buffer.from(injectBridge(file.body.toString('utf8'), pages.issue())), file.contentType);
  }

  const server = createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      if (error instanceof BodyError) return refuse(res, error.status, error.error);
      log('error', 'harness request failed', { error: String(error) });
      if (!res.headersSent) refuse(res, 500, { code: 'internal_error', message: 'The harness failed on this request.' });
      else res.destroy();
    });
  });
  server.on('upgrade', upgrade);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host: LOOPBACK, port: port0, exclusive: true }, () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  const origin = `http://${LOOPBACK}:${port}`;

  let closing: Promise<void> | null = null;
  return {
    url: `${origin}/?token=${token}`,
    origin,
    port,
    token,
    close() {
      closing ??= new Promise<void>((resolve) => {
        for (const stream of streams) stream.end();
        for (const socket of sockets.clients) socket.terminate();
        sockets.close();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
