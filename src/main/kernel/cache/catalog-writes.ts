import type Database from 'better-sqlite3';
import { toGtin14 } from '../../../shared/gtin';
import { MIGRATIONS } from './migrations';
import { searchKeysFor, searchText } from './search-keys';
import { dropSortIndexes, ensureSortIndexesByTurns } from './sort-indexes';
import { totalsOf, type ProductWrite, type ShipmentWrite, type StockWrite, type WarehouseWrite } from './rows';

function warehousesOf(levels: StockWrite['levels']): string {
  return levels
    .map((l) => l.warehouseId)
    .sort()
    .join('\n');
}

/** Bits of wh_mask: kept within JavaScript's exact integers (2^53), so masks need no BigInt. */
export const WAREHOUSE_BITS = 52;

/** What an upsert of a stock item did. */
export type StockWriteOutcome = 'written' | 'confirmed' | 'stale';

/**
 * Every change to the cached catalog. Statements are prepared once; callers group writes in
 * `transaction` (a sync page, an applied adjustment) so a crash never leaves half a page.
 */
export class CatalogWrites {
  readonly #db: Database.Database;
  readonly #upsertWarehouse: Database.Statement;
  readonly #deleteUnmarkedWarehouses: Database.Statement;
  readonly #upsertProduct: Database.Statement;
  readonly #productBarcodes: Database.Statement;
  readonly #deleteBarcodesOfSku: Database.Statement;
  readonly #deleteBarcode: Database.Statement;
  readonly #insertBarcode: Database.Statement;
  readonly #stockHead: Database.Statement;
  readonly #insertStock: Database.Statement;
  readonly #updateStock: Database.Statement;
  readonly #updateStockKeepName: Database.Statement;
  readonly #confirmStock: Database.Statement;
  readonly #insertLevel: Database.Statement;
  readonly #updateLevel: Database.Statement;
  readonly #deleteLevel: Database.Statement;
  readonly #deleteStock: Database.Statement;
  readonly #deleteKeys: Database.Statement;
  readonly #insertKey: Database.Statement;
  readonly #itemForKeys: Database.Statement;
  readonly #upsertShipment: Database.Statement;
  readonly #deleteShipment: Database.Statement;
  readonly #clearAll: Database.Transaction<() => void>;
  readonly #bits: Database.Statement;
  readonly #insertBit: Database.Statement;
  readonly #setKeysMask: Database.Statement;
  readonly #setSearchText: Database.Statement;
  /** warehouse id -> bit of wh_mask (see migration 0003); loaded lazily, mirrors warehouse_bits. */
  #bitOf: Map<string, number> | null = null;
  #keysGeneration = 0;

