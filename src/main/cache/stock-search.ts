import type Database from 'better-sqlite3';
import type { StockRow } from '../../shared/ipc/records';
import { queryRanges } from './search-keys';

export type StockSort = 'sku' | 'name' | 'onHand' | 'available' | 'updatedAt';

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
  total: number;
}

export type SearchPlan = 'all' | 'gather' | 'ordered';

/**
 * Up to this many matching items, a page is made by gathering the matches from the key index and
 * sorting them (cost grows with the matches). Above it, matches are dense enough that reading the
 * list in sort order through a sort index, checking each row against the key index and stopping
 * after `limit` rows, is cheaper (cost grows with offset + limit, not with the matches).
 */
export const GATHER_LIMIT = 5_000;
const DEFAULT_LIMIT = 50;
const TOTALS_REMEMBERED = 64;

/** A query's count, and its first and last matching SKU (the bounds of an ordered read by SKU). */
interface Counted {
  total: number;
  first: string | null;
  last: string | null;
}

interface Shape {
  plan: SearchPlan;
  terms: number;
  /** The term with the fewest matches: it drives a `gather` plan and the count. */
  driver: number;
  /** Filtered by a warehouse: `mask` when the warehouse has a bit in wh_mask, `levels` when not. */
  warehouse: 'none' | 'mask' | 'levels';
  sort: StockSort;
  desc: boolean;
  /** Ordered by SKU: start reading at the first matching SKU (a SKU prefix's matches are contiguous, maybe at the end). */
  skuBound: boolean;
}

/**
 * Search and sort of the cached stock list (the `stock.search` channel). One statement per query
 * shape, prepared on first use and kept. Totals are remembered until the catalog changes, so
 * scrolling a long result does not count it again.
 */
export class StockSearch {
  readonly #db: Database.Database;
  readonly #generation: () => number;
  readonly #gatherLimit: number;
  readonly #statements = new Map<string, Database.Statement>();
  readonly #totals = new Map<string, Counted>();
  #totalsGeneration = -1;
  readonly #warehouseBit: Database.Statement;
  readonly #countAll: Database.Statement;
  readonly #countInWarehouse: Database.Statement;

  /** `generation` changes whenever the catalog does (see CatalogWrites.generation). */
  constructor(db: Database.Database, generation: () => number, options: { gatherLimit?: number } = {}) {
    this.#db = db;
    this.#generation = generation;
    this.#gatherLimit = options.gatherLimit ?? GATHER_LIMIT;
    this.#warehouseBit = db.prepare('SELECT bit FROM warehouse_bits WHERE warehouse_id = ?').pluck();
    this.#countAll = db.prepare('SELECT count(*) FROM stock_items').pluck();
    this.#countInWarehouse = db.prepare('SELECT count(*) FROM stock_levels WHERE warehouse_id = ?').pluck();
  }

