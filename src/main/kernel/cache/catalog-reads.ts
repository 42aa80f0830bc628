import type Database from 'better-sqlite3';
import type { Product, Shipment, ShipmentStatus, Stock, Warehouse } from '../../../shared/ipc/records';
import {
  productFromRow,
  shipmentFromRow,
  stockFromRow,
  warehouseFromRow,
  type ProductRow,
  type ShipmentRow,
  type StockItemRow,
  type WarehouseRow,
} from './rows';

const STOCK_COLUMNS = `s.sku, s.name, s.version, s.updated_at, s.confirmed_at, s.levels_json,
  s.total_on_hand, s.total_reserved, s.total_available, p.barcodes_json`;

/** Every read of the cached catalog. Statements are prepared once, here. */
export class CatalogReads {
  readonly #stockBySku: Database.Statement;
  readonly #stockBySkuNoCase: Database.Statement;
  readonly #skuByGtin14: Database.Statement;
  readonly #warehouses: Database.Statement;
  readonly #warehouseExists: Database.Statement;
  readonly #products: Database.Statement;
  readonly #productsByGtin14: Database.Statement;
  readonly #shipment: Database.Statement;
  readonly #shipments: Database.Statement;
  readonly #stockCount: Database.Statement;

  constructor(db: Database.Database) {
    // The scan path: one row (and the product's barcodes) by the unique SKU index.
    this.#stockBySku = db.prepare(`SELECT ${STOCK_COLUMNS} FROM stock_items s LEFT JOIN products p ON p.sku = s.sku WHERE s.sku = ?`);
    this.#stockBySkuNoCase = db.prepare(
      `SELECT ${STOCK_COLUMNS} FROM stock_items s LEFT JOIN products p ON p.sku = s.sku WHERE s.sku = ? COLLATE NOCASE ORDER BY s.sku LIMIT 1`,
    );
    this.#skuByGtin14 = db.prepare('SELECT sku FROM barcodes WHERE gtin14 = ?').pluck();
    this.#warehouses = db.prepare('SELECT id, code, name, address_json, confirmed_at FROM warehouses ORDER BY position, id');
    this.#warehouseExists = db.prepare('SELECT 1 FROM warehouses WHERE id = ?').pluck();
    this.#products = db.prepare(`
      SELECT sku, name, barcodes_json, weight_grams, dimensions_json, updated_at, confirmed_at FROM products
      WHERE sku >= @low AND sku < @high ORDER BY sku LIMIT @limit OFFSET @offset`);
    this.#productsByGtin14 = db.prepare(`
      SELECT p.sku, p.name, p.barcodes_json, p.weight_grams, p.dimensions_json, p.updated_at, p.confirmed_at
      FROM barcodes b JOIN products p ON p.sku = b.sku WHERE b.gtin14 = ?`);
    this.#shipment = db.prepare('SELECT record_json, confirmed_at FROM shipments WHERE token = ?');
    this.#shipments = db.prepare(`
      SELECT record_json, confirmed_at FROM shipments
      WHERE (@status IS NULL OR status = @status) AND (@reference IS NULL OR reference = @reference)
      ORDER BY created_at, token LIMIT @limit OFFSET @offset`);
    this.#stockCount = db.prepare('SELECT count(*) FROM stock_items').pluck();
  }

  stockBySku(sku: string): Stock | null {
    const row = this.#stockBySku.get(sku) as StockItemRow | undefined;
    return row ? stockFromRow(row) : null;
  }

  /** SKUs are case-sensitive at the service, but a worker typing `wd-000123` means `WD-000123`. */
  stockBySkuIgnoringCase(sku: string): Stock | null {
    const row = this.#stockBySkuNoCase.get(sku) as StockItemRow | undefined;
    return row ? stockFromRow(row) : null;
  }

  skuByGtin14(gtin14: string): string | null {
    return (this.#skuByGtin14.get(gtin14) as string | undefined) ?? null;
  }

  warehouses(): Warehouse[] {
    return (this.#warehouses.all() as WarehouseRow[]).map(warehouseFromRow);
  }

  hasWarehouse(id: string): boolean {
    return this.#warehouseExists.get(id) !== undefined;
  }

  products(filter: { skuPrefix?: string; gtin14?: string; offset: number; limit: number }): Product[] {
    if (filter.gtin14 !== undefined) {
      const rows = this.#productsByGtin14.all(filter.gtin14) as ProductRow[];
      const prefix = filter.skuPrefix ?? '';
      return rows.filter((r) => r.sku.startsWith(prefix)).slice(filter.offset, filter.offset + filter.limit).map(productFromRow);
    }
    const low = filter.skuPrefix ?? '';
    const rows = this.#products.all({ low, high: low + '\u{10FFFF}', limit: filter.limit, offset: filter.offset }) as ProductRow[];
    return rows.map(productFromRow);
  }

  shipment(token: string): Shipment | null {
    const row = this.#shipment.get(token) as ShipmentRow | undefined;
    return row ? shipmentFromRow(row) : null;
  }

  shipments(filter: { status?: ShipmentStatus; reference?: string; offset: number; limit: number }): Shipment[] {
    const rows = this.#shipments.all({
      status: filter.status ?? null,
      reference: filter.reference ?? null,
      limit: filter.limit,
      offset: filter.offset,
    }) as ShipmentRow[];
    return rows.map(shipmentFromRow);
  }

  stockCount(): number {
    return this.#stockCount.get() as number;
  }
}
