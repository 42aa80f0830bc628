import type { DeskError, Result } from '../../../../shared/ipc/result';
import type { StockRow } from '../../../../shared/ipc/records';

/**
 * The rows behind the virtual stock list: fetched from the local cache page by page (by offset)
 * as the viewport moves, kept in a bounded page cache, and thrown away whole when the query
 * changes. Answers to an older query are dropped on arrival, so the latest query always wins
 * however the answers interleave.
 */

export const STOCK_SORT_KEYS = ['sku', 'name', 'onHand', 'available', 'updatedAt'] as const;
export type StockSortKey = (typeof STOCK_SORT_KEYS)[number];
export type SortDirection = 'asc' | 'desc';

export interface StockQuery {
  /** Start of a SKU, of a word of the name, or of a barcode (else text inside one); '' for all. */
  text: string;
  warehouseId: string | null;
  sort: StockSortKey;
  direction: SortDirection;
}

export interface StockPage {
  rows: StockRow[];
  /** Rows matching the query; with `capped`, how many at least (main stopped counting there). */
  total: number;
  /** More than `total` rows match: main counts only so far past the page asked for (COUNT_CAP). */
  capped?: true;
  /** `contains` when nothing started with the text and the rows contain it instead. */
  match?: 'contains';
}

/** One page request: what `desk.stock.search` answers. */
export type FetchStockPage = (query: StockQuery, offset: number, limit: number) => Promise<Result<StockPage>>;

export interface StockPagesOptions {
  /** Rows per request (the contract allows up to 500). */
  pageSize?: number;
  /** Pages kept in memory; the ones farthest from the viewport go first. */
  maxPages?: number;
}

export function sameQuery(a: StockQuery, b: StockQuery): boolean {
  return a.text === b.text && a.warehouseId === b.warehouseId && a.sort === b.sort && a.direction === b.direction;
}

export class StockPages {
  readonly pageSize: number;
  readonly maxPages: number;

  /** Rows matching the query, or null until the first page of this query has answered. */
  total = $state<number | null>(null);
  /** The rows contain the text rather than start with it (nothing started with it). */
  contains = $state(false);
  /**
   * More than `total` rows match: main stopped counting (at a million SKUs a count of every match
   * would cost a keystroke 100 ms or more). The list shows `total` rows; a page read near its end
   * is counted further past itself, so `total` grows as the list is scrolled and every match can be
   * reached.
   */
  capped = $state(false);
  /** The last failure of this query (cleared by the next successful page). */
  error = $state<DeskError | null>(null);
  /** Bumped whenever a page arrives or is dropped, so views that read rows re-render. */
  revision = $state(0);
  /** Requests of the current query still under way. */
  pending = $state(0);

  #fetch: FetchStockPage;
  #query: StockQuery;
  #generation = 0;
  /** An answer of this query counted every match: capped answers no longer move `total`. */
  #exact = false;
  // Plain (non-reactive) collections on purpose: 100,000 rows must not become proxies; views
  // re-render through `revision` instead.
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  #pages = new Map<number, StockRow[]>();
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  #inflight = new Set<number>();
  /** Pages whose request failed in this query: not retried by scrolling (that would loop), only by refresh. */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  #failed = new Set<number>();
  /** The page range last asked for, to choose what to evict. */
  #wanted: [number, number] = [0, 0];

  constructor(fetchPage: FetchStockPage, initial: StockQuery, options: StockPagesOptions = {}) {
    this.#fetch = fetchPage;
    this.#query = initial;
    this.pageSize = options.pageSize ?? 200;
    this.maxPages = Math.max(2, options.maxPages ?? 40);
  }

  get query(): StockQuery {
    return this.#query;
  }

