// The HTTP client of the Shipping & Logistics API 1.0 (resources/openapi.yaml): one typed method per
// operation and the bearer token. One exchange is transport.ts, when to repeat it retry.ts, what a
// failure means errors.ts.
import {
  operationInfo,
  operationPath,
  validateIdempotencyKey,
  validateRequestBody,
  type AdjustResult,
  type AdjustStockRequest,
  type CreateShipmentRequest,
  type DeleteShipmentResult,
  type GreenIndexRequest,
  type GreenIndexResult,
  type ListProductsRequest,
  type ListShipmentsRequest,
  type ListStockRequest,
  type ListWarehousesRequest,
  type OperationId,
  type PathParams,
  type ProductPage,
  type RequestBody,
  type Shipment,
  type ShipmentPage,
  type StockItem,
  type StockPage,
  type SuccessBody,
  type TransitTimeRequest,
  type TransitTimeResult,
  type WarehousePage,
} from '../../../shared/api';
import { ApiError, apiError, type ApiFailure } from './api-error';
import type { Attempt } from './attempt';
import { MAX_DETAILS, describeProblems, unexpected } from './errors';
import { nextDelay, retryClass, sleep, withRetries, type BackoffSettings } from './retry';
import { ServiceClock } from './service-clock';
import { createTransport, type SendSpec } from './transport';
import { DEFAULT_USER_AGENT } from './version';

/** What one attempt (one HTTP exchange, or its failure) came to: connectivity is judged from these. */
export interface RequestOutcome {
  ok: boolean;
  /** True when no HTTP answer came back (network failure or timeout). Any HTTP answer, even an error, is false. */
  networkError: boolean;
  status?: number;
  error?: ApiFailure;
}

export interface ApiCredentials {
  clientId: string;
  clientSecret: string;
}

export interface ApiClientOptions {
  baseUrl: string;
  /** Asked lazily, only when a token is needed. null -> ApiError `not_signed_in`. */
  credentials: () => Promise<ApiCredentials | null>;
  /** Where the token survives a restart (CredentialVault.tokenCache: the keychain). */
  tokenCache?: { load(): Promise<string | null>; save(token: string, expiresInSeconds: number): Promise<void> };
  /** Per attempt, including reading the body. Default 10 s (the contract answers within 10 s). */
  timeoutMs?: number;
  /** Default 3; only reads and writes that carry an Idempotency-Key are retried (see retryClass). */
  maxRetries?: number;
  /** Called after every attempt, also failed ones and the token request. Must not throw (it is guarded). */
  onOutcome?: (outcome: RequestOutcome) => void;
  fetch?: typeof fetch;
  /** Default `warehouse-desk/<version>`. */
  userAgent?: string;
  /** Path of the token endpoint (the seed does not fix it). Default `/1.0/auth/token`. */
  tokenPath?: string;
  /** Backoff tuning; defaults: base 250 ms, at most 5 s per wait, Retry-After honoured up to 15 s. */
  backoff?: Partial<BackoffSettings>;
  /** A response body larger than this is refused as `unexpected_response`. Default 32 MiB. */
  maxResponseBytes?: number;
  now?: () => number;
}

export interface ApiAnswer<T> {
  body: T;
  /** The `X-Request-Id` of the answer ('' if the service sent none). */
  requestId: string;
  /** The answer's `Date` header: the service's time when it answered, in ms; absent when unreadable. */
  serviceTime?: number;
}

export interface TokenAnswer {
  accessToken: string;
  expiresIn: number;
}

