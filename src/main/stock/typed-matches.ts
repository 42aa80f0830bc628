import type { PrefixRange } from '../kernel/cache/search-keys';

/** One matching item: enough to filter it by further terms and to page by SKU. */
export interface TypedMatch {
  id: number;
  sku: string;
  /** stock_items.search_text: every key after a space (see migration 0003). */
  text: string;
}

/**
 * The matches of the last query that needed a pass over its items (several terms), in SKU order,
 * kept while the worker types on.
 *
 * Why: at a million SKUs the total of a query of several terms costs a read of every item of its
 * rarest term (the total is not on the key index), tens of thousands of rows, and typing
 * "corner guard brown 100" asks for it again at every key after the first word. A query that only
 * adds to the last one ("corner g" -> "corner gu", or a new word) matches a subset of its items,
 * so its answer is a filter of this list in memory, with the same test the SQL makes
 * (`instr(search_text, ' ' || term)`): a few milliseconds instead of a pass.
 *
 * The list holds ids, SKUs and keys only, never quantities (a page reads those fresh), so it stays
 * true until an item is added, removed, renamed or re-keyed: `generation` (CatalogWrites.keysGeneration).
 */
export class TypedMatches {
  readonly #limit: number;
  #terms: string[] = [];
  #items: TypedMatch[] = [];
  #generation = -1;

  /** `limit`: the most items kept (a larger pass is not remembered: memory stays bounded). */
  constructor(limit: number) {
    this.#limit = limit;
  }

  /** Whether a pass over this many items would be kept. */
  fits(items: number): boolean {
    return items <= this.#limit;
  }

  remember(ranges: readonly PrefixRange[], items: TypedMatch[], generation: number): void {
    if (!this.fits(items.length)) return this.forget();
    this.#terms = ranges.map((r) => r.low);
    this.#items = items;
    this.#generation = generation;
  }

  forget(): void {
    this.#terms = [];
    this.#items = [];
    this.#generation = -1;
  }

  /**
   * The items matching `ranges`, in SKU order, when they are a subset of the remembered ones:
   * every remembered term is a prefix of one of the new terms (a key starting with the new term
   * starts with the old one too). Null when they may not be.
   */
  narrow(ranges: readonly PrefixRange[], generation: number): TypedMatch[] | null {
    if (generation !== this.#generation || this.#terms.length === 0) return null;
    const terms = ranges.map((r) => r.low);
    if (!this.#terms.every((old) => terms.some((t) => t.startsWith(old)))) return null;
    const needles = terms.map((t) => ` ${t}`);
    const items = this.#items.filter((item) => needles.every((n) => item.text.includes(n)));
    this.#terms = terms;
    this.#items = items;
    return items;
  }
}
