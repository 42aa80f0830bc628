import { isTransient } from './api';
import type { Session } from '../account/account-session';
import { DeskFailure, failure } from '../../shared/ipc/result';

/** The session, or `not_signed_in`. */
export function requireSession(session: Session | null): Session {
  if (!session) throw failure('not_signed_in', 'Sign in (or start the demo) first.');
  return session;
}

/** The session, when the service can be reached; else `offline` (the call needs the service). */
export function requireOnline(session: Session | null): Session {
  const s = requireSession(session);
  if (!s.online) throw failure('offline', 'This needs the service, and it cannot be reached right now. Try again when the desk is back online.');
  return s;
}

/** True for failures after which the offline cache is the best answer there is. */
export function cacheWillDo(error: unknown): boolean {
  return error instanceof DeskFailure && isTransient(error.error);
}

/** Cursors of answers from the cache (offline) are the offset of the next page, marked so they are never sent to the service. */
const CACHE_CURSOR = /^cache:(\d{1,9})$/;

export function cacheCursor(offset: number): string {
  return `cache:${offset}`;
}

/** The offset a cursor stands for in the cache: 0 without one; null for the service's own cursors. */
export function cacheOffset(cursor: string | null | undefined): number | null {
  if (cursor === undefined || cursor === null) return 0;
  const match = CACHE_CURSOR.exec(cursor);
  return match ? Number(match[1]) : null;
}

export function isCacheCursor(cursor: string | null | undefined): boolean {
  return typeof cursor === 'string' && CACHE_CURSOR.test(cursor);
}
