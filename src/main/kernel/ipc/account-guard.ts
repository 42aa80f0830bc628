import { failure, type DeskFailure } from '../../../shared/ipc/result';

/**
 * The one answer of a signed-out desk. Every channel that acts, or needs the account or the
 * service, gets it from here; channels that only read what the desk holds answer from the cache,
 * which holds nothing of anyone once the account is gone.
 */
export function notSignedIn(): DeskFailure {
  return failure('not_signed_in', 'Sign in (or start the demo) first.');
}

/** The signed-in account's part, or the signed-out failure. */
export function requireSignedIn<T>(current: T | null | undefined): T {
  if (current === null || current === undefined) throw notSignedIn();
  return current;
}
