import { ApiError, type ApiClient } from '../kernel/api';
import type { CatalogCache, CatalogRecorder } from '../kernel/cache';
import type { EventHub } from '../kernel/ipc/event-hub';
import { notSignedIn } from '../kernel/ipc/account-guard';
import { toDeskError } from '../kernel/ipc/desk-error';
import type { Log } from '../kernel/log';
import type { SyncResource, SyncState, SyncStateStore } from './sync-state';
import type { SyncStatus } from '../../shared/ipc/records';

/** The cache as sync needs it: the catalog it fills and its own record of how far each resource got. */
export interface SyncCache extends CatalogCache {
  readonly syncState: SyncStateStore;
}

export interface SyncDeps {
  cache: SyncCache;
  recorder: CatalogRecorder;
  events: EventHub;
  /** The API client of the signed-in account, or null when signed out. */
  api: () => ApiClient | null;
  now?: () => Date;
  /** Records per page; the contract allows at most 500. */
  pageSize?: number;
  /**
   * Subtracted from a pass's start (the service's time on its first answer) to give the next
   * pass's `updated_since`: it covers the time the service took over that first page (its Date is
   * stamped as it answers) and changes committed at the service out of their time order. A few
   * records are pulled twice instead, which the version check makes harmless.
   */
  safetyMarginMs?: number;
  log?: Log;
}

/** Warehouses first (stock levels name them), then products (barcodes), then stock. */
export const SYNC_RESOURCES: readonly SyncResource[] = ['warehouses', 'products', 'stock'];

const DEFAULT_PAGE_SIZE = 500;
/** meta key: the resource an unfinished round is at. */
const ROUND_KEY = 'sync.round';

interface Page {
  size: number;
  nextCursor: string | null;
  /** The service's time on its answer (the Date header), when it gave one. */
  serviceTime: number | undefined;
  write: (confirmedAt: string) => void;
}
const DEFAULT_SAFETY_MARGIN_MS = 2 * 60_000;

class SyncCancelled extends Error {
  constructor() {
    super('sync cancelled: the account changed');
  }
}

function isStaleCursor(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'validation_failed' && (error.details ?? []).some((d) => d.field === 'cursor');
}

/**
 * Pulls warehouses, products and stock from the service into the cache: a full pass first, then
 * incremental passes (`updated_since`), page by page. Each page and the position after it commit
 * in one transaction, so a crash or a dropped network resumes at the next page of the same pass
 * (with the same filters, as a cursor requires) instead of starting over. The next page is on its
 * way while one is written. One run at a time.
 *
 * Warehouses have no `updated_since` filter; they are few, so every pass is a full one and a
 * warehouse the service no longer lists is dropped at the end of it. Products and stock items
 * deleted at the service are not seen by an incremental pull (the API has no tombstones); a
 * lookup that finds one gone removes it.
 */
export class SyncEngine {
  readonly #deps: SyncDeps;
  readonly #now: () => Date;
  readonly #pageSize: number;
  readonly #marginMs: number;
  #running: Promise<SyncStatus> | null = null;
  /** Everything of the status but `lastSyncedAt`, which the cache holds (see `status`). */
  #status: Omit<SyncStatus, 'lastSyncedAt'>;

  constructor(deps: SyncDeps) {
    this.#deps = deps;
    this.#now = deps.now ?? (() => new Date());
    this.#pageSize = Math.min(500, Math.max(1, deps.pageSize ?? DEFAULT_PAGE_SIZE));
    this.#marginMs = deps.safetyMarginMs ?? DEFAULT_SAFETY_MARGIN_MS;
    this.#status = { state: 'idle', phase: null, done: 0, lastError: null };
  }

