import type Database from 'better-sqlite3';
import type { StockRow } from '../../shared/ipc/records';
import type { StockSort } from './stock-sort';

export interface ContainsQuery {
  /** Folded terms (as the key index holds them); an item matches when each is inside one of its keys. */
  terms: string[];
  warehouseId?: string;
  sort: StockSort;
  desc: boolean;
  offset: number;
  limit: number;
}

/**
 * The stock list's second chance: when nothing starts with what was typed, the items whose SKU,
 * name words or barcodes contain it ("000042" finds WD-000042, "mailer" inside "bubblemailer").
 * One pass over stock_items' `search_text` with `instr`, no index: it runs only after the key
 * index found nothing, and reads one short text column per item.
 */
export function containsSearch(db: Database.Database, statements: Map<string, Database.Statement>, q: ContainsQuery): { rows: StockRow[]; total: number } {
  const inWarehouse = q.warehouseId !== undefined;
  const key = `contains|${q.terms.length}|${inWarehouse}|${q.sort}|${q.desc}`;
  let statement = statements.get(key);
  if (!statement) {
    const dir = q.desc ? 'DESC' : 'ASC';
    const v = inWarehouse
      ? { onHand: 'l.on_hand', reserved: 'l.reserved', available: 'l.available' }
      : { onHand: 's.total_on_hand', reserved: 's.total_reserved', available: 's.total_available' };
    const orderBy = {
      sku: `s.sku ${dir}`,
      name: `s.name COLLATE NOCASE ${dir}, s.sku ${dir}`,
      onHand: `${v.onHand} ${dir}, s.sku ${dir}`,
      available: `${v.available} ${dir}, s.sku ${dir}`,
      updatedAt: `s.updated_at ${dir}, s.sku ${dir}`,
    }[q.sort];
    const where = q.terms.map((_, i) => `instr(s.search_text, @t${i}) > 0`);
    if (inWarehouse) where.push('l.item_id = s.id', 'l.warehouse_id = @warehouse');
    statement = db.prepare(`SELECT s.sku AS sku, s.name AS name, ${v.onHand} AS onHand, ${v.reserved} AS reserved, ${v.available} AS available,
        s.updated_at AS updatedAt, s.confirmed_at AS confirmedAt, count(*) OVER () AS total
      FROM stock_items s${inWarehouse ? ' CROSS JOIN stock_levels l' : ''} WHERE ${where.join(' AND ')}
      ORDER BY ${orderBy} LIMIT @limit OFFSET @offset`);
    statements.set(key, statement);
  }
  const params: Record<string, unknown> = { limit: q.limit, offset: q.offset };
  q.terms.forEach((t, i) => (params[`t${i}`] = t));
  if (inWarehouse) params.warehouse = q.warehouseId;
  const rows = statement.all(params) as Array<StockRow & { total: number }>;
  // Past the last match no row carries the count: the first row of the list does.
  const total = rows[0]?.total ?? (q.offset > 0 ? ((statement.get({ ...params, offset: 0, limit: 1 }) as { total: number } | undefined)?.total ?? 0) : 0);
  return { rows: rows.map(({ total: _total, ...row }) => row), total };
}
