// Logistics operations: warehouses/list, products/list, stock/list, stock/{sku}/read, stock/{sku}/adjust.
import type { AdjustResult, Product, StockItem, StockLevel, Warehouse } from '../../shared/api/types';
import { parseTimestamp, toTimestamp } from '../clock';
import { statementCache, type Handlers, type SandboxServices } from '../context';
import { ApiError, stockItemNotFound, validationFailed } from '../errors';
import { isValidGtin, toGtin14 } from '../barcodes';
import { newAdjustmentId } from '../ids';

const SKU_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const DEFAULT_LIMIT = 50;

interface WarehouseRow {
  seq: number;
  id: string;
  code: string;
  name: string;
  line1: string;
  line2: string | null;
  city: string;
  postal_code: string;
  country: string;
  updated_at: number;
}

interface ProductRow {
  seq: number;
  sku: string;
  name: string;
  weight_grams: number;
  length_mm: number;
  width_mm: number;
  height_mm: number;
  updated_at: number;
  stock_version: number;
  stock_updated_at: number;
}

interface LevelRow {
  product_seq: number;
  warehouse_id: string;
  on_hand: number;
  reserved: number;
}

export function warehouseRecord(row: WarehouseRow): Warehouse {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    address: { line1: row.line1, line2: row.line2, city: row.city, postal_code: row.postal_code, country: row.country },
    updated_at: toTimestamp(row.updated_at),
  };
}

function levelRecord(row: LevelRow): StockLevel {
  return {
    warehouse_id: row.warehouse_id,
    on_hand: row.on_hand,
    reserved: row.reserved,
    available: Math.max(0, row.on_hand - row.reserved),
  };
}

export function logisticsHandlers(services: SandboxServices): Pick<
  Handlers,
  'listWarehouses' | 'listProducts' | 'listStock' | 'readStock' | 'adjustStock'
