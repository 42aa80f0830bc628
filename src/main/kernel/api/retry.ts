// When a failed attempt is repeated, and how long to wait first.
import { operationInfo, type OperationId } from '../../../shared/api';
import { ApiError } from './api-error';
import type { Attempt } from './attempt';

/**
 * - `safe`: changes nothing on the service (reads, the carrier-neutral calculations, the token
 *   endpoint, where a spare token harms nobody): repeated after any transient failure.
 * - `idempotent`: a write that carries an `Idempotency-Key`; the service returns the first
 *   result for a repeat, so it is repeated like a read.
 * - `unsafe`: a write without a key (cancel, delete): repeated only when the failure proves the
 *   request never reached the service (connection refused, no such host, TLS handshake failed).
 *   Not after a timeout, a reset connection, a 5xx or even a 429: the service may have acted, and
 *   the worker decides whether to try again.
 */
export type RetryClass = 'safe' | 'idempotent' | 'unsafe';

/**
 * Read from the operation's declaration in resources/openapi.yaml (`x-safe`, which every operation
 * must carry, and its `Idempotency-Key` parameter), so a new operation is classed where it is declared.
 */
export function retryClass(operationId: OperationId): RetryClass {
  const info = operationInfo(operationId);
  if (info.safe) return 'safe';
  return info.requiresIdempotencyKey ? 'idempotent' : 'unsafe';
}

export interface BackoffSettings {
  /** First backoff ceiling; doubles with every retry. */
  baseMs: number;
  /** Ceiling of one backoff. */
  maxDelayMs: number;
  /** A Retry-After longer than this is not waited for: the call fails at once with `rate_limited`. */
  maxRetryAfterMs: number;
  random: () => number;
}

/**
 * "Full jitter" (AWS Architecture Blog, "Exponential Backoff And Jitter"): a uniform delay in
 * [0, min(max, base * 2^retry)], so clients that failed together do not come back together.
 */
export function backoffDelay(retry: number, settings: BackoffSettings): number {
  const ceiling = Math.min(settings.maxDelayMs, settings.baseMs * 2 ** retry);
  return Math.floor(settings.random() * ceiling);
}

/**
 * The wait a `Retry-After` header asks for, in ms: whole seconds or an HTTP date (RFC 9110).
 * Undefined when absent or unreadable.
 */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d{1,9}$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  if (Number.isNaN(date) || !/[a-z]/i.test(text)) return undefined;
  return Math.max(0, date - now);
}

/**
 * The wait before the next attempt: the jittered backoff, but never less than what the server
 * asked for; with a small jitter on top of Retry-After so a crowd of desks told "1 s" spreads out.
 */
export function nextDelay(retry: number, retryAfterMs: number | undefined, settings: BackoffSettings): number {
  const jittered = backoffDelay(retry, settings);
  if (retryAfterMs === undefined) return jittered;
  return retryAfterMs + Math.floor(settings.random() * Math.min(settings.baseMs, 1000));
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export interface RetryPolicy {
  retryClass: RetryClass;
  maxRetries: number;
  backoff: BackoffSettings;
}

/**
 * Runs `attempt` until it succeeds or the policy says stop; `report` hears every attempt. Only
 * failures that say nothing about the request (no answer, 429, 5xx) are repeated, and an unsafe
 * operation only when its request never left. Throws the last failure.
 */
export async function withRetries(attempt: () => Promise<Attempt>, policy: RetryPolicy, report: (attempt: Attempt) => void): Promise<Extract<Attempt, { kind: 'success' }>> {
  for (let retry = 0; ; retry++) {
    const result = await attempt();
    report(result);
    if (result.kind === 'success') return result;
    const { error } = result;
    const status = error.status ?? 0;
    const worthRepeating = result.networkError || status === 429 || status >= 500;
    const allowed = policy.retryClass !== 'unsafe' || result.neverSent;
    if (!worthRepeating || !allowed || retry >= policy.maxRetries) throw new ApiError(error, result.retryAfterMs);
    if (result.retryAfterMs !== undefined && result.retryAfterMs > policy.backoff.maxRetryAfterMs) {
      // Waiting less than asked would only earn another 429; waiting this long blocks the worker.
      throw new ApiError(error, result.retryAfterMs);
    }
    await sleep(nextDelay(retry, result.retryAfterMs, policy.backoff));
  }
}
