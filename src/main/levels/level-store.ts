import type Database from 'better-sqlite3';
import type { LevelKey, LevelSetInput, LowStockList, LowStockQuery, LowStockRow, StockLevelSetting } from '../../shared/ipc/level-records';

interface LevelRow {
  sku: string;
  warehouse_id: string;
  minimum: number;
  reorder: number | null;
  set_at: string;
}

interface LowRow {
  sku: string;
  warehouse_id: string;
  minimum: number;
  reorder: number | null;
  name: string | null;
  on_hand: number;
  waiting: number;
}

// The table keeps "all warehouses" as '' so the pair stays a primary key (NULLs never collide).
const ALL = '';
const stored = (warehouseId: string | null): string => warehouseId ?? ALL;

const fromRow = (row: LevelRow): StockLevelSetting => ({
  sku: row.sku,
  warehouseId: row.warehouse_id === ALL ? null : row.warehouse_id,
  minimum: row.minimum,
  reorder: row.reorder,
  setAt: row.set_at,
});

// On hand as the cache last saw it (a level for all warehouses takes the SKU's total), and what
// this account's outbox still has to send for it. Only SKUs the cache holds: signed out, or
// before a first sync, the desk cannot say what runs low.
const LEVELS_WITH_STOCK = `
  WITH waiting AS (
    SELECT sku, warehouse_id, SUM(delta) AS delta FROM outbox
    WHERE account = @account AND state IN ('queued', 'sending')
    GROUP BY sku, warehouse_id
  )
  SELECT l.sku, l.warehouse_id, l.minimum, l.reorder, si.name,
    CASE WHEN l.warehouse_id = '' THEN si.total_on_hand ELSE COALESCE(sl.on_hand, 0) END AS on_hand,
    COALESCE((SELECT SUM(w.delta) FROM waiting w WHERE w.sku = l.sku AND (l.warehouse_id = '' OR w.warehouse_id = l.warehouse_id)), 0) AS waiting
  FROM reorder_levels l
  JOIN stock_items si ON si.sku = l.sku
  LEFT JOIN stock_levels sl ON sl.item_id = si.id AND sl.warehouse_id = l.warehouse_id`;

/** Below its minimum once what is waiting is booked; what to order is the reorder quantity, or more if that would not reach the minimum. */
function lowOf(row: LowRow): LowStockRow | null {
  const short = row.minimum - (row.on_hand + row.waiting);
  if (short <= 0) return null;
  return {
    sku: row.sku,
    name: row.name,
    warehouseId: row.warehouse_id === ALL ? null : row.warehouse_id,
    minimum: row.minimum,
    reorder: row.reorder,
    onHand: row.on_hand,
    waiting: row.waiting,
    short,
    toReorder: Math.max(row.reorder ?? 0, short),
  };
}

const BY: Record<NonNullable<LowStockQuery['sort']>, (a: LowStockRow, b: LowStockRow) => number> = {
  sku: () => 0,
  name: (a, b) => (a.name ?? '').localeCompare(b.name ?? ''),
  onHand: (a, b) => a.onHand - b.onHand,
  short: (a, b) => a.short - b.short,
  toReorder: (a, b) => a.toReorder - b.toReorder,
};

/** The desk's minimum and reorder quantities, and the Low stock list they make against the cache. */
export class LevelStore {
  readonly #db: Database.Database;
  readonly #now: () => Date;
  #ofSku: Database.Statement | null = null;

  constructor(db: Database.Database, now: () => Date = () => new Date()) {
    this.#db = db;
    this.#now = now;
  }

  /** The SKU's levels, the all-warehouses one first. */
  of(sku: string): StockLevelSetting[] {
    this.#ofSku ??= this.#db.prepare('SELECT * FROM reorder_levels WHERE sku = ? ORDER BY warehouse_id');
    return (this.#ofSku.all(sku) as LevelRow[]).map(fromRow);
  }

  set(input: LevelSetInput): StockLevelSetting[] {
    this.setAll([input]);
    return this.of(input.sku);
  }

  /** Every level of an imported sheet, in one transaction: all of them or, on a failure, none. */
  setAll(levels: readonly LevelSetInput[]): number {
    const upsert = this.#db.prepare(
      `INSERT INTO reorder_levels (sku, warehouse_id, minimum, reorder, set_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (sku, warehouse_id) DO UPDATE SET minimum = excluded.minimum, reorder = excluded.reorder, set_at = excluded.set_at`,
    );
    const at = this.#now().toISOString();
    this.#db.transaction(() => {
      for (const l of levels) upsert.run(l.sku, stored(l.warehouseId), l.minimum, l.reorder, at);
    })();
    return levels.length;
  }

  clear(key: LevelKey): StockLevelSetting[] {
    this.#db.prepare('DELETE FROM reorder_levels WHERE sku = ? AND warehouse_id = ?').run(key.sku, stored(key.warehouseId));
    return this.of(key.sku);
  }

  /** Every SKU below its minimum, filtered and sorted as asked (ties in SKU order, then warehouse). */
  low(query: LowStockQuery, account: string | null): LowStockList {
    const text = query.query?.trim().toLowerCase() ?? '';
    const rows: LowStockRow[] = [];
    for (const row of this.#db.prepare(LEVELS_WITH_STOCK).iterate({ account }) as IterableIterator<LowRow>) {
      if (query.warehouseId !== undefined && row.warehouse_id !== query.warehouseId) continue;
      if (text && !row.sku.toLowerCase().includes(text) && !(row.name ?? '').toLowerCase().includes(text)) continue;
      const low = lowOf(row);
      if (low) rows.push(low);
    }
    const by = BY[query.sort ?? 'short'];
    const sign = (query.direction ?? (query.sort === undefined ? 'desc' : 'asc')) === 'desc' ? -1 : 1;
    rows.sort((a, b) => sign * by(a, b) || sign * a.sku.localeCompare(b.sku) || (a.warehouseId ?? '').localeCompare(b.warehouseId ?? ''));
    const levels = this.#db.prepare('SELECT count(*) AS n FROM reorder_levels').get() as { n: number };
    return { rows, levels: levels.n };
  }
}
