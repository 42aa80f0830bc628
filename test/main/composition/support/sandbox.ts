import { createApiClient, type ApiClient, type RequestOutcome } from '../../../../src/main/kernel/api';
import { DEMO_OWNERS, startSandbox, type RunningSandbox, type SandboxOptions } from '../../../../src/sandbox';

/** A small demo sandbox on a random loopback port, without a rate limit (tests send bursts). */
export function startTestSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  return startSandbox({ host: '127.0.0.1', port: 0, demo: { skus: 60, shipments: 10 }, rateLimit: false, ...options });
}

/** An API client of the demo desk owner, with short timeouts and backoff so failure tests stay fast. */
export function testClient(sandbox: { baseUrl: string }, onOutcome?: (o: RequestOutcome) => void, extra: { maxRetries?: number; timeoutMs?: number } = {}): ApiClient {
  return createApiClient({
    baseUrl: sandbox.baseUrl,
    credentials: async () => ({ ...DEMO_OWNERS.desk }),
    timeoutMs: extra.timeoutMs ?? 3_000,
    maxRetries: extra.maxRetries ?? 1,
    backoff: { baseMs: 5, maxDelayMs: 20, maxRetryAfterMs: 50 },
    ...(onOutcome ? { onOutcome } : {}),
  });
}