  /** Pages currently held (for tests and diagnostics). */
  get cachedPages(): number[] {
    return [...this.#pages.keys()].sort((a, b) => a - b);
  }

  /**
   * Switches to another query: forgets every page, ignores answers still on their way, and loads
   * the first page. Setting the same query again is a no-op.
   */
  setQuery(query: StockQuery): void {
    if (sameQuery(query, this.#query) && this.#generation > 0) return;
    this.#query = query;
    this.#restart(false);
  }

  /**
   * Reloads the current query (a sync changed the cache): the total stays, so the list keeps its
   * scroll position, and the pages in view are fetched again.
   */
  refresh(): void {
    this.#restart(this.total !== null);
  }

  /** Replaces one SKU's values in the pages held, from a fresher record (a `stock.updated` event). */
  patch(sku: string, update: (row: StockRow) => StockRow): void {
    let changed = false;
    for (const page of this.#pages.values()) {
      const i = page.findIndex((r) => r.sku === sku);
      const found = i >= 0 ? page[i] : undefined;
      if (found) {
        page[i] = update(found);
        changed = true;
      }
    }
    if (changed) this.revision += 1;
  }

  #restart(keepTotal: boolean): void {
    this.#generation += 1;
    this.#exact = false;
    this.#pages.clear();
    this.#inflight.clear();
    this.#failed.clear();
    this.pending = 0;
    this.error = null;
    this.revision += 1;
    if (keepTotal) {
      const [lo, hi] = this.#wanted;
      for (let p = lo; p <= hi; p += 1) void this.#load(p);
      return;
    }
    this.total = null;
    this.capped = false;
    this.#wanted = [0, 0];
    void this.#load(0);
  }

  /** The row at `index`, or undefined while its page is loading. */
  row(index: number): StockRow | undefined {
    const page = this.#pages.get(Math.floor(index / this.pageSize));
    return page?.[index % this.pageSize];
  }

  /** Makes sure the rows `first..last` (inclusive) are loaded or on their way. */
  ensureRange(first: number, last: number): void {
    if (this.#generation === 0) this.#restart(false);
    const total = this.total;
    if (total === null) return; // the first page decides how many rows there are
    if (total === 0 || last < first) return;
    const lo = Math.max(0, Math.floor(first / this.pageSize));
    const hi = Math.min(Math.floor((total - 1) / this.pageSize), Math.floor(Math.max(first, last) / this.pageSize));
    this.#wanted = [lo, hi];
    for (let p = lo; p <= hi; p += 1) {
      if (!this.#pages.has(p) && !this.#inflight.has(p) && !this.#failed.has(p)) void this.#load(p);
    }
  }

  async #load(pageIndex: number): Promise<void> {
    const generation = this.#generation;
    const query = this.#query;
    this.#inflight.add(pageIndex);
    this.pending += 1;
    let answer: Result<StockPage>;
    try {
      answer = await this.#fetch(query, pageIndex * this.pageSize, this.pageSize);
    } catch (e) {
      // The bridge answers Results; a throw means something below it broke. Show it, do not crash.
      answer = { ok: false, error: { code: 'internal_error', message: e instanceof Error ? e.message : String(e) } };
    }
    if (generation !== this.#generation) return; // an older query: its answer no longer matters
    this.#inflight.delete(pageIndex);
    this.pending = Math.max(0, this.pending - 1);
    if (!answer.ok) {
      this.#failed.add(pageIndex);
      this.error = answer.error;
      if (this.total === null) this.total = 0;
      this.revision += 1;
      return;
    }
    this.error = null;
    this.#takeTotal(answer.value);
    this.contains = answer.value.match === 'contains';
    this.#pages.set(pageIndex, answer.value.rows);
    this.#evict();
    this.revision += 1;
  }

  /**
   * An exact total is the truth. A capped one only says "more than": the furthest count of this
   * query wins, so an answer for an early page (counted less far) arriving late never shrinks the
   * list under the worker's scroll position.
   */
  #takeTotal(page: StockPage): void {
    if (page.capped !== true) {
      this.#exact = true;
      this.total = page.total;
      this.capped = false;
      return;
    }
    if (this.#exact) return;
    this.total = Math.max(this.total ?? 0, page.total);
    this.capped = true;
  }

  /** Keeps at most maxPages, dropping the ones farthest from the range last asked for. */
  #evict(): void {
    if (this.#pages.size <= this.maxPages) return;
    const [lo, hi] = this.#wanted;
    const distance = (p: number): number => (p < lo ? lo - p : p > hi ? p - hi : 0);
    const byDistance = [...this.#pages.keys()].sort((a, b) => distance(b) - distance(a));
    for (const p of byDistance) {
      if (this.#pages.size <= this.maxPages) break;
      if (distance(p) === 0) break;
      this.#pages.delete(p);
    }
  }
}
