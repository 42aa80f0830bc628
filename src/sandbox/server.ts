// The HTTP face of the sandbox: fastify with one POST route per operation of the OpenAPI
// document, and the request pipeline every operation shares:
//   X-Request-Id -> Host (400) -> faults -> route (404/405) -> auth -> rate limit -> body (413/400)
//   -> Idempotency-Key (400) -> schema (400/422) -> handler in one SQLite transaction.
import type { Socket } from 'node:net';
// node:timers rather than the globals: a test that fakes the global clock around an in-process
// sandbox must not push its requests past their answer bound.
import { clearTimeout, setTimeout } from 'node:timers';
import { setTimeout as sleep } from 'node:timers/promises';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { allOperations, operationInfo } from '../shared/api/operations';
import type { OperationId } from '../shared/api/types';
import { validateIdempotencyKey, validateRequestBody, type ValidationProblem } from '../shared/api/validators';
import type { Owner } from './auth';
import { MAX_BODY_BYTES, parseJsonBody } from './body';
import type { Call, Handler, Handlers, ProtectedOperationId, SandboxServices } from './context';
import { ApiError, errorBody } from './errors';
import type { Faults } from './faults';
import { sendError, toApiError } from './http-errors';
import { newRequestId } from './ids';
import { hostHeaderIsOurs } from './host-header';
import { requestHash } from './idempotency';
import type { RateLimiter } from './rate-limit';
import { logisticsHandlers } from './routes/logistics';
import { shipmentHandlers } from './routes/shipments';

export interface ServerDeps {
  services: SandboxServices;
  faults: Faults;
  /** Per owner on protected operations, per client address on the token endpoint; null: no limit. */
  rateLimiter: RateLimiter | null;
  /** Every request is answered or refused within this time (normally ANSWER_WITHIN_MS). */
  answerWithinMs: number;
  /** The address it listens on: with loopback names, the only names a `Host` header may give. */
  listenHost: string;
}

export interface BuiltServer {
  app: FastifyInstance;
  /** Resets every open connection (the `unreachable` fault). */
  resetConnections(): void;
}

/** Every request is answered or refused within this time (api-contract.md, Limits). */
export const ANSWER_WITHIN_MS = 10_000;

/** Operations that change data; idempotent ones always run in an immediate transaction anyway. */
const WRITING_OPERATIONS: ReadonlySet<OperationId> = new Set(['cancelShipment', 'deleteShipment', 'createShipment', 'adjustStock']);

/**
 * Reads whose handler answers with one SELECT: a single statement is its own consistent snapshot
 * (SQLite in WAL), so they skip the explicit BEGIN/COMMIT. Only without an Idempotency-Key.
 */
const SINGLE_STATEMENT_READS: ReadonlySet<OperationId> = new Set(['readStock']);

interface RouteConfig {
  operationId: OperationId;
}

interface Outcome {
  status: number;
  /** The JSON text sent, exactly as stored for idempotent replays. */
  json: string;
  replayed: boolean;
}

function problemDetails(problems: ValidationProblem[]): { field: string; problem: string }[] {
  return problems.map(({ field, problem }) => ({ field, problem }));
}

function knownPathPatterns(): RegExp[] {
  return [...allOperations().values()].map(
    (op) => new RegExp(`^${op.pathTemplate.replace(/\./g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`),
  );
}

