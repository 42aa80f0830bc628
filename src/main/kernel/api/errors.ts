// Error mapping: how failures of the Shipping API (an error body, an answer outside the contract,
// a timeout, a broken connection) become ApiFailures, and which of them are worth another try.
import { validateSchema, type ValidationProblem } from '../../../shared/api';
import type { ApiFailure } from './api-error';

/** Codes of failures that say nothing about the request itself: the same request may well succeed later. */
const TRANSIENT_CODES: ReadonlySet<string> = new Set(['network_error', 'timeout', 'rate_limited', 'service_unavailable', 'internal_error']);

/**
 * Codes that mean "who is asking" failed, not the request: the account must be fixed (signed in,
 * keychain unlocked, credentials renewed), and then the same request can be sent again.
 */
const AUTH_CODES: ReadonlySet<string> = new Set(['not_signed_in', 'keychain_unavailable', 'unauthorized', 'token_expired', 'invalid_credentials']);

/**
 * True when the failure says nothing about the request's merits and trying again later may
 * succeed: no answer (network, timeout), rate limit, or any 5xx (also a 5xx whose body is not the
 * contract's, e.g. a proxy's 502 page). The outbox keeps such an entry queued.
 */
export function isTransient(error: Pick<ApiFailure, 'code' | 'status'>): boolean {
  return TRANSIENT_CODES.has(error.code) || (error.status !== undefined && (error.status >= 500 || error.status === 429));
}

/**
 * True when the failure is about the account, not the request (not signed in, keychain locked,
 * credentials refused). Not transient (waiting alone does not help) but not a refusal of the
 * request either: an outbox entry should stay queued until the account is fixed.
 */
export function isAuthFailure(error: Pick<ApiFailure, 'code' | 'status'>): boolean {
  return AUTH_CODES.has(error.code);
}

/**
 * True when the service judged the request and said no (404, 409, 422, ...): showing the refusal
 * is all that is left to do. Note `unexpected_response` on HTTP 200 is counted here although the
 * service may have acted: its answer could not be read, and repeating it would give the same answer.
 */
export function isDefinitiveRefusal(error: Pick<ApiFailure, 'code' | 'status'>): boolean {
  return !isTransient(error) && !isAuthFailure(error);
}

/** The limits of the IPC contract's DeskErrorSchema (src/shared/ipc/result.ts), so a hostile server cannot make a huge error. */
export const MAX_MESSAGE = 2000;
export const MAX_DETAILS = 100;
export const MAX_REQUEST_ID = 200;

export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/**
 * Replaces every occurrence of a secret the client holds (token, client secret) in text that came
 * from the server, so an echoing or buggy service cannot put one into an error.
 */
export function redact(text: string, secrets: Iterable<string>): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length >= 4 && out.includes(secret)) out = out.split(secret).join('[redacted]');
  }
  return out;
}

/** A request id header or body value if it is a plausible one (printable, not too long). */
export function cleanRequestId(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length === 0) return undefined;
  const printable = value.replace(/[^\x21-\x7E]/g, '');
  return printable.length === 0 ? undefined : clip(printable, MAX_REQUEST_ID);
}

/**
 * Low-level error codes (Node / undici) that prove the request never left the machine: no
 * connection was made (refused, unreachable network or host, no such host, DNS down, connect
 * timeout, or a TLS handshake that failed before anything was written). Anything else that
 * happens after connecting (ECONNRESET, "other side closed", EPIPE, our own timeout) may come
 * after the server read the request, so only requests that are safe to repeat are retried then.
 */
const NEVER_SENT_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_FAIL',
  'EAI_NONAME',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** TLS verification codes (OpenSSL / Node): the handshake failed, so no request byte was sent. */
const TLS_CODE = /^(CERT_|ERR_TLS_|UNABLE_TO_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|ERR_SSL_)/;

export interface LowLevelFailure {
  /** A code of the underlying error, for the message (`ECONNREFUSED`), or undefined. */
  code: string | undefined;
  /** True when the error proves the request never reached the server (see NEVER_SENT_CODES). */
  neverSent: boolean;
  tls: boolean;
}

/** Walks `cause` chains and AggregateErrors (happy eyeballs tries several addresses) of a fetch failure. */
export function describeLowLevel(error: unknown): LowLevelFailure {
  const codes: string[] = [];
  const seen = new Set<unknown>();
  const visit = (value: unknown, depth: number): void => {
    if (depth > 6 || typeof value !== 'object' || value === null || seen.has(value)) return;
    seen.add(value);
    const record = value as { code?: unknown; cause?: unknown; errors?: unknown };
    if (typeof record.code === 'string') codes.push(record.code);
    if (Array.isArray(record.errors)) for (const inner of record.errors) visit(inner, depth + 1);
    visit(record.cause, depth + 1);
  };
  visit(error, 0);
  // The innermost specific code says most; `UND_ERR_SOCKET` etc. wrap the real reason.
  const specific = codes.filter((c) => c !== 'UND_ERR_SOCKET' && c !== 'ERR_INVALID_STATE');
  const tls = specific.some((c) => TLS_CODE.test(c));
  const neverSent = specific.length > 0 && specific.every((c) => NEVER_SENT_CODES.has(c) || TLS_CODE.test(c));
  return { code: specific[0] ?? codes[0], neverSent, tls };
}

