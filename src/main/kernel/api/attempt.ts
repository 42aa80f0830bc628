import type { ApiFailure } from './api-error';

/**
 * What one HTTP exchange came to: the transport's answer, the retry policy's input. `serviceTime`:
 * the answer's `Date` header in ms, when it had a readable one.
 */
export type Attempt =
  | { kind: 'success'; body: unknown; requestId: string; serviceTime?: number }
  | { kind: 'failure'; error: ApiFailure; networkError: boolean; neverSent: boolean; retryAfterMs?: number; serviceTime?: number };