export interface ApiClient {
  /** Exchanges credentials for a token without keeping it (sign-in uses it to check credentials). */
  getToken(creds: ApiCredentials): Promise<TokenAnswer>;
  listWarehouses(body?: ListWarehousesRequest): Promise<ApiAnswer<WarehousePage>>;
  listProducts(body?: ListProductsRequest): Promise<ApiAnswer<ProductPage>>;
  listStock(body?: ListStockRequest): Promise<ApiAnswer<StockPage>>;
  readStock(sku: string): Promise<ApiAnswer<StockItem>>;
  adjustStock(sku: string, body: AdjustStockRequest, idempotencyKey: string): Promise<ApiAnswer<AdjustResult>>;
  listShipments(body?: ListShipmentsRequest): Promise<ApiAnswer<ShipmentPage>>;
  readShipment(token: string): Promise<ApiAnswer<Shipment>>;
  createShipment(body: CreateShipmentRequest, idempotencyKey: string): Promise<ApiAnswer<Shipment>>;
  cancelShipment(token: string): Promise<ApiAnswer<Shipment>>;
  deleteShipment(token: string): Promise<ApiAnswer<DeleteShipmentResult>>;
  greenIndex(body: GreenIndexRequest): Promise<ApiAnswer<GreenIndexResult>>;
  transitTime(body: TransitTimeRequest): Promise<ApiAnswer<TransitTimeResult>>;
  /**
   * One unauthenticated request that any reachable service answers (with 401): resolves on any
   * HTTP answer, throws `network_error` / `timeout` otherwise. Sends no credential. For the
   * connectivity probe.
   */
  ping(): Promise<void>;
  /**
   * The service's time now, from the `Date` header of the same request `ping` makes (no credential,
   * nothing changed); null when its answer has none. Throws as `ping` does.
   */
  serviceTime(): Promise<number | null>;
  /**
   * A time the service's clock has certainly reached (see ServiceClock), without a request; null
   * before this client's first answer.
   */
  serviceTimeLowerBound(): number | null;
  /**
   * Drops the token held in memory (signing out); the next call asks `credentials()` again. A token
   * still on its way is dropped too: its call fails with `not_signed_in`, and it is never saved.
   */
  forgetToken(): void;
}

const TOKEN_REFRESH_MARGIN_MS = 30_000;
/**
 * What a bearer token must be to travel in an Authorization header: visible ASCII. The contract
 * only says "opaque string"; anything else makes fetch throw before a byte leaves, which would
 * read as a network failure (retried, and the desk judged offline) on every call.
 */
const SENDABLE_TOKEN = /^[\x21-\x7E]+$/;
/** How many spent tokens and secrets are remembered for redaction. */
const REMEMBERED_SECRETS = 8;

interface HeldToken {
  token: string;
  /** Epoch ms; null for a token loaded from the cache (its expiry is the cache's business). */
  expiresAt: number | null;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  let origin: string;
  try {
    const parsed = new URL(baseUrl);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('protocol');
    origin = parsed.origin;
  } catch {
    throw apiError('invalid_argument', 'The service address must be an http:// or https:// URL.', { reason: 'service_url_scheme' });
  }
  const maxRetries = Math.max(0, options.maxRetries ?? 3);
  const tokenPath = options.tokenPath ?? operationInfo('getToken').pathTemplate;
  const now = options.now ?? Date.now;
  const backoff: BackoffSettings = {
    baseMs: options.backoff?.baseMs ?? 250,
    maxDelayMs: options.backoff?.maxDelayMs ?? 5_000,
    maxRetryAfterMs: options.backoff?.maxRetryAfterMs ?? 15_000,
    random: options.backoff?.random ?? Math.random,
  };

  let held: HeldToken | null = null;
  let pendingToken: Promise<HeldToken> | null = null;
  /**
   * Counts forgetToken calls. A token asked for before the last one (an answer still on its way
   * when the account signed out) is neither kept nor used: saved, it would put the signed-out
   * account's token back into the keychain after sign-out removed it.
   */
  let generation = 0;
  const signedOutMeanwhile = () => apiError('not_signed_in', 'Signed out while a token was being obtained. Sign in again.');
  /** Secrets this client has handled, so server text echoing one is redacted. Never logged. */
  const secrets: string[] = [];
  const remember = (secret: string): void => {
    if (secrets.includes(secret)) return;
    secrets.push(secret);
    if (secrets.length > REMEMBERED_SECRETS) secrets.shift();
  };