  search(input: StockSearchInput): StockSearchResult {
    const { shape, params } = this.#prepare(input);
    const { total, first, last } = this.#count(shape, params, input.warehouseId);
    const offset = input.offset ?? 0;
    if (total === 0 || offset >= total) return { rows: [], total };
    const page: Record<string, unknown> = { ...params, limit: input.limit ?? DEFAULT_LIMIT, offset };
    if (shape.skuBound) page.bound = shape.desc ? last : first;
    return { rows: this.#statement('page', shape).all(page) as StockRow[], total };
  }

  /** The plan and SQLite's EXPLAIN QUERY PLAN of each statement of a query, for tests and benchmarks. */
  explain(input: StockSearchInput): { plan: SearchPlan; page: string[]; count: string[] } {
    const { shape, params } = this.#prepare(input);
    const explainOf = (sql: string, extra: Record<string, unknown>) =>
      (this.#db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all({ ...params, ...extra }) as Array<{ detail: string }>).map((r) => r.detail);
    return {
      plan: shape.plan,
      page: explainOf(this.#sql('page', shape), { limit: 50, offset: 0, ...(shape.skuBound ? { bound: '' } : {}) }),
      count: shape.terms ? explainOf(this.#sql('count', shape), {}) : [],
    };
  }

  #prepare(input: StockSearchInput): { shape: Shape; params: Record<string, string | number> } {
    const ranges = queryRanges(input.query);
    const params: Record<string, string | number> = {};
    ranges.forEach((r, i) => {
      params[`low${i}`] = r.low;
      params[`high${i}`] = r.high;
    });
    let warehouse: Shape['warehouse'] = 'none';
    if (input.warehouseId !== undefined) {
      params.warehouse = input.warehouseId;
      const bit = this.#warehouseBit.get(input.warehouseId) as number | undefined;
      warehouse = bit === undefined ? 'levels' : 'mask';
      if (bit !== undefined) params.mask = 2 ** bit;
    }
    const sort = input.sort ?? 'sku';
    const shape: Shape = { plan: 'all', terms: ranges.length, driver: 0, warehouse, sort, desc: input.direction === 'desc', skuBound: false };
    if (ranges.length > 0) {
      let fewest = Infinity;
      ranges.forEach((r, i) => {
        const n = this.#statement('estimate', shape).get({ ...params, low0: r.low, high0: r.high }) as number;
        if (n < fewest) {
          fewest = n;
          shape.driver = i;
        }
      });
      shape.plan = fewest <= this.#gatherLimit ? 'gather' : 'ordered';
      shape.skuBound = shape.plan === 'ordered' && sort === 'sku';
    }
    return { shape, params };
  }

  #count(shape: Shape, params: Record<string, string | number>, warehouseId: string | undefined): Counted {
    if (shape.terms === 0) {
      const total = (warehouseId !== undefined ? this.#countInWarehouse.get(warehouseId) : this.#countAll.get()) as number;
      return { total, first: null, last: null };
    }
    const generation = this.#generation();
    if (generation !== this.#totalsGeneration) {
      this.#totals.clear();
      this.#totalsGeneration = generation;
    }
    const key = JSON.stringify([shape.terms, shape.driver, shape.warehouse, params]);
    let counted = this.#totals.get(key);
    if (counted === undefined) {
      counted = this.#statement('count', shape).get(params) as Counted;
      if (this.#totals.size >= TOTALS_REMEMBERED) this.#totals.delete(this.#totals.keys().next().value as string);
      this.#totals.set(key, counted);
    }
    return counted;
  }

  #statement(kind: 'page' | 'count' | 'estimate', shape: Shape): Database.Statement {
    const key = `${kind}|${shape.plan}|${shape.terms}|${shape.driver}|${shape.warehouse}|${shape.sort}|${shape.desc}`;
    let statement = this.#statements.get(key);
    if (!statement) {
      statement = this.#db.prepare(this.#sql(kind, shape));
      if (kind === 'estimate') statement.pluck();
      this.#statements.set(key, statement);
    }
    return statement;
  }

  #sql(kind: 'page' | 'count' | 'estimate', shape: Shape): string {
    const inMask = shape.warehouse === 'mask' ? ' AND (wh_mask & @mask) != 0' : '';
    /** The items matching term i, each once (see migration 0003 for `prev`), in the warehouse when it has a bit. */
    const termItems = (i: number) => `key >= @low${i} AND key < @high${i} AND (prev IS NULL OR prev < @low${i})${inMask}`;
    const alsoMatches = (skip: number) => {
      const conditions: string[] = [];
      for (let i = 0; i < shape.terms; i++) {
        if (i !== skip) conditions.push(`EXISTS (SELECT 1 FROM search_keys k WHERE k.item_id = s.id AND k.key >= @low${i} AND k.key < @high${i})`);
      }
      return conditions;
    };

    if (kind === 'estimate') return `SELECT count(*) FROM (SELECT 1 FROM search_keys WHERE ${termItems(0)} LIMIT ${this.#gatherLimit + 1})`;

    const matches = `(SELECT item_id FROM search_keys WHERE ${termItems(shape.driver)}) m`;
    if (kind === 'count') {
      const counted = 'count(*) AS total, min(sku) AS first, max(sku) AS last';
      if (shape.terms === 1 && shape.warehouse !== 'levels') return `SELECT ${counted} FROM search_keys WHERE ${termItems(0)}`;
      // CROSS JOIN keeps SQLite from driving the join from the (large) stock tables.
      const where = ['s.id = m.item_id', ...alsoMatches(shape.driver)];
      let from = `${matches} CROSS JOIN stock_items s`;
      if (shape.warehouse === 'levels') {
        from += ' CROSS JOIN stock_levels l';
        where.push('l.item_id = s.id', 'l.warehouse_id = @warehouse');
      }
      return `SELECT count(*) AS total, min(s.sku) AS first, max(s.sku) AS last FROM ${from} WHERE ${where.join(' AND ')}`;
    }

    const dir = shape.desc ? 'DESC' : 'ASC';
    const inWarehouse = shape.warehouse !== 'none';
    const quantitySort = shape.sort === 'onHand' || shape.sort === 'available';
    const v = inWarehouse
      ? { onHand: 'l.on_hand', reserved: 'l.reserved', available: 'l.available' }
      : { onHand: 's.total_on_hand', reserved: 's.total_reserved', available: 's.total_available' };
    // Ties in SKU order, as every sort index is ordered: (x, sku) or (warehouse_id, x, sku).
    const tie = inWarehouse && quantitySort ? `l.sku ${dir}` : `s.sku ${dir}`;
    const orderBy = {
      sku: `s.sku ${dir}`,
      name: `s.name COLLATE NOCASE ${dir}, ${tie}`,
      onHand: `${v.onHand} ${dir}, ${tie}`,
      available: `${v.available} ${dir}, ${tie}`,
      updatedAt: `s.updated_at ${dir}, ${tie}`,
    }[shape.sort];
    const levelJoin = ['l.item_id = s.id', 'l.warehouse_id = @warehouse'];

    let from: string;
    const where: string[] = [];
    if (shape.plan === 'gather') {
      from = `${matches} CROSS JOIN stock_items s`;
      where.push('s.id = m.item_id', ...alsoMatches(shape.driver));
      if (inWarehouse) {
        from += ' CROSS JOIN stock_levels l';
        where.push(...levelJoin);
      }
    } else if (inWarehouse && quantitySort) {
      // Read the warehouse's level index in quantity order.
      from = 'stock_levels l CROSS JOIN stock_items s';
      where.push('l.warehouse_id = @warehouse', 's.id = l.item_id', ...alsoMatches(-1));
    } else {
      from = 'stock_items s';
      where.push(...alsoMatches(-1));
      if (inWarehouse) {
        from += ' CROSS JOIN stock_levels l';
        where.push(...levelJoin);
      }
      if (shape.skuBound) where.push(shape.desc ? 's.sku <= @bound' : 's.sku >= @bound');
    }
    return `SELECT s.sku AS sku, s.name AS name, ${v.onHand} AS onHand, ${v.reserved} AS reserved, ${v.available} AS available,
        s.updated_at AS updatedAt, s.confirmed_at AS confirmedAt
      FROM ${from} ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY ${orderBy} LIMIT @limit OFFSET @offset`;
  }
}
