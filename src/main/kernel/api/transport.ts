// One HTTP exchange with the Shipping API: headers, timeout, size limit, redirect refusal, the
// body read and checked against the contract. It never throws and never retries: every outcome
// is an Attempt, which the retry policy (retry.ts) and the client (client.ts) act on.
import { validateResponseBody, type OperationId } from '../../../shared/api';
import type { ApiFailure } from './api-error';
import { cleanRequestId, describeProblems, errorFromBody, networkFailure, timeoutFailure, unexpected } from './errors';
import type { Attempt } from './attempt';
import { parseRetryAfter } from './retry';
import type { ServiceClock } from './service-clock';

export interface SendSpec<Op extends OperationId> {
  operationId: Op;
  path: string;
  body: unknown;
  token?: string;
  idempotencyKey?: string;
}

export interface TransportSettings {
  baseUrl: string;
  /** For messages: where the service is, without path or credentials. */
  origin: string;
  fetch: typeof fetch;
  timeoutMs: number;
  userAgent: string;
  maxResponseBytes: number;
  now: () => number;
  /** Secrets this client has handled, redacted from whatever the server echoes. */
  secrets: () => readonly string[];
  /** Learns the service's time from every answer's `Date` header, errors included. */
  serviceClock: ServiceClock;
}

export type Transport = <Op extends OperationId>(spec: SendSpec<Op>) => Promise<Attempt>;

export function createTransport(settings: TransportSettings): Transport {
  const { baseUrl, origin, timeoutMs, maxResponseBytes } = settings;

  /** Reads the body as text under the attempt's signal, refusing more than maxResponseBytes. */
  async function readText(response: Response): Promise<string | null> {
    if (response.body === null) return '';
    const reader = response.body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxResponseBytes) {
        await reader.cancel().catch(() => undefined);
        return null;
      }
      chunks.push(value);
    }
    return new TextDecoder().decode(Buffer.concat(chunks));
  }

  return async function attempt(spec) {
    const secrets = settings.secrets();
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      'User-Agent': settings.userAgent,
    };
    if (spec.token !== undefined) headers['Authorization'] = `Bearer ${spec.token}`;
    if (spec.idempotencyKey !== undefined) headers['Idempotency-Key'] = spec.idempotencyKey;
    const signal = AbortSignal.timeout(timeoutMs);
    let status = 0;
    let requestId: string | undefined;
    try {
      // redirect: 'manual': a redirect would resend the body (and the token) somewhere else.
      const response = await settings.fetch(baseUrl + spec.path, { method: 'POST', headers, body: JSON.stringify(spec.body), signal, redirect: 'manual' });
      status = response.status;
      requestId = cleanRequestId(response.headers.get('x-request-id'));
      const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), settings.now());
      const serviceTime = settings.serviceClock.observe(response.headers.get('date'));
      const at = serviceTime === null ? {} : { serviceTime };
      const text = await readText(response);
      const fail = (error: ApiFailure): Attempt => ({ kind: 'failure', error, networkError: false, neverSent: false, retryAfterMs, ...at });
      if (text === null) return fail(unexpected(status, requestId, `the body is larger than ${maxResponseBytes} bytes`, [], secrets));
      if (status >= 300 && status < 400) {
        return fail(unexpected(status, requestId, 'a redirect; check the service address (http or https, path)', [], secrets));
      }
      let body: unknown;
      try {
        body = text === '' ? undefined : JSON.parse(text);
      } catch {
        return fail(unexpected(status, requestId, 'the body is not JSON; is this the Shipping API?', [], secrets));
      }
      if (status >= 400) return fail(errorFromBody(status, requestId, body, secrets));
      const checked = validateResponseBody(spec.operationId, status, body);
      if (!checked.ok) return fail(unexpected(status, requestId, describeProblems(checked.problems), checked.problems, secrets));
      return { kind: 'success', body: checked.value, requestId: requestId ?? '', ...at };
    } catch (thrown) {
      if (signal.aborted) return { kind: 'failure', error: timeoutFailure(origin, timeoutMs, requestId), networkError: true, neverSent: false };
      const { error, neverSent } = networkFailure(origin, thrown, requestId);
      return { kind: 'failure', error, networkError: true, neverSent: status === 0 && neverSent };
    }
  };
}
