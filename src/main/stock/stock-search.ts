import type Database from 'better-sqlite3';
import type { StockRow } from '../../shared/ipc/records';
import { nameWords, queryRanges, type PrefixRange } from '../kernel/cache/search-keys';
import { containsSearch } from './contains-search';
import type { StockSort } from './stock-sort';
import { TypedMatches, type TypedMatch } from './typed-matches';

export type { StockSort };

export interface StockSearchInput {
  query?: string;
  warehouseId?: string;
  sort?: StockSort;
  direction?: 'asc' | 'desc';
  offset?: number;
  limit?: number;
}

export interface StockSearchResult {
  rows: StockRow[];
  /** How many items match; with `capped`, how many at least (counting stopped there). */
  total: number;
  /**
   * Set when counting stopped at a cap: more than `total` items match. The cap grows with the
   * page asked for (COUNT_CAP, then twice the rows read so far), so a list that reads further
   * learns of more rows as it goes and reaches every match.
   */
  capped?: true;
  /** `contains` when nothing started with the query and the rows contain it instead. */
  match?: 'contains';
}

/** How a page was made (for tests, benchmarks and EXPLAIN). */
export type SearchPlan = 'all' | 'gather' | 'ordered' | 'ordered-after-probe' | 'ordered-from-first' | 'ordered-then-gather' | 'contains' | 'matched' | 'typed-on';

/**
 * Up to this many matching items, a page is made by gathering the matches from the key index and
 * sorting them (cost grows with the matches). Above it, matches are dense enough that reading the
 * list in sort order through a sort index, checking each row against the key index and stopping
 * after `limit` rows is cheaper (cost grows with offset + limit, not with the matches).
 */
export const GATHER_LIMIT = 5_000;
/** An ordered read looks at this many rows (at least), then gives up and gathers instead. */
const PROBE_ROWS = 2_000;
const PROBE_FACTOR = 20;
const DEFAULT_LIMIT = 50;
const COUNTS_REMEMBERED = 256;
/** A character inside a typed term that the name's keys split words at (see nameWords). */
const SEPARATOR = /[^\p{L}\p{N}]/u;
/**
 * Counting a query's matches stops after this many (a page at offset o counts up to twice o plus
 * its rows, in steps of this): at a million SKUs the first letter of a SKU or a barcode starts a
 * million keys, a count of 60-300 ms, where the first 10,000 take about a millisecond.
 */
export const COUNT_CAP = 10_000;
/** The most matches kept for typing on (TypedMatches): about 100 bytes each, 10 MB at most. */
export const TYPED_MATCHES_LIMIT = 100_000;

type WarehouseMode = 'none' | 'mask' | 'levels';

interface Shape {
  terms: number;
  /** The term with the fewest matches: it drives a gather and the count. */
  driver: number;
  /** By warehouse: `mask` when the warehouse has a bit in wh_mask, `levels` when not. */
  warehouse: WarehouseMode;
  sort: StockSort;
  desc: boolean;
}

type Kind = 'all' | 'gather' | 'gather-counted' | 'probe' | 'from-first' | 'count' | 'first' | 'matches' | 'by-ids';

/**
 * Search and sort of the cached stock list (the `stock.search` channel).
 *
 * A query's terms are counted on the key index alone (see migration 0003); those counts choose
 * the plan and, for one term, are the total. Counts are remembered until an item is added,
 * removed, renamed or moved between warehouses (not when quantities change), so typing on and
 * scrolling do not count again. One statement per query shape, prepared on first use and kept.
 * A query of several terms in SKU order makes one pass over its rarest term's items and keeps the
 * matches, so the keys typed after it filter them in memory (TypedMatches).
 */
export class StockSearch {
  readonly #db: Database.Database;
  readonly #keysGeneration: () => number;
  readonly #gatherLimit: number;
  readonly #probeRows: number;
  readonly #statements = new Map<string, Database.Statement>();
  readonly #countCap: number;
  readonly #counts = new Map<string, unknown>();
  #countsGeneration = -1;
  readonly #warehouseBit: Database.Statement;
  readonly #countAll: Database.Statement;
  readonly #countInWarehouse: Database.Statement;
  readonly #countTerm: Database.Statement;
  readonly #countTermInMask: Database.Statement;
  readonly #typedLimit: number;
  readonly #typed: TypedMatches;

