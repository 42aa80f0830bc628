import type { Migration } from './types';

/**
 * The records the service owns, as last confirmed: warehouses, products with their barcodes,
 * stock items with their levels, shipments seen. `confirmed_at` is when the service last
 * confirmed a row (the "cached, as of" of the UI). No column here ever holds a credential.
 */
export const catalog: Migration = {
  version: 1,
  name: 'catalog',
  accountData: ['warehouses', 'products', 'barcodes', 'stock_levels', 'stock_items', 'shipments'],
  up(db) {
    db.exec(`
      CREATE TABLE meta (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      ) STRICT, WITHOUT ROWID;

      -- position: the service's order; pass_mark: the full sync pass that last saw the row, so
      -- warehouses the service no longer lists can be dropped at the end of a pass.
      CREATE TABLE warehouses (
        id TEXT PRIMARY KEY,
        code TEXT NOT NULL,
        name TEXT NOT NULL,
        address_json TEXT,
        position INTEGER NOT NULL,
        pass_mark TEXT,
        confirmed_at TEXT NOT NULL
      ) STRICT;

      CREATE TABLE products (
        sku TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        barcodes_json TEXT NOT NULL,
        weight_grams INTEGER,
        dimensions_json TEXT,
        updated_at TEXT NOT NULL,
        confirmed_at TEXT NOT NULL
      ) STRICT, WITHOUT ROWID;

      -- gtin14: the barcode as a GTIN-14 (left-padded with zeros), so an EAN-13 in the cache is
      -- found when scanned as a GTIN-14 with a leading 0, and the other way round.
      CREATE TABLE barcodes (
        gtin14 TEXT PRIMARY KEY,
        code TEXT NOT NULL,
        sku TEXT NOT NULL,
        position INTEGER NOT NULL
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX barcodes_by_sku ON barcodes(sku, position);

      -- levels_json repeats stock_levels for the scan path: one row read answers a lookup.
      CREATE TABLE stock_items (
        id INTEGER PRIMARY KEY,
        sku TEXT NOT NULL UNIQUE,
        name TEXT NOT NULL,
        version INTEGER NOT NULL,
        updated_at TEXT NOT NULL,
        confirmed_at TEXT NOT NULL,
        levels_json TEXT NOT NULL,
        total_on_hand INTEGER NOT NULL,
        total_reserved INTEGER NOT NULL,
        total_available INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX stock_items_by_sku_nocase ON stock_items(sku COLLATE NOCASE);

      -- sku is repeated so a warehouse's levels sort by quantity with ties in SKU order.
      CREATE TABLE stock_levels (
        item_id INTEGER NOT NULL REFERENCES stock_items(id) ON DELETE CASCADE,
        warehouse_id TEXT NOT NULL,
        sku TEXT NOT NULL,
        on_hand INTEGER NOT NULL,
        reserved INTEGER NOT NULL,
        available INTEGER NOT NULL,
        PRIMARY KEY (item_id, warehouse_id)
      ) STRICT, WITHOUT ROWID;

      CREATE TABLE shipments (
        token TEXT PRIMARY KEY,
        reference TEXT,
        status TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        record_json TEXT NOT NULL,
        confirmed_at TEXT NOT NULL
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX shipments_by_created ON shipments(created_at, token);
    `);
  },
};
