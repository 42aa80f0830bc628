// Real HTTP helpers for the API client tests: a recording fetch (the real one, with a log), a tiny
// node:http stub server, and a proxy in front of the sandbox that can lose an answer on purpose.
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RequestOutcome } from '../../../../src/main/kernel/api/client';

export interface FetchRecord {
  path: string;
  at: number;
  headers: Record<string, string>;
}

/** The global fetch, recording each request's path, time and headers (to count attempts and token requests). */
export function recordingFetch(): { fetch: typeof fetch; calls: FetchRecord[] } {
  const calls: FetchRecord[] = [];
  const wrapped: typeof fetch = (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    calls.push({ path: url.pathname, at: Date.now(), headers: { ...(init?.headers as Record<string, string>) } });
    return fetch(input, init);
  };
  return { fetch: wrapped, calls };
}

/**
 * Every RequestOutcome a client reports, and `reached(n)`: resolves once n outcomes are in (the
 * client reports an attempt before it decides to wait and repeat it, so a test on a fake clock
 * knows when a backoff has begun without looking at any real time).
 */
export function outcomeLog(): { outcomes: RequestOutcome[]; onOutcome: (o: RequestOutcome) => void; reached: (n: number) => Promise<void> } {
  const outcomes: RequestOutcome[] = [];
  const waiters = new Set<() => void>();
  return {
    outcomes,
    onOutcome: (o) => {
      outcomes.push(o);
      for (const wake of [...waiters]) wake();
    },
    reached: (n) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (outcomes.length < n) return;
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
        check();
      }),
  };
}

export interface StubRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
  count: number;
  /** When the request arrived (epoch ms). */
  at: number;
}

export type StubHandler = (request: StubRequest, response: ServerResponse) => void | Promise<void>;

export interface Stub {
  baseUrl: string;
  port: number;
  requests: StubRequest[];
  close(): Promise<void>;
}

async function listen(server: Server, port = 0): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return (server.address() as AddressInfo).port;
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

/** A node:http server answering with `handler`; every request is recorded with its body. */
export async function startStub(handler: StubHandler, port = 0): Promise<Stub> {
  const requests: StubRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const request: StubRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        count: requests.length + 1,
        at: Date.now(),
      };
      requests.push(request);
      void Promise.resolve(handler(request, res)).catch(() => res.destroy());
    });
  });
  const actual = await listen(server, port);
  return { baseUrl: `http://127.0.0.1:${actual}`, port: actual, requests, close: () => closeServer(server) };
}

/** Writes a JSON answer with an X-Request-Id, like the service does. */
export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'X-Request-Id': 'req_stub0000000001', ...headers });
  res.end(text);
}

export function errorBody(code: string, message: string, requestId = 'req_stub0000000001'): unknown {
  return { error: { code, message, request_id: requestId } };
}

export const TOKEN_ANSWER = { access_token: 'stub-access-token-0001', token_type: 'Bearer', expires_in: 3600 };

export interface ProxyDecision {
  /** Forward the request, wait for the answer, then destroy the client's connection instead of answering. */
  loseAnswer?: boolean;
  /** Rewrite the JSON answer before passing it on. */
  rewrite?: (body: unknown) => unknown;
}

export interface Proxy {
  baseUrl: string;
  port: number;
  /** Requests forwarded so far, by path. */
  seen: string[];
  close(): Promise<void>;
}

/**
 * A proxy in front of the sandbox. `decide` is asked per request; with `loseAnswer` the sandbox
 * really executes the request, and the client sees its connection drop: the lost acknowledgement.
 */
export async function startProxy(target: string, decide: (path: string, index: number) => ProxyDecision = () => ({}), port = 0): Promise<Proxy> {
  const seen: string[] = [];
  const upstream = new URL(target);
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      seen.push(path);
      const decision = decide(path, seen.length - 1);
      const forward = httpRequest(
        { host: upstream.hostname, port: upstream.port, method: req.method, path, headers: { ...req.headers, host: upstream.host } },
        (answer) => {
          const parts: Buffer[] = [];
          answer.on('data', (c: Buffer) => parts.push(c));
          answer.on('end', () => {
            if (decision.loseAnswer) {
              req.socket.destroy();
              return;
            }
            let body = Buffer.concat(parts);
            if (decision.rewrite) body = Buffer.from(JSON.stringify(decision.rewrite(JSON.parse(body.toString('utf8')))));
            const headers = { ...answer.headers, 'content-length': String(body.length) };
            delete headers['transfer-encoding'];
            res.writeHead(answer.statusCode ?? 502, headers);
            res.end(body);
          });
        },
      );
      forward.on('error', () => res.destroy());
      forward.end(Buffer.concat(chunks));
    });
  });
  const actual = await listen(server, port);
  return { baseUrl: `http://127.0.0.1:${actual}`, port: actual, seen, close: () => closeServer(server) };
}

/** A port on 127.0.0.1 that nothing listens on (taken from the OS, then released). */
export async function freePort(): Promise<number> {
  const server = createServer();
  const port = await listen(server);
  await closeServer(server);
  return port;
}

/** Everything an error could leak through: its fields, message, stack and cause. */
export function everythingAbout(error: unknown): string {
  if (!(error instanceof Error)) return JSON.stringify(error);
  const withError = error as Error & { error?: unknown; cause?: unknown };
  return [JSON.stringify(withError.error), error.message, error.stack, String(withError.cause), JSON.stringify(error)].join('\n');
}