export function buildServer(deps: ServerDeps): BuiltServer {
  const { services, faults, rateLimiter, answerWithinMs, listenHost } = deps;
  // A request not answered after 90 % of the bound is refused: the rest is room for a late timer
  // and for Node's periodic check of requests whose headers never end (every 5 % of the bound).
  const refuseAfterMs = Math.floor(answerWithinMs * 0.9);
  const checkEveryMs = Math.max(10, Math.floor(answerWithinMs / 20));
  const { db, auth, idempotency } = services;
  const handlers: Handlers = { ...logisticsHandlers(services), ...shipmentHandlers(services) };
  const owners = new WeakMap<FastifyRequest, Owner>();
  const pathPatterns = knownPathPatterns();
  const sockets = new Set<Socket>();

  const app = Fastify({
    logger: false,
    bodyLimit: MAX_BODY_BYTES,
    genReqId: () => newRequestId(),
    requestIdHeader: false,
    exposeHeadRoutes: false,
    return503OnClosing: false,
    forceCloseConnections: true,
    // Node's own bound covers only requests whose headers never end (the clientErrorHandler below
    // answers them); once the headers are in, the timer of the onRequest hook takes over.
    requestTimeout: refuseAfterMs,
    http: { requestTimeout: refuseAfterMs, headersTimeout: refuseAfterMs, connectionsCheckingInterval: checkEveryMs },
    routerOptions: { maxParamLength: 1000, ignoreTrailingSlash: false, ignoreDuplicateSlashes: false, caseSensitive: true },
    // Errors fastify raises before any hook (a malformed percent-encoding in the path, ...).
    frameworkErrors: (error, _request, reply) => {
      sendError(reply, toApiError(error));
    },
    // Bytes that are not HTTP at all: answer a plain 400 with a request id, then close. Headers
    // that do not end within the bound: 503, like any request not answered in time. A connection
    // that never sent a byte made no request: it is closed without an answer.
    clientErrorHandler: (error, socket) => {
      const timedOut = (error as { code?: unknown }).code === 'ERR_HTTP_REQUEST_TIMEOUT';
      if (!socket.writable || (timedOut && socket.bytesRead === 0)) {
        socket.destroy();
        return;
      }
      const requestId = newRequestId();
      const apiError = timedOut ? notAnsweredInTime() : new ApiError('invalid_request', 'The request is not valid HTTP.');
      const body = JSON.stringify(errorBody(apiError, requestId));
      const statusLine = timedOut ? '503 Service Unavailable' : '400 Bad Request';
      socket.end(
        `HTTP/1.1 ${statusLine}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Request-Id: ${requestId}\r\nConnection: close\r\n\r\n${body}`,
      );
    },
  });

  app.server.on('connection', (socket: Socket) => {
    if (faults.settings.unreachable) {
      socket.resetAndDestroy();
      return;
    }
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, raw, done) => {
    try {
      done(null, parseJsonBody(raw as Buffer));
    } catch (error) {
      done(error as Error, undefined);
    }
  });

  /** 405 for another method on a known path, else 404 `not_found`. */
  function routeRefusal(request: FastifyRequest): ApiError {
    const path = request.url.split('?')[0] ?? '';
    if (request.method !== 'POST' && pathPatterns.some((pattern) => pattern.test(path))) {
      return new ApiError('method_not_allowed', 'Only POST is allowed on this path.', undefined, { Allow: 'POST' });
    }
    return new ApiError('not_found', 'No such path.');
  }

  /** After the added latency (if any): 503 fault, route (404/405), auth and rate limit. Throws an ApiError to refuse. */
  function admit(request: FastifyRequest): void {
    if (faults.shouldFail()) throw new ApiError('service_unavailable', 'The service is unavailable; try again later.');

    const config = request.routeOptions.config as Partial<RouteConfig>;
    // Unknown path or method: refused here, before the body is read, so its size or syntax (or a
    // body that never arrives) cannot turn a 404/405 into a 413/400 or keep it waiting.
    if (config.operationId === undefined) throw routeRefusal(request);
    let bucket: string;
    if (operationInfo(config.operationId).requiresAuth) {
      const owner = auth.verify(request.headers.authorization);
      owners.set(request, owner);
      bucket = `owner:${owner.id}`;
    } else bucket = `address:${request.ip}`;
    const decision = rateLimiter?.take(bucket) ?? { ok: true };
    if (!decision.ok) {
      throw new ApiError('rate_limited', `Too many requests; retry in ${decision.retryAfterSeconds} s.`, undefined, {
        'Retry-After': String(decision.retryAfterSeconds),
      });
    }
  }

  const notAnsweredInTime = (): ApiError =>
    new ApiError('service_unavailable', `The request was not complete and answered within ${answerWithinMs / 1000} s; nothing was changed. Try again.`, undefined, {
      Connection: 'close',
    });

  /**
   * The bound's timer: refuses a request still unanswered (its body has stopped arriving, a
   * latency fault outlasts the bound) and closes its connection. Fastify runs no later step of a
   * request whose reply is sent, so a refused request never reaches its operation.
   */
  function refuseIfUnanswered(reply: FastifyReply): void {
    if (reply.sent || reply.raw.headersSent) return;
    sendError(reply, notAnsweredInTime());
  }

  // The standard Date header, but on this instance's clock, which tests move forward (Node's own
  // would give the machine's): a client learns the service's time from it.
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('Date', new Date(services.clock.now()).toUTCString());
    done(null, payload);
  });

  // A callback hook rather than an async one: without a latency fault the request goes on in the
  // same tick, with no promise per request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id);
    // Before anything else, faults included: a rebound page gets nothing, not even a 503.
    if (!hostHeaderIsOurs(request.headers.host, listenHost)) {
      done(
        new ApiError('invalid_request', 'The Host header does not name this server.', [
          { field: 'header:Host', problem: 'must be a loopback name or address, or the address this server listens on' },
        ]),
      );
      return;
    }
    if (faults.shouldDrop()) {
      reply.hijack();
      request.raw.socket.destroy();
      return;
    }
    const bound = setTimeout(refuseIfUnanswered, refuseAfterMs, reply);
    reply.raw.once('close', () => clearTimeout(bound));
    const admitted = (): void => {
      // Refused at the bound while the latency fault held it: it must not take a rate-limit token.
      if (reply.sent) return;
      try {
        admit(request);
      } catch (error) {
        done(error as Error);
        return;
      }
      done();
    };
    const { latencyMs } = faults.settings;
    if (latencyMs > 0) void sleep(latencyMs).then(admitted);
    else admitted();
  });

  app.setErrorHandler((error, _request, reply) => {
    const apiError = toApiError(error);
    if (apiError.code === 'internal_error') console.error('[sandbox] internal error:', error);
    return sendError(reply, apiError);
  });

  // Normally admit() has refused these already; kept for requests that reach it another way.
  app.setNotFoundHandler((request, reply) => sendError(reply, routeRefusal(request)));

  // One transaction wrapper per operation, made once (not one per request).
  const transactions = new Map(
    Object.entries(handlers).map(([operationId, handler]) => [
      operationId as ProtectedOperationId,
      db.transaction((call: Call<ProtectedOperationId>) => (handler as Handler<ProtectedOperationId>)(call)),
    ]),
  );

  function execute(operationId: ProtectedOperationId, call: Call<ProtectedOperationId>, requestId: string): Outcome {
    const handler = handlers[operationId] as Handler<ProtectedOperationId>;
    const key = call.idempotencyKey;
    if (key === undefined) {
      if (SINGLE_STATEMENT_READS.has(operationId)) return { status: 200, json: JSON.stringify(handler(call)), replayed: false };
      // Writers take the write lock at BEGIN (no upgrade deadlock); readers read one snapshot.
      const transaction = transactions.get(operationId);
      if (!transaction) throw new Error(`no handler for ${operationId}`);
      const result: unknown = WRITING_OPERATIONS.has(operationId) ? transaction.immediate(call) : transaction.deferred(call);
      return { status: 200, json: JSON.stringify(result), replayed: false };
    }
    const hash = requestHash(operationId, call.params, call.body);
    return db.transaction((): Outcome => {
      const stored = idempotency.find(call.owner.id, operationId, key);
      if (stored) {
        if (stored.request_sha256 !== hash) {
          throw new ApiError('idempotency_key_reused', 'This Idempotency-Key was already used with another request.', [
            { field: 'header:Idempotency-Key', problem: 'was already used with another request' },
          ]);
        }
        return { status: stored.status, json: stored.body, replayed: true };
      }
      try {
        // A savepoint: a refusal thrown half-way rolls back the handler's writes, not the stored result.
        const savepoint = transactions.get(operationId);
        if (!savepoint) throw new Error(`no handler for ${operationId}`);
        const result: unknown = savepoint(call);
        const json = JSON.stringify(result);
        idempotency.save(call.owner.id, operationId, key, hash, 200, json);
        return { status: 200, json, replayed: false };
      } catch (error) {
        // Business refusals are final results of the operation: stored, replayed on retries.
        if (error instanceof ApiError && (error.status === 404 || error.status === 409)) {
          const json = JSON.stringify(errorBody(error, requestId));
          idempotency.save(call.owner.id, operationId, key, hash, error.status, json);
          return { status: error.status, json, replayed: false };
        }
        throw error;
      }
    }).immediate();
  }

  for (const info of allOperations().values()) {
    const url = info.pathTemplate.replace(/\{([^}]+)\}/g, ':$1');
    app.post(url, { config: { operationId: info.operationId } satisfies RouteConfig }, (request, reply) => {
      // No body at all is `{}`; a body that is JSON `null` is not an object (400, like `[]` or `42`).
      const body = request.body === undefined ? {} : request.body;
      if (info.operationId === 'getToken') {
        const checked = validateRequestBody('getToken', body);
        if (!checked.ok) throw new ApiError(checked.kind, 'The request body is not acceptable.', problemDetails(checked.problems));
        return reply.type('application/json').send(JSON.stringify(auth.issue(checked.value.client_id, checked.value.client_secret)));
      }
      const operationId = info.operationId;
      const owner = owners.get(request);
      if (!owner) throw new ApiError('unauthorized', 'A bearer token is required (Authorization: Bearer <token>).');

      let idempotencyKey: string | undefined;
      if (info.requiresIdempotencyKey) {
        const header = request.headers['idempotency-key'];
        const checked = validateIdempotencyKey(header);
        if (header === undefined || !checked.ok) {
          const problems = header === undefined ? [{ field: 'header:Idempotency-Key', problem: 'is required' }] : problemDetails(checked.ok ? [] : checked.problems);
          throw new ApiError('invalid_request', 'This operation needs a valid Idempotency-Key header.', problems);
        }
        idempotencyKey = checked.value;
      }

      const checked = validateRequestBody(operationId, body);
      if (!checked.ok) {
        const message = checked.kind === 'invalid_request' ? 'The request body has fields of the wrong type.' : `The request breaks ${checked.problems.length === 1 ? 'a rule' : `${checked.problems.length} rules`}.`;
        throw new ApiError(checked.kind, message, problemDetails(checked.problems));
      }

      const call: Call<ProtectedOperationId> = {
        owner,
        body: checked.value as Call<ProtectedOperationId>['body'],
        params: request.params as Call<ProtectedOperationId>['params'],
        requestId: request.id,
        idempotencyKey,
      };
      const outcome = execute(operationId, call, request.id);
      let json = outcome.json;
      if (outcome.replayed) {
        reply.header('Idempotent-Replayed', 'true');
        // A replayed refusal names this request's id, so body and header agree.
        if (outcome.status !== 200) {
          const stored = JSON.parse(json) as { error: { request_id: string } };
          stored.error.request_id = request.id;
          json = JSON.stringify(stored);
        }
      }
      return reply.code(outcome.status).type('application/json').send(json);
    });
  }

  return {
    app,
    resetConnections() {
      for (const socket of sockets) socket.resetAndDestroy();
      sockets.clear();
    },
  };
}