/**
 * Why a connection failed, as a reason the screens word in the desk's language (ui/error-text.ts),
 * with the English for the log line.
 */
const REASONS: Record<string, readonly [reason: string, english: string]> = {
  ECONNREFUSED: ['refused', 'the connection was refused'],
  ENOTFOUND: ['unknown_host', 'the host name is unknown'],
  EAI_AGAIN: ['lookup_failed', 'the host name could not be looked up'],
  EAI_FAIL: ['lookup_failed', 'the host name could not be looked up'],
  EAI_NONAME: ['unknown_host', 'the host name is unknown'],
  ENETUNREACH: ['network_unreachable', 'the network is unreachable'],
  EHOSTUNREACH: ['host_unreachable', 'the host is unreachable'],
  EADDRNOTAVAIL: ['no_address', 'no network address is available'],
  UND_ERR_CONNECT_TIMEOUT: ['connect_timeout', 'connecting took too long'],
  ECONNRESET: ['reset', 'the connection was reset'],
  EPIPE: ['closed', 'the connection was closed'],
  UND_ERR_CLOSED: ['closed', 'the connection was closed'],
};

/** The reason of a low-level failure (see REASONS); never the library's own text (it can carry internals). */
export function networkReasonCode(failure: LowLevelFailure): string {
  if (failure.tls) return 'tls';
  return (failure.code !== undefined ? REASONS[failure.code]?.[0] : undefined) ?? 'failed';
}

/** English words for a low-level failure, for the message kept for logs and support. */
export function networkReason(failure: LowLevelFailure): string {
  if (failure.tls) return "the service's TLS certificate is not trusted";
  return (failure.code !== undefined ? REASONS[failure.code]?.[1] : undefined) ?? 'the connection failed';
}

/** The first few problems, for a message. */
export function describeProblems(problems: readonly ValidationProblem[]): string {
  return problems
    .slice(0, 3)
    .map((p) => (p.field === '' ? p.problem : `${p.field} ${p.problem}`))
    .join('; ');
}

/** An answer the contract does not allow (a redirect, not JSON, the wrong shape, too big). */
export function unexpected(status: number, requestId: string | undefined, why: string, problems: readonly ValidationProblem[], secrets: readonly string[]): ApiFailure {
  const error: ApiFailure = {
    code: 'unexpected_response',
    message: clip(`The service answered something the API contract does not allow (HTTP ${status}: ${why}).`, MAX_MESSAGE),
    status,
    params: { status },
  };
  if (requestId !== undefined) error.requestId = requestId;
  if (problems.length > 0) {
    error.details = problems.slice(0, MAX_DETAILS).map((p) => ({ field: clip(p.field, 200), problem: clip(redact(p.problem, secrets), 500) }));
  }
  return error;
}

/**
 * An HTTP error answer. Any well-formed error body is taken at its word, also for a status the
 * operation does not list (a gateway's 404 `not_found`); an unknown code is judged by its status.
 */
export function errorFromBody(status: number, requestId: string | undefined, body: unknown, secrets: readonly string[]): ApiFailure {
  const parsed = validateSchema('ErrorResponse', body);
  if (!parsed.ok) return unexpected(status, requestId, 'an error without the contract error body', parsed.problems, secrets);
  const wire = parsed.value.error;
  const error: ApiFailure = {
    code: clip(String(wire.code), 100),
    message: clip(redact(wire.message, secrets), MAX_MESSAGE),
    status,
  };
  const id = requestId ?? cleanRequestId(wire.request_id);
  if (id !== undefined) error.requestId = id;
  if (wire.details !== undefined && wire.details.length > 0) {
    error.details = wire.details.slice(0, MAX_DETAILS).map((d) => ({ field: clip(redact(d.field, secrets), 200), problem: clip(redact(d.problem, secrets), 500) }));
  }
  return error;
}

/** No whole answer within the time allowed. No `status` even if the headers came: an incomplete answer is no HTTP answer. */
export function timeoutFailure(origin: string, timeoutMs: number, requestId: string | undefined): ApiFailure {
  const seconds = Math.round(timeoutMs / 100) / 10;
  const error: ApiFailure = { code: 'timeout', message: `The service at ${origin} did not answer within ${seconds} s.`, params: { origin, seconds } };
  if (requestId !== undefined) error.requestId = requestId;
  return error;
}

/** The connection failed; `neverSent` when it failed before the request could have left. */
export function networkFailure(origin: string, thrown: unknown, requestId: string | undefined): { error: ApiFailure; neverSent: boolean } {
  const low = describeLowLevel(thrown);
  const error: ApiFailure = { code: 'network_error', message: `Could not reach the service at ${origin}: ${networkReason(low)}.`, reason: networkReasonCode(low), params: { origin } };
  if (requestId !== undefined) error.requestId = requestId; // the connection broke while the body was read
  return { error, neverSent: low.neverSent };
}
