import type { DeskError } from '../../../shared/ipc/result';

/** What one HTTP exchange came to: the transport's answer, the retry policy's input. */
export type Attempt =
  | { kind: 'success'; body: unknown; requestId: string }
  | { kind: 'failure'; error: DeskError; networkError: boolean; neverSent: boolean; retryAfterMs?: number };