  /**
   * `lastSyncedAt` is read from the cache each time, never remembered: the cache is cleared when
   * another account signs in (after this engine was made for it), and its status must not carry
   * the previous account's last sync.
   */
  get status(): SyncStatus {
    return { ...this.#status, lastSyncedAt: this.#lastSyncedAt(), lastError: this.#status.lastError ? { ...this.#status.lastError } : null };
  }

  /** Starts a run, or joins the one in progress. Never throws: a failure ends up in the status. */
  run(): Promise<SyncStatus> {
    if (!this.#running) {
      this.#running = this.#run().finally(() => {
        this.#running = null;
      });
    }
    return this.#running;
  }

  /** Resolves when no run is in progress. */
  async idle(): Promise<void> {
    while (this.#running) await this.#running;
  }

  async #run(): Promise<SyncStatus> {
    const api = this.#deps.api();
    if (!api) {
      this.#set({ state: 'failed', phase: null, done: 0, lastError: { ...notSignedIn().error } });
      return this.status;
    }
    // A round that failed part-way is finished first: with a flaky network, starting every run
    // again at the warehouses would spend each attempt's luck on work already done.
    const meta = this.#deps.cache.meta;
    const resumeAt = Math.max(0, SYNC_RESOURCES.indexOf(meta.get(ROUND_KEY) as SyncResource));
    this.#set({ state: 'running', phase: SYNC_RESOURCES[resumeAt]!, done: 0, lastError: null });
    let bulk = false;
    let ending: Partial<Omit<SyncStatus, 'lastSyncedAt'>>;
    try {
      for (const resource of SYNC_RESOURCES.slice(resumeAt)) {
        meta.set(ROUND_KEY, resource);
        this.#set({ phase: resource });
        if (resource === 'stock' && !bulk && this.#deps.cache.reads.stockCount() === 0) {
          // Filling an empty cache: without the sort indexes, built once at the end (sort-indexes.ts).
          this.#deps.cache.writes.beginBulkLoad();
          bulk = true;
        }
        try {
          await this.#pass(api, resource);
        } catch (error) {
          if (!isStaleCursor(error)) throw error;
          // The service no longer accepts the saved position (it forgot it): start the pass again.
          this.#deps.log?.('warn', 'sync cursor refused, restarting the pass', { resource });
          this.#deps.cache.syncState.save({ ...this.#deps.cache.syncState.get(resource), passStartedAt: null, cursor: null, pulled: 0 });
          await this.#pass(api, resource);
        }
      }
      meta.set(ROUND_KEY, null);
      ending = { state: 'idle', phase: null };
    } catch (error) {
      if (error instanceof SyncCancelled) ending = { state: 'idle', phase: null };
      else {
        const known = toDeskError(error);
        if (known === undefined) this.#deps.log?.('error', 'sync failed', { error: String(error) });
        ending = { state: 'failed', lastError: known ?? { code: 'internal_error', message: 'Syncing failed because of an error inside the app.' } };
      }
    }
    // The run ends once the sort indexes are back (built a turn at a time): a run reported over
    // is one the next may follow at once.
    if (bulk) {
      try {
        await this.#deps.cache.writes.endBulkLoad();
      } catch (error) {
        // Opening the cache builds them next time (sort-indexes.ts); searches work meanwhile.
        this.#deps.log?.('error', 'sort indexes not rebuilt', { error: String(error) });
      }
    }
    this.#set(ending);
    return this.status;
  }

  /** One pass of one resource, from where the last one stopped. */
  async #pass(api: ApiClient, resource: SyncResource): Promise<void> {
    const store = this.#deps.cache.syncState;
    let state: SyncState = store.get(resource);
    if (state.passStartedAt === null) {
      state = {
        ...state,
        passStartedAt: this.#now().toISOString(),
        passSince: resource === 'warehouses' ? null : state.watermark,
        passServiceAt: null,
        cursor: null,
        pulled: 0,
      };
      store.save(state);
    }
    let coming = this.#fetch(api, resource, state);
    for (;;) {
      const page = await coming;
      // Signed out (or switched account) while the page was on its way: keep the saved position
      // as it was, so the page is fetched again by whoever syncs next.
      if (!this.#deps.recorder.active) throw new SyncCancelled();
      // The next page is asked for before this one is written, so the service prepares it (and
      // the network carries it) while the cache writes. Only the written page moves the saved
      // position: a crash or a failure loses the page in flight, which is asked for again.
      if (page.nextCursor) {
        coming = this.#fetch(api, resource, { ...state, cursor: page.nextCursor, pulled: state.pulled + page.size });
        // Awaited at the top of the loop; when this page's write fails first, nobody will.
        coming.catch(() => undefined);
      }
      const next = this.#deps.cache.writes.transaction(() => {
        const confirmedAt = this.#asOf(page.serviceTime);
        page.write(confirmedAt);
        const current: SyncState =
          state.passServiceAt === null && page.serviceTime !== undefined ? { ...state, passServiceAt: new Date(page.serviceTime).toISOString() } : state;
        const after: SyncState = page.nextCursor
          ? { ...current, cursor: page.nextCursor, pulled: state.pulled + page.size }
          : this.#finished(resource, current, confirmedAt);
        store.save(after);
        return after;
      });
      this.#set({ done: this.#status.done + page.size });
      state = next;
      if (state.passStartedAt === null) return;
    }
  }

  /** Fetches one page; `write` records it (called inside the page's transaction). */
  async #fetch(api: ApiClient, resource: SyncResource, state: SyncState): Promise<Page> {
    const recorder = this.#deps.recorder;
    const base = { limit: this.#pageSize, ...(state.cursor ? { cursor: state.cursor } : {}) };
    const since = state.passSince ? { updated_since: state.passSince } : {};
    switch (resource) {
      case 'warehouses': {
        const { body, serviceTime } = await api.listWarehouses(base);
        return { size: body.data.length, nextCursor: body.next_cursor ?? null, serviceTime, write: (at) => recorder.warehouses(body.data, state.passStartedAt, state.pulled, at) };
      }
      case 'products': {
        const { body, serviceTime } = await api.listProducts({ ...base, ...since });
        return { size: body.data.length, nextCursor: body.next_cursor ?? null, serviceTime, write: (at) => recorder.products(body.data, at) };
      }
      case 'stock': {
        const { body, serviceTime } = await api.listStock({ ...base, ...since });
        return {
          size: body.data.length,
          nextCursor: body.next_cursor ?? null,
          serviceTime,
          write: (at) => recorder.stockPage(body.data, at),
        };
      }
    }
  }

  /**
   * The next pass asks for what changed since this one started, on the service's clock: the desk's
   * may be anywhere (10 minutes fast, it would ask for "changed since" a time the service has not
   * reached, and see nothing until a full resync). A pass that learnt no time from the service
   * leaves the watermark where it was: the same changes are pulled again, none is missed.
   */
  #finished(resource: SyncResource, state: SyncState, completedAt: string): SyncState {
    if (resource === 'warehouses' && state.passStartedAt) this.#deps.cache.writes.dropWarehousesNotIn(state.passStartedAt);
    const watermark =
      resource === 'warehouses' ? null : state.passServiceAt !== null ? new Date(Date.parse(state.passServiceAt) - this.#marginMs).toISOString() : state.passSince;
    return {
      resource,
      passStartedAt: null,
      passSince: null,
      passServiceAt: null,
      cursor: null,
      pulled: 0,
      watermark,
      lastCompletedAt: completedAt,
    };
  }

  /**
   * The "as of" stamp of what a page brought: the desk's time, but never later than the service's
   * (the end of the second its Date names). A desk clock running ahead would otherwise date the
   * copy in the future, fresher than anything the service said; one running behind dates it
   * earlier than it is, which only makes it look older.
   */
  #asOf(serviceTime: number | undefined): string {
    const desk = this.#now().getTime();
    return new Date(serviceTime === undefined ? desk : Math.min(desk, serviceTime + 999)).toISOString();
  }

  #lastSyncedAt(): string | null {
    return this.#deps.cache.syncState.lastSyncedAt(SYNC_RESOURCES.length);
  }

  #set(patch: Partial<Omit<SyncStatus, 'lastSyncedAt'>>): void {
    this.#status = { ...this.#status, ...patch };
    this.#deps.events.emit('sync.progress', this.status);
  }
}