  /** `keysGeneration` changes whenever counts may have (CatalogWrites.keysGeneration). */
  constructor(db: Database.Database, keysGeneration: () => number, options: { gatherLimit?: number; probeRows?: number; typedLimit?: number; countCap?: number } = {}) {
    this.#db = db;
    this.#keysGeneration = keysGeneration;
    this.#gatherLimit = Math.max(0, Math.floor(options.gatherLimit ?? GATHER_LIMIT));
    this.#probeRows = Math.max(1, Math.floor(options.probeRows ?? PROBE_ROWS));
    this.#typedLimit = Math.max(0, Math.floor(options.typedLimit ?? TYPED_MATCHES_LIMIT));
    this.#typed = new TypedMatches(this.#typedLimit);
    this.#countCap = Math.max(1, Math.floor(options.countCap ?? COUNT_CAP));
    this.#warehouseBit = db.prepare('SELECT bit FROM warehouse_bits WHERE warehouse_id = ?').pluck();
    this.#countAll = db.prepare('SELECT count(*) FROM stock_items').pluck();
    this.#countInWarehouse = db.prepare('SELECT count(*) FROM stock_levels WHERE warehouse_id = ?').pluck();
    // Up to @most + 1 items: reading the key index stops there (see #termCount).
    const term = 'key >= @low AND key < @high AND lcp < @bytes';
    this.#countTerm = db.prepare(`SELECT count(*) FROM (SELECT 1 FROM search_keys WHERE ${term} LIMIT @most + 1)`).pluck();
    this.#countTermInMask = db.prepare(`SELECT count(*) FROM (SELECT 1 FROM search_keys WHERE ${term} AND (wh_mask & @mask) != 0 LIMIT @most + 1)`).pluck();
  }

  search(input: StockSearchInput): StockSearchResult {
    return this.#run(input).result;
  }

