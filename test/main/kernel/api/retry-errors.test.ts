// The pieces the retry decisions rest on: Retry-After, full-jitter backoff, which failures are
// transient, and which low-level errors prove a request never left (taken from real fetch failures).
import { describe, expect, it } from 'vitest';
import { describeLowLevel, isAuthFailure, isDefinitiveRefusal, isTransient, networkFailure, networkReason, redact, timeoutFailure } from '../../../../src/main/kernel/api/errors';
import { backoffDelay, retryClass, nextDelay, parseRetryAfter } from '../../../../src/main/kernel/api/retry';
import { allOperations } from '../../../../src/shared/api';
import { freePort, startStub } from './support';

describe('retry policy', () => {
  it('classes every operation of the contract; only cancel and delete are unsafe', () => {
    const operations = [...allOperations().keys()];
    const unsafe = operations.filter((op) => retryClass(op) === 'unsafe');
    expect(unsafe.sort()).toEqual(['cancelShipment', 'deleteShipment']);
    // Every operation that requires an Idempotency-Key is classed idempotent, and only those.
    for (const [op, info] of allOperations()) expect(retryClass(op) === 'idempotent').toBe(info.requiresIdempotencyKey);
    expect(operations.filter((op) => retryClass(op) === 'safe').sort()).toEqual(
      ['getToken', 'greenIndex', 'listProducts', 'listShipments', 'listStock', 'listWarehouses', 'readShipment', 'readStock', 'transitTime'].sort(),
    );
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2025-01-06T08:00:00Z');
    expect(parseRetryAfter('3', now)).toBe(3000);
    expect(parseRetryAfter(' 1 ', now)).toBe(1000);
    expect(parseRetryAfter('Mon, 06 Jan 2025 08:00:05 GMT', now)).toBe(5000);
    expect(parseRetryAfter('Mon, 06 Jan 2025 07:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter('-1', now)).toBeUndefined();
  });

  it('jitters the whole backoff window, doubling up to the cap, and never waits less than Retry-After', () => {
    const settings = { baseMs: 100, maxDelayMs: 1000, maxRetryAfterMs: 5000, random: () => 0.999999 };
    expect([0, 1, 2, 3, 4, 5].map((r) => backoffDelay(r, settings))).toEqual([99, 199, 399, 799, 999, 999]);
    expect(backoffDelay(3, { ...settings, random: () => 0 })).toBe(0);
    expect(nextDelay(0, 2000, { ...settings, random: () => 0 })).toBe(2000);
    expect(nextDelay(0, 2000, settings)).toBeGreaterThanOrEqual(2000);
  });
});

describe('error classes', () => {
  it('tells transient failures, account problems and refusals apart', () => {
    const e = (code: string, status?: number) => (status === undefined ? { code, message: '' } : { code, message: '', status });
    for (const t of [e('network_error'), e('timeout'), e('rate_limited', 429), e('service_unavailable', 503), e('internal_error', 500), e('unexpected_response', 502), e('whatever', 504), e('new_throttle', 429)]) {
      expect(isTransient(t)).toBe(true);
      expect(isDefinitiveRefusal(t)).toBe(false);
    }
    for (const a of [e('not_signed_in'), e('keychain_unavailable'), e('unauthorized', 401), e('token_expired', 401), e('invalid_credentials', 401)]) {
      expect(isTransient(a)).toBe(false);
      expect(isAuthFailure(a)).toBe(true);
      expect(isDefinitiveRefusal(a)).toBe(false);
    }
    for (const r of [e('insufficient_stock', 409), e('stock_item_not_found', 404), e('validation_failed', 422), e('unexpected_response', 200)]) {
      expect(isDefinitiveRefusal(r)).toBe(true);
    }
  });

  it('redacts secrets in server text', () => {
    expect(redact('token abc123xyz and abc123xyz', ['abc123xyz'])).toBe('token [redacted] and [redacted]');
    expect(redact('short a', ['a'])).toBe('short a'); // too short to be a secret; would mangle text
  });
});

describe('low-level failures of real fetch calls', () => {
  it('a refused connection proves the request never left', async () => {
    const error = await fetch(`http://127.0.0.1:${await freePort()}/`, { method: 'POST', body: '{}' }).catch((e: unknown) => e);
    const low = describeLowLevel(error);
    expect(low).toMatchObject({ code: 'ECONNREFUSED', neverSent: true });
    expect(networkReason(low)).toBe('the connection was refused');
    // The screens word it in the desk's language from the reason and the address, not from the English.
    expect(networkFailure('http://127.0.0.1:1', error, undefined).error).toMatchObject({ code: 'network_error', reason: 'refused', params: { origin: 'http://127.0.0.1:1' } });
    expect(timeoutFailure('http://127.0.0.1:1', 10_000, undefined)).toMatchObject({ code: 'timeout', params: { origin: 'http://127.0.0.1:1', seconds: 10 } });
  });

  it('an unknown host proves it too', async () => {
    const error = await fetch('http://warehouse-desk-no-such-host.invalid/', { method: 'POST', body: '{}' }).catch((e: unknown) => e);
    expect(describeLowLevel(error).neverSent).toBe(true);
  });

  it('a connection closed after the request was sent does not', async () => {
    const stub = await startStub((_req, res) => void res.socket?.destroy());
    try {
      const error = await fetch(stub.baseUrl, { method: 'POST', body: '{}' }).catch((e: unknown) => e);
      expect(describeLowLevel(error).neverSent).toBe(false);
      expect(stub.requests).toHaveLength(1);
    } finally {
      await stub.close();
    }
  });
});
