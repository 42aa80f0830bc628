import type Database from 'better-sqlite3';
import { productFromRow, type ProductRow } from '../kernel/cache/rows';
import type { Product } from '../../shared/ipc/records';

/**
 * Products whose name or SKU contains a text, any case ("mailer" finds "Bubble mailer, blue"),
 * from the cached catalogue (the sync keeps it whole; the service filters only a SKU prefix).
 * One pass over the products table with `instr`, ordered by SKU.
 */
export class ProductSearchQueries {
  readonly #page: Database.Statement;

  constructor(db: Database.Database) {
    this.#page = db.prepare(`
      SELECT sku, name, barcodes_json, weight_grams, dimensions_json, updated_at, confirmed_at FROM products
      WHERE instr(lower(name), @text) > 0 OR instr(lower(sku), @text) > 0 ORDER BY sku LIMIT @limit OFFSET @offset`);
  }

  page(text: string, offset: number, limit: number): Product[] {
    return (this.#page.all({ text: text.trim().toLowerCase(), offset, limit }) as ProductRow[]).map(productFromRow);
  }
}