  constructor(db: Database.Database) {
    this.#db = db;
    this.#upsertWarehouse = db.prepare(`
      INSERT INTO warehouses (id, code, name, address_json, position, pass_mark, confirmed_at)
      VALUES (@id, @code, @name, @addressJson, @position, @passMark, @confirmedAt)
      ON CONFLICT(id) DO UPDATE SET code = excluded.code, name = excluded.name, address_json = excluded.address_json,
        position = excluded.position, pass_mark = excluded.pass_mark, confirmed_at = excluded.confirmed_at`);
    this.#deleteUnmarkedWarehouses = db.prepare('DELETE FROM warehouses WHERE pass_mark IS NOT ?');
    this.#upsertProduct = db.prepare(`
      INSERT INTO products (sku, name, barcodes_json, weight_grams, dimensions_json, updated_at, confirmed_at)
      VALUES (@sku, @name, @barcodesJson, @weightGrams, @dimensionsJson, @updatedAt, @confirmedAt)
      ON CONFLICT(sku) DO UPDATE SET name = excluded.name, barcodes_json = excluded.barcodes_json,
        weight_grams = excluded.weight_grams, dimensions_json = excluded.dimensions_json,
        updated_at = excluded.updated_at, confirmed_at = excluded.confirmed_at`);
    this.#productBarcodes = db.prepare('SELECT barcodes_json FROM products WHERE sku = ?').pluck();
    this.#deleteBarcodesOfSku = db.prepare('DELETE FROM barcodes WHERE sku = ?');
    this.#deleteBarcode = db.prepare('DELETE FROM barcodes WHERE gtin14 = ?');
    this.#insertBarcode = db.prepare('INSERT INTO barcodes (gtin14, code, sku, position) VALUES (?, ?, ?, ?)');
    this.#stockHead = db.prepare('SELECT id, version, name, wh_mask, levels_json FROM stock_items WHERE sku = ?');
    this.#insertStock = db.prepare(`
      INSERT INTO stock_items (sku, name, version, updated_at, confirmed_at, levels_json, total_on_hand, total_reserved, total_available, wh_mask, search_text)
      VALUES (@sku, @name, @version, @updatedAt, @confirmedAt, @levelsJson, @onHand, @reserved, @available, @mask, @searchText)`);
    this.#updateStock = db.prepare(`
      UPDATE stock_items SET name = @name, version = @version, updated_at = @updatedAt, confirmed_at = @confirmedAt,
        levels_json = @levelsJson, total_on_hand = @onHand, total_reserved = @reserved, total_available = @available,
        wh_mask = @mask
      WHERE id = @id`);
    // SQLite rewrites the entry of every index on a column the SET names, changed or not: at a
    // million SKUs each is a random page. Most writes are new quantities of the same name.
    this.#updateStockKeepName = db.prepare(`
      UPDATE stock_items SET version = @version, updated_at = @updatedAt, confirmed_at = @confirmedAt,
        levels_json = @levelsJson, total_on_hand = @onHand, total_reserved = @reserved, total_available = @available,
        wh_mask = @mask
      WHERE id = @id`);
    this.#bits = db.prepare('SELECT warehouse_id, bit FROM warehouse_bits');
    this.#insertBit = db.prepare('INSERT INTO warehouse_bits (warehouse_id, bit) VALUES (?, ?)');
    this.#setKeysMask = db.prepare('UPDATE search_keys SET wh_mask = ? WHERE item_id = ?');
    this.#setSearchText = db.prepare('UPDATE stock_items SET search_text = ? WHERE id = ?');
    this.#confirmStock = db.prepare('UPDATE stock_items SET confirmed_at = ? WHERE id = ?');
    this.#insertLevel = db.prepare(
      'INSERT INTO stock_levels (item_id, warehouse_id, sku, on_hand, reserved, available) VALUES (?, ?, ?, ?, ?, ?)',
    );
    this.#updateLevel = db.prepare('UPDATE stock_levels SET on_hand = ?, reserved = ?, available = ? WHERE item_id = ? AND warehouse_id = ?');
    this.#deleteLevel = db.prepare('DELETE FROM stock_levels WHERE item_id = ? AND warehouse_id = ?');
    this.#deleteStock = db.prepare('DELETE FROM stock_items WHERE sku = ?');
    this.#deleteKeys = db.prepare('DELETE FROM search_keys WHERE item_id = ?');
    this.#insertKey = db.prepare('INSERT INTO search_keys (key, item_id, lcp, sku, wh_mask) VALUES (?, ?, ?, ?, ?)');
    this.#itemForKeys = db.prepare('SELECT id, name, wh_mask FROM stock_items WHERE sku = ?');
    this.#upsertShipment = db.prepare(`
      INSERT INTO shipments (token, reference, status, created_at, updated_at, record_json, confirmed_at)
      VALUES (@token, @reference, @status, @createdAt, @updatedAt, @recordJson, @confirmedAt)
      ON CONFLICT(token) DO UPDATE SET reference = excluded.reference, status = excluded.status,
        updated_at = excluded.updated_at, record_json = excluded.record_json, confirmed_at = excluded.confirmed_at`);
    this.#deleteShipment = db.prepare('DELETE FROM shipments WHERE token = ?');
    // Table names come from the migrations' own declarations, never from input.
    const clearStatements = MIGRATIONS.flatMap((m) => m.accountData ?? []).map((table) => db.prepare(`DELETE FROM ${table}`));
    // Where an unfinished sync round stood belongs to the catalog too.
    clearStatements.push(db.prepare("DELETE FROM meta WHERE key LIKE 'sync.%'"));
    this.#clearAll = db.transaction(() => {
      for (const s of clearStatements) s.run();
      this.#bitOf = null;
    });
  }

  /**
   * Changes whenever what the stock list's counts depend on may have changed (an item added or
   * removed, its name, barcodes or warehouses), not when only quantities change: the search may
   * keep the totals it counted until then.
   */
  get keysGeneration(): number {
    return this.#keysGeneration;
  }

  /** Runs `fn` in one transaction (nested calls become savepoints). */
  transaction<T>(fn: () => T): T {
    // Inside a transaction already (a sync page): no savepoint per record, the page is the unit.
    if (this.#db.inTransaction) return fn();
    try {
      return this.#db.transaction(fn)();
    } catch (error) {
      this.#bitOf = null; // a rolled-back page may have assigned warehouse bits
      this.#keysGeneration++;
      throw error;
    }
  }

  upsertWarehouses(warehouses: readonly WarehouseWrite[], confirmedAt: string, passMark: string | null, firstPosition = 0): void {
    warehouses.forEach((w, i) =>
      this.#upsertWarehouse.run({
        id: w.id,
        code: w.code,
        name: w.name,
        addressJson: w.address ? JSON.stringify(w.address) : null,
        position: firstPosition + i,
        passMark,
        confirmedAt,
      }),
    );
  }

  /** Drops warehouses a finished full pass did not see: the service no longer has them. */
  dropWarehousesNotIn(passMark: string): number {
    return this.#deleteUnmarkedWarehouses.run(passMark).changes;
  }

  upsertProducts(products: readonly ProductWrite[], confirmedAt: string): void {
    this.transaction(() => this.#upsertProducts(products, confirmedAt));
  }

  #upsertProducts(products: readonly ProductWrite[], confirmedAt: string): void {
    for (const p of products) {
      const barcodesJson = JSON.stringify(p.barcodes);
      const before = this.#productBarcodes.get(p.sku) as string | undefined;
      this.#upsertProduct.run({
        sku: p.sku,
        name: p.name,
        barcodesJson,
        weightGrams: p.weightGrams,
        dimensionsJson: p.dimensionsMm ? JSON.stringify(p.dimensionsMm) : null,
        updatedAt: p.updatedAt,
        confirmedAt,
      });
      if (before !== barcodesJson) {
        this.#deleteBarcodesOfSku.run(p.sku);
        p.barcodes.forEach((code, position) => {
          const gtin14 = toGtin14(code);
          // A barcode maps to one SKU: the latest product to claim it wins.
          this.#deleteBarcode.run(gtin14);
          this.#insertBarcode.run(gtin14, code, p.sku, position);
        });
        this.#reindex(p.sku, p.barcodes);
      }
    }
  }

  /**
   * Writes a stock item unless the cache already holds a newer version (a lookup or an applied
   * adjustment may have brought one in while a sync page was in flight).
   */
  upsertStock(item: StockWrite, confirmedAt: string): StockWriteOutcome {
    return this.transaction(() => this.#upsertStock(item, confirmedAt));
  }

  #upsertStock(item: StockWrite, confirmedAt: string): StockWriteOutcome {
    const head = this.#stockHead.get(item.sku) as { id: number; version: number; name: string; wh_mask: number; levels_json: string } | undefined;
    if (head && head.version > item.version) return 'stale';
    if (head && head.version === item.version && head.name === item.name) {
      this.#confirmStock.run(confirmedAt, head.id);
      return 'confirmed';
    }
    const totals = totalsOf(item.levels);
    const mask = this.#maskOf(item.levels);
    const values = {
      mask,
      sku: item.sku,
      name: item.name,
      version: item.version,
      updatedAt: item.updatedAt,
      confirmedAt,
      levelsJson: JSON.stringify(
        item.levels.map((l) => ({ warehouseId: l.warehouseId, onHand: l.onHand, reserved: l.reserved, available: l.available })),
      ),
      onHand: totals.onHand,
      reserved: totals.reserved,
      available: totals.available,
    };
    if (!head) {
      // A new item: its keys go in with it (nothing to delete first, no second write of the row).
      const barcodes = this.#productBarcodes.get(item.sku) as string | undefined;
      const keys = searchKeysFor(item.sku, item.name, barcodes ? (JSON.parse(barcodes) as string[]) : []);
      const id = Number(this.#insertStock.run({ ...values, searchText: searchText(keys) }).lastInsertRowid);
      for (const l of item.levels) this.#insertLevel.run(id, l.warehouseId, item.sku, l.onHand, l.reserved, l.available);
      for (const { key, lcp } of keys) this.#insertKey.run(key, id, lcp, item.sku, mask);
      this.#keysGeneration++;
      return 'written';
    }
    const id = head.id;
    (head.name === item.name ? this.#updateStockKeepName : this.#updateStock).run({ ...values, id });
    this.#writeChangedLevels(id, item, JSON.parse(head.levels_json) as StockWrite['levels']);
    if (head.name !== item.name) {
      const barcodes = this.#productBarcodes.get(item.sku) as string | undefined;
      this.#reindex(item.sku, barcodes ? (JSON.parse(barcodes) as string[]) : []);
    } else if (head.wh_mask !== mask) {
      this.#setKeysMask.run(mask, id);
      this.#keysGeneration++;
    } else if (warehousesOf(JSON.parse(head.levels_json) as StockWrite['levels']) !== warehousesOf(item.levels)) {
      this.#keysGeneration++; // a warehouse without a bit in wh_mask gained or lost the item
    }
    return 'written';
  }

  /**
   * The item's levels as `item` has them, writing only those that differ from `before` (the
   * cached levels_json, which mirrors the rows): an adjustment changes one warehouse, and each
   * level row rewritten costs a random page in both of the warehouse's sort indexes.
   */
  #writeChangedLevels(id: number, item: StockWrite, before: StockWrite['levels']): void {
    const old = new Map(before.map((l) => [l.warehouseId, l]));
    for (const l of item.levels) {
      const was = old.get(l.warehouseId);
      old.delete(l.warehouseId);
      if (!was) this.#insertLevel.run(id, l.warehouseId, item.sku, l.onHand, l.reserved, l.available);
      else if (was.onHand !== l.onHand || was.reserved !== l.reserved || was.available !== l.available) {
        this.#updateLevel.run(l.onHand, l.reserved, l.available, id, l.warehouseId);
      }
    }
    for (const gone of old.keys()) this.#deleteLevel.run(id, gone);
  }

  /** The service says the SKU does not exist (any more). */
  deleteStock(sku: string): boolean {
    // Levels and search keys go with the item (ON DELETE CASCADE).
    const deleted = this.#deleteStock.run(sku).changes > 0;
    if (deleted) this.#keysGeneration++;
    return deleted;
  }

  upsertShipment(shipment: ShipmentWrite, confirmedAt: string): void {
    this.#upsertShipment.run({
      token: shipment.token,
      reference: shipment.reference,
      status: shipment.status,
      createdAt: shipment.createdAt,
      updatedAt: shipment.updatedAt,
      recordJson: JSON.stringify(shipment),
      confirmedAt,
    });
  }

  deleteShipment(token: string): void {
    this.#deleteShipment.run(token);
  }

  /**
   * Before filling an empty cache: drop the sort indexes, to be rebuilt in one go by
   * `endBulkLoad` (see sort-indexes.ts). Statements that used them are prepared again lazily.
   */
  beginBulkLoad(): void {
    dropSortIndexes(this.#db);
  }

  endBulkLoad(): Promise<number> {
    return ensureSortIndexesByTurns(this.#db);
  }

  /** Forgets every record of the service (another account signs in); the outbox is kept. */
  clearCatalog(): void {
    this.#clearAll();
    this.#keysGeneration++;
  }

  /** Rewrites the search keys of a stock item; a product without a stock item is not in the list. */
  #reindex(sku: string, barcodes: readonly string[]): void {
    const item = this.#itemForKeys.get(sku) as { id: number; name: string; wh_mask: number } | undefined;
    if (!item) return;
    this.#keysGeneration++;
    this.#deleteKeys.run(item.id);
    const keys = searchKeysFor(sku, item.name, barcodes);
    for (const { key, lcp } of keys) this.#insertKey.run(key, item.id, lcp, sku, item.wh_mask);
    this.#setSearchText.run(searchText(keys), item.id);
  }

  /** One bit per warehouse the item has a level in; warehouses past the 52nd get no bit. */
  #maskOf(levels: StockWrite['levels']): number {
    if (!this.#bitOf) {
      this.#bitOf = new Map((this.#bits.all() as Array<{ warehouse_id: string; bit: number }>).map((r) => [r.warehouse_id, r.bit]));
    }
    const bits = new Set<number>();
    for (const level of levels) {
      let bit = this.#bitOf.get(level.warehouseId);
      if (bit === undefined && this.#bitOf.size < WAREHOUSE_BITS) {
        bit = this.#bitOf.size;
        this.#insertBit.run(level.warehouseId, bit);
        this.#bitOf.set(level.warehouseId, bit);
      }
      if (bit !== undefined) bits.add(bit);
    }
    // 2 ** bit, not 1 << bit: JavaScript's bitwise operators cut to 32 bits.
    let mask = 0;
    for (const bit of bits) mask += 2 ** bit;
    return mask;
  }
}
