import { ApiError, isTransient, type ApiClient } from './api';
import type { CatalogRecorder } from './cache';
import { requireSignedIn } from './ipc/account-guard';
import { failure } from '../../shared/ipc/result';

/** What a capability needs of the signed-in account to ask the service and record its answers. */
export interface ServiceConnection {
  readonly api: ApiClient;
  readonly recorder: CatalogRecorder;
  /** The connectivity monitor's judgement, false once the account has signed out. */
  readonly online: boolean;
}

/** The connection when the service can be reached; `not_signed_in` or `offline` otherwise. */
export function requireOnline(connection: ServiceConnection | null): ServiceConnection {
  const c = requireSignedIn(connection);
  if (!c.online) throw failure('offline', 'This needs the service, and it cannot be reached right now. Try again when the desk is back online.');
  return c;
}

/** True for failures after which the offline cache is the best answer there is. */
export function cacheWillDo(error: unknown): boolean {
  return error instanceof ApiError && isTransient(error);
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

export const DEFAULT_PAGE = 50;

export interface ListPage<T> {
  items: T[];
  nextCursor: string | null;
  source: 'service' | 'cache';
}

export interface ServiceFirstList<T> {
  connection: ServiceConnection | null;
  cursor: string | null | undefined;
  limit: number | undefined;
  /** One page from the service (recording what it says); `cursor` is the service's own. */
  fromService: (c: ServiceConnection, page: { limit: number; cursor?: string }) => Promise<{ items: T[]; nextCursor: string | null }>;
  /** Up to `limit` items from `offset` of the cached copies. */
  fromCache: (page: { offset: number; limit: number }) => T[];
}

/**
 * A list read: from the service when online (its cursors), else, or when the service cannot be
 * reached after all, from the cached copies (cursors marked `cache:`). A service cursor cannot go
 * on in the cache: offline mid-way, the worker is told to start again from the first page.
 */
export async function listServiceFirst<T>(list: ServiceFirstList<T>): Promise<ListPage<T>> {
  const limit = list.limit ?? DEFAULT_PAGE;
  const c = list.connection;
  if (c?.online && !isCacheCursor(list.cursor)) {
    try {
      const page = await list.fromService(c, { limit, ...(list.cursor ? { cursor: list.cursor } : {}) });
      return { ...page, source: 'service' };
    } catch (error) {
      if (!cacheWillDo(error)) throw error;
    }
  }
  const offset = cacheOffset(list.cursor);
  if (offset === null) throw failure('offline', 'The service cannot be reached to read the next page. The offline cache starts again from the first page.', { reason: 'next_page' });
  const page = list.fromCache({ offset, limit: limit + 1 });
  return { items: page.slice(0, limit), nextCursor: page.length > limit ? cacheCursor(offset + limit) : null, source: 'cache' };
}