  /** The plan a query took and SQLite's EXPLAIN QUERY PLAN of its page statement. */
  explain(input: StockSearchInput): { plan: SearchPlan; page: string[] } {
    const { plan, sql, params } = this.#run(input);
    const page = sql ? (this.#db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(params) as Array<{ detail: string }>).map((r) => r.detail) : [];
    return { plan, page };
  }

  #run(input: StockSearchInput): { result: StockSearchResult; plan: SearchPlan; sql: string | null; params: Record<string, unknown> } {
    this.#freshCounts();
    const offset = input.offset ?? 0;
    const limit = input.limit ?? DEFAULT_LIMIT;
    // Counts stop past the rows asked for, with room to scroll on (see COUNT_CAP).
    const cap = Math.max(this.#countCap, this.#countCap * Math.ceil((2 * (offset + limit)) / this.#countCap));
    const typedTerms = queryRanges(input.query);
    const ranges = this.#wordsOfSeparated(typedTerms);
    const params: Record<string, unknown> = { offset, limit, cap };
    ranges.forEach((r, i) => Object.assign(params, { [`low${i}`]: r.low, [`high${i}`]: r.high, [`bytes${i}`]: r.bytes }));

    let warehouse: WarehouseMode = 'none';
    let mask: number | null = null;
    if (input.warehouseId !== undefined) {
      params.warehouse = input.warehouseId;
      const bit = this.#warehouseBit.get(input.warehouseId) as number | undefined;
      warehouse = bit === undefined ? 'levels' : 'mask';
      if (bit !== undefined) params.mask = mask = 2 ** bit;
    }
    const shape: Shape = { terms: ranges.length, driver: 0, warehouse, sort: input.sort ?? 'sku', desc: input.direction === 'desc' };

    /** A count past `cap` stopped there: it is reported as "more than cap". A list of matches is exact. */
    const done = (rows: StockRow[], total: number, plan: SearchPlan, kind: Kind, used: Record<string, unknown> = params, exact = false) => ({
      result: total > cap && !exact ? { rows, total: cap, capped: true as const } : { rows, total },
      plan,
      sql: this.#sql(kind, shape),
      params: used,
    });

    if (ranges.length === 0) {
      // The whole list (of a warehouse): counted exactly, once until the keys change (80 ms at a million).
      const base = this.#remember(`base|${input.warehouseId ?? ''}`, () =>
        input.warehouseId !== undefined ? this.#countInWarehouse.get(input.warehouseId) : this.#countAll.get(),
      ) as number;
      const rows = offset >= base ? [] : this.#rows('all', shape, params);
      return done(rows, base, 'all', 'all', params, true);
    }

    // By SKU over every warehouse, a query that adds to the last one filters its matches in memory.
    const typable = shape.sort === 'sku' && warehouse === 'none';
    const typedOn = typable ? this.#typed.narrow(ranges, this.#countsGeneration) : null;
    // An empty narrowing falls through: nothing starts with the text, so the contains search answers.
    if (typedOn && typedOn.length > 0) return this.#pageOf(typedOn, shape, offset, limit, done);

    // Items per term, from the key index alone, counted up to the cap; the smallest drives.
    const counts = ranges.map((r) => this.#termCount(r, mask, cap));
    const pickDriver = () => {
      shape.driver = 0;
      counts.forEach((n, i) => {
        if (n < counts[shape.driver]!) shape.driver = i;
      });
    };
    pickDriver();
    // Several terms: the total needs a pass over the rarest term's items anyway; one pass that
    // keeps the matches gives the total, the page and what the next keystroke filters. Whether the
    // pass fits is known once the terms are counted as far as the kept matches go.
    // Each term is counted only as far as the rarest one so far (the longest first: likely rarer).
    if (typable && ranges.length > 1 && counts[shape.driver]! > cap && this.#typedLimit > cap) {
      let most = this.#typedLimit;
      const longestFirst = ranges.map((_, i) => i).sort((a, b) => ranges[b]!.bytes - ranges[a]!.bytes);
      for (const i of longestFirst) {
        counts[i] = this.#termCount(ranges[i]!, mask, most);
        most = Math.min(most, counts[i]!);
      }
      pickDriver();
    }
    const fewest = counts[shape.driver]!;
    if (typable && ranges.length > 1 && fewest > 0 && this.#typed.fits(fewest)) {
      const matched = this.#statement('matches', shape).all(params) as TypedMatch[];
      this.#typed.remember(ranges, matched, this.#countsGeneration);
      return this.#pageOf(matched, shape, offset, limit, done, 'matched');
    }
    // One term: its count is the total (in 'levels' mode it counts other warehouses too).
    let total: number | null = ranges.length === 1 && warehouse !== 'levels' ? fewest : null;
    if (fewest === 0) {
      const terms = typedTerms.map((r) => r.low);
      const found = containsSearch(this.#db, this.#statements, { terms, ...(input.warehouseId !== undefined ? { warehouseId: input.warehouseId } : {}), sort: shape.sort, desc: shape.desc, offset, limit });
      return { result: found.total > 0 ? { ...found, match: 'contains' } : found, plan: 'contains', sql: null, params };
    }
    if (total !== null && offset >= total) return done([], total, 'gather', 'gather');

    // Few matches (counted exactly: under the cap): gather and sort them.
    if (fewest <= this.#gatherLimit && fewest <= cap) {
      if (total !== null) return done(this.#rows('gather', shape, params), total, 'gather', 'gather');
      const rows = this.#rows('gather-counted', shape, params) as Array<StockRow & { total?: number }>;
      total = rows[0]?.total ?? this.#total(shape, params, cap);
      return done(rows.map(withoutTotal), total, 'gather', 'gather-counted');
    }

    // Dense: read in sort order, looking at a bounded number of rows first.
    const scan = Math.max(this.#probeRows, (offset + limit) * PROBE_FACTOR);
    const probeParams = { ...params, scan };
    const probed = this.#rows('probe', shape, probeParams);
    total ??= this.#total(shape, params, cap);
    // Whether the probe saw every row an ordered read looks at (the warehouse's levels, or every
    // item): asked of the index past `scan` rows, not by counting them all (80 ms at a million,
    // again after every change of the keys).
    const levelOrdered = warehouse !== 'none' && (shape.sort === 'onHand' || shape.sort === 'available');
    const sawAll = !this.#rowsPast(levelOrdered).get({ scan, warehouse: input.warehouseId ?? null });
    if (probed.length === limit || sawAll || offset + probed.length >= total) return done(probed, total, 'ordered', 'probe', probeParams);
    // The matches come later in the sort order (a SKU prefix near the end of the list, a first
    // word of many names): by SKU, read on where the probe stopped when it saw some (then every
    // match before this page was among its rows), else start at the first match; otherwise sort
    // the matches. Reading on saves finding the first match (a read of every key of the term,
    // 5-35 ms for the 40,000-100,000 of a name word at a million SKUs) and reading the probe's
    // rows again.
    if (shape.sort === 'sku' && probed.length > 0) {
      const next = this.#nextSku(shape.desc).get({ scan }) as string | undefined;
      const rest = { ...params, first: next, offset: 0, limit: limit - probed.length };
      const more = next === undefined ? [] : this.#rows('from-first', shape, rest);
      return done([...probed, ...more], total, 'ordered-after-probe', 'from-first', rest);
    }
    if (shape.sort === 'sku') {
      const { offset: _o, limit: _l, cap: _c, ...where } = params;
      const first = this.#remember(`first|${shape.desc}|${JSON.stringify(where)}`, () => this.#statement('first', shape).get(params)) as string | null;
      const fromFirst = { ...params, first };
      return done(first === null ? [] : this.#rows('from-first', shape, fromFirst), total, 'ordered-from-first', 'from-first', fromFirst);
    }
    return done(this.#rows('gather', shape, params), total, 'ordered-then-gather', 'gather');
  }

  /**
   * A typed term with a separator inside ("hi-vis", "3m-tape") that starts no key is taken as its
   * words, as the name's keys hold them ("hi", "vis"): what is printed on a label finds its item.
   * One that starts a key (a SKU such as "wd-0001") stays whole. Without this, each keystroke after
   * "hi-" found nothing by prefix and read every item for the contains search (250-580 ms at a
   * million SKUs), and found nothing there either.
   */
  #wordsOfSeparated(ranges: PrefixRange[]): PrefixRange[] {
    if (!ranges.some((r) => SEPARATOR.test(r.low))) return ranges;
    const terms: string[] = [];
    for (const r of ranges) {
      const words = SEPARATOR.test(r.low) && this.#termCount(r, null, 0) === 0 ? nameWords(r.low) : [];
      terms.push(...(words.length > 0 ? words : [r.low]));
    }
    return queryRanges(terms.join(' '));
  }

  /** A page of `matches` (in SKU order), its rows read fresh by id. */
  #pageOf<T>(
    matches: readonly TypedMatch[],
    shape: Shape,
    offset: number,
    limit: number,
    done: (rows: StockRow[], total: number, plan: SearchPlan, kind: Kind, used: Record<string, unknown>, exact: boolean) => T,
    plan: SearchPlan = 'typed-on',
  ): T {
    const ordered = shape.desc ? [...matches].reverse() : matches;
    const ids = JSON.stringify(ordered.slice(offset, offset + limit).map((m) => m.id));
    const used = { ids };
    return done(this.#rows('by-ids', shape, used), matches.length, plan, 'by-ids', used, true);
  }

  /** 1 when there are more than `scan` rows an ordered read looks at: the warehouse's levels, or every item. */
  #rowsPast(levels: boolean): Database.Statement {
    const key = `rows-past|${levels}`;
    let statement = this.#statements.get(key);
    if (!statement) {
      const rows = levels ? 'SELECT 1 FROM stock_levels WHERE warehouse_id = @warehouse' : 'SELECT 1 FROM stock_items';
      statement = this.#db.prepare(`SELECT EXISTS (${rows} LIMIT 1 OFFSET @scan)`).pluck();
      this.#statements.set(key, statement);
    }
    return statement;
  }

  /** The SKU after the first `scan` in the list's order: where a probe of `scan` rows stopped. */
  #nextSku(desc: boolean): Database.Statement {
    const key = `next-sku|${desc}`;
    let statement = this.#statements.get(key);
    if (!statement) {
      statement = this.#db.prepare(`SELECT sku FROM stock_items ORDER BY sku ${desc ? 'DESC' : 'ASC'} LIMIT 1 OFFSET @scan`).pluck();
      this.#statements.set(key, statement);
    }
    return statement;
  }

  #rows(kind: Kind, shape: Shape, params: Record<string, unknown>): StockRow[] {
    return this.#statement(kind, shape).all(params) as StockRow[];
  }

  /** The total of a query that one term count does not give (several terms, or a warehouse without a bit), counted up to `cap` + 1. */
  #total(shape: Shape, params: Record<string, unknown>, cap: number): number {
    const { offset: _o, limit: _l, cap: _c, ...key } = params;
    return this.#upTo(`total|${shape.driver}|${JSON.stringify(key)}`, cap, (most) => this.#statement('count', shape).get({ ...key, most }) as number);
  }

  /** The items matching a term, up to `most` + 1 (more than `most` when it says so). */
  #termCount(range: PrefixRange, mask: number | null, most: number): number {
    const values = { low: range.low, high: range.high, bytes: range.bytes, ...(mask !== null ? { mask } : {}) };
    return this.#upTo(`term|${mask}|${range.low}`, most, (m) => (mask === null ? this.#countTerm : this.#countTermInMask).get({ ...values, most: m }) as number);
  }