  const serviceClock = new ServiceClock();
  const attempt = createTransport({
    baseUrl,
    origin,
    fetch: options.fetch ?? globalThis.fetch,
    timeoutMs: options.timeoutMs ?? 10_000,
    userAgent: options.userAgent ?? DEFAULT_USER_AGENT,
    maxResponseBytes: options.maxResponseBytes ?? 32 * 1024 * 1024,
    now,
    secrets: () => secrets,
    serviceClock,
  });

  /** Tells the listener what an attempt came to; connectivity is judged from these. */
  function report(result: Attempt): void {
    const outcome: RequestOutcome =
      result.kind === 'success' ? { ok: true, networkError: false, status: 200 } : { ok: false, networkError: result.networkError, error: result.error };
    if (result.kind === 'failure' && result.error.status !== undefined) outcome.status = result.error.status;
    try {
      options.onOutcome?.(outcome);
    } catch {
      // A listener's bug must not turn a good answer into a failure.
    }
  }

  /** Attempts with retries per the operation's retry class; reports every attempt; throws ApiError on failure. */
  async function send<Op extends OperationId>(spec: SendSpec<Op>): Promise<ApiAnswer<SuccessBody<Op>>> {
    const result = await withRetries(() => attempt(spec), { retryClass: retryClass(spec.operationId), maxRetries, backoff }, report);
    return { body: result.body as SuccessBody<Op>, requestId: result.requestId, ...(result.serviceTime !== undefined ? { serviceTime: result.serviceTime } : {}) };
  }

  function checkRequest<Op extends OperationId>(operationId: Op, body: unknown): void {
    const checked = validateRequestBody(operationId, body);
    if (checked.ok) return;
    throw apiError(checked.kind, `The app built a request that the API contract does not allow (${describeProblems(checked.problems)}).`, {
      details: checked.problems.slice(0, MAX_DETAILS).map((p) => ({ field: p.field, problem: p.problem })),
    });
  }

  async function requestToken(creds: ApiCredentials): Promise<TokenAnswer & { requestId: string }> {
    const body = { client_id: creds.clientId, client_secret: creds.clientSecret };
    if (typeof creds.clientSecret === 'string' && creds.clientSecret !== '') remember(creds.clientSecret);
    const checked = validateRequestBody('getToken', body);
    if (!checked.ok) {
      // Problems name fields only, never values: safe with a secret in the body.
      throw apiError('invalid_credentials', 'The client id and client secret must each be 1 to 200 characters.', {
        details: checked.problems.map((p) => ({ field: p.field, problem: p.problem })),
      });
    }
    const answer = await send({ operationId: 'getToken', path: tokenPath, body });
    remember(answer.body.access_token);
    if (!SENDABLE_TOKEN.test(answer.body.access_token)) {
      throw new ApiError(unexpected(200, answer.requestId || undefined, 'the access_token cannot be sent in an Authorization header', [], secrets));
    }
    return { accessToken: answer.body.access_token, expiresIn: answer.body.expires_in, requestId: answer.requestId };
  }

  /** A fresh token from the credentials; concurrent callers share one request. */
  function newToken(): Promise<HeldToken> {
    pendingToken ??= (async () => {
      const asked = generation;
      try {
        const creds = await options.credentials();
        if (creds === null) throw apiError('not_signed_in', 'Sign in to the Shipping API first.');
        const answer = await requestToken(creds);
        if (generation !== asked) throw signedOutMeanwhile();
        const token: HeldToken = { token: answer.accessToken, expiresAt: now() + answer.expiresIn * 1000 };
        held = token;
        try {
          await options.tokenCache?.save(answer.accessToken, answer.expiresIn);
        } catch {
          // The keychain refused to keep it: the token still works from memory for this session.
        }
        return token;
      } finally {
        // After forgetToken the pending request is no longer this one's to clear.
        if (generation === asked) pendingToken = null;
      }
    })();
    return pendingToken;
  }