> {
  const { db, cursors, clock } = services;
  const prepare = statementCache(db);

  const warehouseBySeqAfter = db.prepare<[number, number, number], WarehouseRow>(
    'SELECT * FROM warehouses WHERE owner_id = ? AND seq > ? ORDER BY seq LIMIT ?',
  );
  const warehouseById = db.prepare<[number, string], WarehouseRow>('SELECT * FROM warehouses WHERE owner_id = ? AND id = ?');
  const productBySku = db.prepare<[number, string], ProductRow>('SELECT * FROM products WHERE owner_id = ? AND sku = ?');
  const levelsOf = db.prepare<[number], LevelRow>(
    `SELECT l.product_seq, w.id AS warehouse_id, l.on_hand, l.reserved
       FROM stock_levels l JOIN warehouses w ON w.seq = l.warehouse_seq
      WHERE l.product_seq = ? ORDER BY l.warehouse_seq`,
  );
  // The product with its levels in one statement, so one read is its own consistent snapshot
  // (readStock runs without an explicit transaction). Levels as [warehouse_id, on_hand, reserved].
  const stockItemBySku = db.prepare<[number, string], { sku: string; name: string; stock_updated_at: number; stock_version: number; levels: string }>(
    `SELECT p.sku, p.name, p.stock_updated_at, p.stock_version,
            (SELECT json_group_array(json_array(w.id, l.on_hand, l.reserved) ORDER BY l.warehouse_seq)
               FROM stock_levels l JOIN warehouses w ON w.seq = l.warehouse_seq
              WHERE l.product_seq = p.seq) AS levels
       FROM products p WHERE p.owner_id = ? AND p.sku = ?`,
  );
  const levelsOfMany = db.prepare<[string], LevelRow>(
    `SELECT l.product_seq, w.id AS warehouse_id, l.on_hand, l.reserved
       FROM stock_levels l JOIN warehouses w ON w.seq = l.warehouse_seq
      WHERE l.product_seq IN (SELECT value FROM json_each(?)) ORDER BY l.product_seq, l.warehouse_seq`,
  );
  const levelsOfManyIn = db.prepare<[string, number], LevelRow>(
    `SELECT l.product_seq, w.id AS warehouse_id, l.on_hand, l.reserved
       FROM stock_levels l JOIN warehouses w ON w.seq = l.warehouse_seq
      WHERE l.product_seq IN (SELECT value FROM json_each(?)) AND l.warehouse_seq = ? ORDER BY l.product_seq`,
  );
  const barcodesOfMany = db.prepare<[string], { product_seq: number; code: string }>(
    'SELECT product_seq, code FROM barcodes WHERE product_seq IN (SELECT value FROM json_each(?)) ORDER BY product_seq, position',
  );
  const levelRow = db.prepare<[number, number], { on_hand: number }>(
    'SELECT on_hand FROM stock_levels WHERE product_seq = ? AND warehouse_seq = ?',
  );
  const upsertLevel = db.prepare(
    `INSERT INTO stock_levels (product_seq, warehouse_seq, on_hand, reserved) VALUES (?, ?, ?, 0)
     ON CONFLICT (product_seq, warehouse_seq) DO UPDATE SET on_hand = excluded.on_hand`,
  );
  const bumpStock = db.prepare('UPDATE products SET stock_version = stock_version + 1, stock_updated_at = ? WHERE seq = ?');
  const insertAdjustment = db.prepare(
    `INSERT INTO adjustments (id, owner_id, product_seq, warehouse_seq, delta, reason, note, idempotency_key, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );

  function groupBy<T extends { product_seq: number }>(rows: T[]): Map<number, T[]> {
    const map = new Map<number, T[]>();
    for (const row of rows) {
      const list = map.get(row.product_seq);
      if (list) list.push(row);
      else map.set(row.product_seq, [row]);
    }
    return map;
  }

  function stockItem(row: ProductRow, levels: LevelRow[]): StockItem {
    return {
      sku: row.sku,
      name: row.name,
      levels: levels.map(levelRecord),
      updated_at: toTimestamp(row.stock_updated_at),
      version: row.stock_version,
    };
  }

  function ownWarehouse(ownerId: number, id: string): WarehouseRow {
    const warehouse = warehouseById.get(ownerId, id);
    if (!warehouse) throw validationFailed('warehouse_id', 'is not one of your warehouses');
    return warehouse;
  }

  function findProduct(ownerId: number, sku: string): ProductRow {
    // A malformed SKU names nothing: the same 404 as a missing one, without a query.
    const row = SKU_PATTERN.test(sku) ? productBySku.get(ownerId, sku) : undefined;
    if (!row) throw stockItemNotFound();
    return row;
  }

  /** SKU prefixes are [A-Za-z0-9._-]+ (schema), so they carry no GLOB metacharacter. */
  const skuGlob = (prefix: string): string => `${prefix}*`;

  return {
    listWarehouses({ owner, body }) {
      const limit = body.limit ?? DEFAULT_LIMIT;
      const fingerprint = cursors.fingerprint(owner.id, 'listWarehouses', {});
      const after = cursors.decode(body.cursor, fingerprint);
      const page = cursors.page(warehouseBySeqAfter.all(owner.id, after, limit + 1), limit, fingerprint);
      return { data: page.rows.map(warehouseRecord), next_cursor: page.nextCursor };
    },

    listProducts({ owner, body }) {
      const limit = body.limit ?? DEFAULT_LIMIT;
      if (body.barcode !== undefined && !isValidGtin(body.barcode)) throw validationFailed('barcode', 'has a wrong check digit');
      const filters = { sku_prefix: body.sku_prefix, barcode: body.barcode && toGtin14(body.barcode), updated_since: body.updated_since && parseTimestamp(body.updated_since) };
      const fingerprint = cursors.fingerprint(owner.id, 'listProducts', filters);
      const after = cursors.decode(body.cursor, fingerprint);
      const where = ['owner_id = @owner', 'seq > @after'];
      if (filters.sku_prefix !== undefined) where.push('sku GLOB @glob');
      if (filters.barcode !== undefined) where.push('seq IN (SELECT product_seq FROM barcodes WHERE owner_id = @owner AND gtin14 = @gtin14)');
      if (filters.updated_since !== undefined) where.push('updated_at >= @since');
      const rows = prepare(`SELECT * FROM products WHERE ${where.join(' AND ')} ORDER BY seq LIMIT @limit`).all({
        owner: owner.id,
        after,
        glob: filters.sku_prefix === undefined ? null : skuGlob(filters.sku_prefix),
        gtin14: filters.barcode ?? null,
        since: filters.updated_since ?? null,
        limit: limit + 1,
      }) as ProductRow[];
      const page = cursors.page(rows, limit, fingerprint);
      const codes = groupBy(barcodesOfMany.all(JSON.stringify(page.rows.map((r) => r.seq))));
      const data: Product[] = page.rows.map((row) => ({
        sku: row.sku,
        name: row.name,
        barcodes: (codes.get(row.seq) ?? []).map((b) => b.code),
        weight_grams: row.weight_grams,
        dimensions_mm: { length: row.length_mm, width: row.width_mm, height: row.height_mm },
        updated_at: toTimestamp(row.updated_at),
      }));
      return { data, next_cursor: page.nextCursor };
    },

    listStock({ owner, body }) {
      const limit = body.limit ?? DEFAULT_LIMIT;
      const warehouse = body.warehouse_id === undefined ? undefined : ownWarehouse(owner.id, body.warehouse_id);
      const filters = { warehouse_id: body.warehouse_id, sku_prefix: body.sku_prefix, updated_since: body.updated_since && parseTimestamp(body.updated_since) };
      const fingerprint = cursors.fingerprint(owner.id, 'listStock', filters);
      const after = cursors.decode(body.cursor, fingerprint);
      const where = ['owner_id = @owner', 'seq > @after'];
      if (filters.sku_prefix !== undefined) where.push('sku GLOB @glob');
      if (filters.updated_since !== undefined) where.push('stock_updated_at >= @since');
      if (warehouse) where.push('EXISTS (SELECT 1 FROM stock_levels l WHERE l.product_seq = products.seq AND l.warehouse_seq = @warehouse)');
      const rows = prepare(`SELECT * FROM products WHERE ${where.join(' AND ')} ORDER BY seq LIMIT @limit`).all({
        owner: owner.id,
        after,
        glob: filters.sku_prefix === undefined ? null : skuGlob(filters.sku_prefix),
        since: filters.updated_since ?? null,
        warehouse: warehouse?.seq ?? null,
        limit: limit + 1,
      }) as ProductRow[];
      const page = cursors.page(rows, limit, fingerprint);
      const seqs = JSON.stringify(page.rows.map((r) => r.seq));
      const levels = groupBy(warehouse ? levelsOfManyIn.all(seqs, warehouse.seq) : levelsOfMany.all(seqs));
      return { data: page.rows.map((row) => stockItem(row, levels.get(row.seq) ?? [])), next_cursor: page.nextCursor };
    },

    readStock({ owner, params }) {
      // A malformed SKU names nothing: the same 404 as a missing one, without a query.
      const row = SKU_PATTERN.test(params.sku) ? stockItemBySku.get(owner.id, params.sku) : undefined;
      if (!row) throw stockItemNotFound();
      const levels = JSON.parse(row.levels) as [string, number, number][];
      return {
        sku: row.sku,
        name: row.name,
        levels: levels.map(([warehouse_id, on_hand, reserved]) => ({
          warehouse_id,
          on_hand,
          reserved,
          available: Math.max(0, on_hand - reserved),
        })),
        updated_at: toTimestamp(row.stock_updated_at),
        version: row.stock_version,
      };
    },

    adjustStock({ owner, params, body, idempotencyKey }): AdjustResult {
      const product = findProduct(owner.id, params.sku);
      const warehouse = ownWarehouse(owner.id, body.warehouse_id);
      const onHand = levelRow.get(product.seq, warehouse.seq)?.on_hand ?? 0;
      const next = onHand + body.delta;
      if (next < 0) {
        throw new ApiError('insufficient_stock', `Only ${onHand} on hand in ${warehouse.id}; cannot remove ${-body.delta}.`, [
          { field: 'delta', problem: `would take on_hand below zero (on_hand is ${onHand})` },
        ]);
      }
      const at = clock.nextUpdate(product.stock_updated_at);
      const id = newAdjustmentId();
      const note = body.note ?? null;
      upsertLevel.run(product.seq, warehouse.seq, next);
      bumpStock.run(at, product.seq);
      insertAdjustment.run(id, owner.id, product.seq, warehouse.seq, body.delta, body.reason, note, idempotencyKey ?? '', at);
      const updated = findProduct(owner.id, params.sku);
      return {
        stock_item: stockItem(updated, levelsOf.all(product.seq)),
        adjustment: {
          id,
          sku: product.sku,
          warehouse_id: warehouse.id,
          delta: body.delta,
          reason: body.reason,
          note,
          created_at: toTimestamp(at),
        },
      };
    },
  };
}