  /**
   * A count that reads at most `most` + 1 items, remembered with how far it went: an exact one
   * answers any later question, one that stopped answers those that stop no later.
   */
  #upTo(key: string, most: number, count: (most: number) => number): number {
    const known = this.#counts.get(key) as { n: number; most: number } | undefined;
    if (known && (known.n <= known.most || known.most >= most)) return Math.min(known.n, most + 1);
    const n = count(most);
    this.#remember(key, () => ({ n, most }), true);
    return n;
  }

  #freshCounts(): void {
    const generation = this.#keysGeneration();
    if (generation !== this.#countsGeneration) {
      this.#counts.clear();
      this.#countsGeneration = generation;
    }
  }

  #remember(key: string, compute: () => unknown, replace = false): unknown {
    if (!replace && this.#counts.has(key)) return this.#counts.get(key)!;
    const value = compute();
    this.#counts.delete(key);
    if (this.#counts.size >= COUNTS_REMEMBERED) this.#counts.delete(this.#counts.keys().next().value as string);
    this.#counts.set(key, value);
    return value;
  }

  #statement(kind: Kind, shape: Shape): Database.Statement {
    const key = `${kind}|${shape.terms}|${shape.driver}|${shape.warehouse}|${shape.sort}|${shape.desc}`;
    let statement = this.#statements.get(key);
    if (!statement) {
      statement = this.#db.prepare(this.#sql(kind, shape));
      if (kind === 'count' || kind === 'first') statement.pluck();
      this.#statements.set(key, statement);
    }
    return statement;
  }

  #sql(kind: Kind, shape: Shape): string {
    const inMask = shape.warehouse === 'mask' ? ' AND (wh_mask & @mask) != 0' : '';
    /** The items matching term i, each once (see migration 0003), in the warehouse when it has a bit. */
    const termItems = (i: number) => `key >= @low${i} AND key < @high${i} AND lcp < @bytes${i}${inMask}`;
    // Checked on the stock_items row already read (see migration 0003), not by another seek.
    const matchesTerm = (i: number) => `instr(s.search_text, ' ' || @low${i}) > 0`;
    const others = (skip: number) => Array.from({ length: shape.terms }, (_, i) => i).filter((i) => i !== skip).map(matchesTerm);
    const matches = `(SELECT item_id FROM search_keys WHERE ${termItems(shape.driver)}) m`;
    const inWarehouse = shape.warehouse !== 'none';
    const levelJoin = ['l.item_id = s.id', 'l.warehouse_id = @warehouse'];

    if (kind === 'matches') {
      return `SELECT s.id AS id, s.sku AS sku, s.search_text AS text FROM ${matches} CROSS JOIN stock_items s
        WHERE ${['s.id = m.item_id', ...others(shape.driver)].join(' AND ')} ORDER BY s.sku`;
    }
    if (kind === 'first') return `SELECT ${shape.desc ? 'max' : 'min'}(sku) FROM search_keys WHERE ${termItems(shape.driver)}`;
    if (kind === 'count') {
      // The driving term's items, each checked for the other terms (and the warehouse's levels).
      const inLevels = shape.warehouse === 'levels' ? ['EXISTS (SELECT 1 FROM stock_levels l WHERE l.item_id = s.id AND l.warehouse_id = @warehouse)'] : [];
      return `SELECT count(*) FROM (SELECT 1 FROM ${matches} CROSS JOIN stock_items s WHERE ${['s.id = m.item_id', ...others(shape.driver), ...inLevels].join(' AND ')} LIMIT @most + 1)`;
    }

    const dir = shape.desc ? 'DESC' : 'ASC';
    const quantitySort = shape.sort === 'onHand' || shape.sort === 'available';
    const levelOrdered = inWarehouse && quantitySort;
    const v = inWarehouse
      ? { onHand: 'l.on_hand', reserved: 'l.reserved', available: 'l.available' }
      : { onHand: 's.total_on_hand', reserved: 's.total_reserved', available: 's.total_available' };
    // Ties in SKU order, as every sort index is ordered: (x, sku) or (warehouse_id, x, sku).
    const tie = levelOrdered ? `l.sku ${dir}` : `s.sku ${dir}`;
    const orderBy = {
      sku: `s.sku ${dir}`,
      name: `s.name COLLATE NOCASE ${dir}, ${tie}`,
      onHand: `${v.onHand} ${dir}, ${tie}`,
      available: `${v.available} ${dir}, ${tie}`,
      updatedAt: `s.updated_at ${dir}, ${tie}`,
    }[shape.sort];
    const columns = `s.sku AS sku, s.name AS name, ${v.onHand} AS onHand, ${v.reserved} AS reserved, ${v.available} AS available,
        s.updated_at AS updatedAt, s.confirmed_at AS confirmedAt`;

    if (kind === 'by-ids') return `SELECT ${columns} FROM stock_items s WHERE s.id IN (SELECT value FROM json_each(@ids)) ORDER BY ${orderBy}`;

    let from: string;
    const where: string[] = [];
    if (kind === 'gather' || kind === 'gather-counted') {
      from = `${matches} CROSS JOIN stock_items s`;
      where.push('s.id = m.item_id', ...others(shape.driver));
      if (inWarehouse) {
        from += ' CROSS JOIN stock_levels l';
        where.push(...levelJoin);
      }
    } else if (levelOrdered) {
      // The warehouse's levels in quantity order (the first @scan of them, when probing).
      const column = shape.sort === 'onHand' ? 'on_hand' : 'available';
      const levels =
        kind === 'probe'
          ? `(SELECT * FROM stock_levels WHERE warehouse_id = @warehouse ORDER BY ${column} ${dir}, sku ${dir} LIMIT @scan) l`
          : 'stock_levels l';
      from = `${levels} CROSS JOIN stock_items s`;
      where.push('l.warehouse_id = @warehouse', 's.id = l.item_id', ...others(-1));
    } else {
      const sortColumns = { sku: 'sku', name: 'name COLLATE NOCASE', onHand: 'total_on_hand', available: 'total_available', updatedAt: 'updated_at' }[shape.sort];
      const order = shape.sort === 'sku' ? `sku ${dir}` : `${sortColumns} ${dir}, sku ${dir}`;
      from = kind === 'probe' ? `(SELECT * FROM stock_items ORDER BY ${order} LIMIT @scan) s` : 'stock_items s';
      if (shape.warehouse === 'mask') where.push('(s.wh_mask & @mask) != 0');
      where.push(...others(-1));
      if (inWarehouse) {
        from += ' CROSS JOIN stock_levels l';
        where.push(...levelJoin);
      }
      if (kind === 'from-first') where.push(shape.desc ? 's.sku <= @first' : 's.sku >= @first');
    }
    const counted = kind === 'gather-counted' ? ', count(*) OVER () AS total' : '';
    return `SELECT ${columns}${counted} FROM ${from} ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY ${orderBy} LIMIT @limit OFFSET @offset`;
  }
}

function withoutTotal(row: StockRow & { total?: number }): StockRow {
  const { total: _total, ...rest } = row;
  return rest;
}