  /** The token to use now, and whether it was obtained for this very call (so a 401 cannot be staleness). */
  async function currentToken(): Promise<{ token: string; fresh: boolean }> {
    if (held !== null && (held.expiresAt === null || held.expiresAt - TOKEN_REFRESH_MARGIN_MS > now())) {
      return { token: held.token, fresh: false };
    }
    if (held === null && pendingToken === null && options.tokenCache !== undefined) {
      const asked = generation;
      const cached = await options.tokenCache.load();
      if (generation !== asked) throw signedOutMeanwhile();
      if (cached !== null && SENDABLE_TOKEN.test(cached)) {
        remember(cached);
        held ??= { token: cached, expiresAt: null };
        return { token: held.token, fresh: false };
      }
    }
    return { token: (await newToken()).token, fresh: true };
  }

  /** After a 401 with `spent`: a new token, unless another call already replaced it. */
  async function replaceToken(spent: string): Promise<string> {
    if (held !== null && held.token !== spent) return held.token;
    if (held?.token === spent) held = null;
    return (await newToken()).token;
  }

  async function call<Op extends OperationId>(
    operationId: Op,
    pathParams: PathParams<Op>,
    body: RequestBody<Op> | Record<string, never>,
    idempotencyKey?: string,
  ): Promise<ApiAnswer<SuccessBody<Op>>> {
    checkRequest(operationId, body);
    if (operationInfo(operationId).requiresIdempotencyKey) {
      const key = validateIdempotencyKey(idempotencyKey);
      if (!key.ok) throw apiError('invalid_request', 'The Idempotency-Key must be 1 to 255 visible ASCII characters.', { details: key.problems });
    }
    const path = operationPath(operationId, pathParams);
    let { token, fresh } = await currentToken();
    let repeated = false;
    for (;;) {
      try {
        return await send({ operationId, path, body, token, idempotencyKey });
      } catch (error) {
        if (repeated || !(error instanceof ApiError) || error.status !== 401) throw error;
        // `token_expired`: get a new token once and repeat. `unauthorized` with a token that did
        // not come fresh for this call: it may be stale (revoked, the service restarted), so the
        // same. A 401 is a refusal before the operation ran, so repeating is safe for every operation.
        const code = error.code;
        if (code !== 'token_expired' && !(code === 'unauthorized' && !fresh)) throw error;
        repeated = true;
        token = await replaceToken(token);
        fresh = true;
      }
    }
  }

  /** No token: any reachable service answers 401 at once, and the owner's rate limit is untouched. */
  async function probe(): Promise<Attempt> {
    const result = await attempt({ operationId: 'listWarehouses', path: operationPath('listWarehouses', noParams), body: {} });
    report(result);
    if (result.kind === 'failure' && result.networkError) throw new ApiError(result.error);
    return result;
  }

  const empty: Record<string, never> = {};
  const noParams = {} as Record<string, never>;

  return {
    async getToken(creds) {
      const { accessToken, expiresIn } = await requestToken(creds);
      return { accessToken, expiresIn };
    },
    listWarehouses: (body = {}) => call('listWarehouses', noParams, body),
    listProducts: (body = {}) => call('listProducts', noParams, body),
    listStock: (body = {}) => call('listStock', noParams, body),
    readStock: (sku) => call('readStock', { sku }, empty),
    adjustStock: (sku, body, idempotencyKey) => call('adjustStock', { sku }, body, idempotencyKey),
    listShipments: (body = {}) => call('listShipments', noParams, body),
    readShipment: (token) => call('readShipment', { token }, empty),
    createShipment: (body, idempotencyKey) => call('createShipment', noParams, body, idempotencyKey),
    cancelShipment: (token) => call('cancelShipment', { token }, empty),
    deleteShipment: (token) => call('deleteShipment', { token }, empty),
    greenIndex: (body) => call('greenIndex', noParams, body),
    transitTime: (body) => call('transitTime', noParams, body),
    async ping() {
      await probe();
    },
    async serviceTime() {
      // Repeated like a read after a dropped connection (a pooled socket the service closed).
      for (let retry = 0; ; retry++) {
        try {
          return (await probe()).serviceTime ?? null;
        } catch (error) {
          if (retry >= maxRetries) throw error;
          await sleep(nextDelay(retry, undefined, backoff));
        }
      }
    },
    serviceTimeLowerBound: () => serviceClock.lowerBound(),
    forgetToken() {
      generation++;
      held = null;
      pendingToken = null;
    },
  };
}
