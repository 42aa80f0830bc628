import type { ApiFailure } from './api-error';

/** What one HTTP exchange came to: the transport's answer, the retry policy's input. */
export type Attempt =
  | { kind: 'success'; body: unknown; requestId: string }
  | { kind: 'failure'; error: ApiFailure; networkError: boolean; neverSent: boolean; retryAfterMs?: number };
