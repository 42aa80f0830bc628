// Numbered schema migrations. PRAGMA user_version records the last one applied; each runs in
// its own transaction, so a crash leaves the database at a whole version.
import type Database from 'better-sqlite3';

export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'initial schema',
    sql: `
      CREATE TABLE owners (
        id INTEGER PRIMARY KEY,
        client_id TEXT NOT NULL UNIQUE,
        secret_sha256 TEXT NOT NULL,
        name TEXT NOT NULL
      ) STRICT;

      CREATE TABLE tokens (
        token_sha256 TEXT PRIMARY KEY,
        owner_id INTEGER NOT NULL REFERENCES owners(id),
        issued_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL
      ) STRICT;

      -- seq: immutable insertion sequence, the keyset of every list (see cursor.ts).
      CREATE TABLE warehouses (
        seq INTEGER PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        owner_id INTEGER NOT NULL REFERENCES owners(id),
        code TEXT NOT NULL,
        name TEXT NOT NULL,
        line1 TEXT NOT NULL,
        line2 TEXT,
        city TEXT NOT NULL,
        postal_code TEXT NOT NULL,
        country TEXT NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX warehouses_owner_seq ON warehouses(owner_id, seq);

      -- A product and its stock item share the row: stock_version / stock_updated_at move with
      -- stock changes, updated_at with product changes.
      CREATE TABLE products (
        seq INTEGER PRIMARY KEY,
        owner_id INTEGER NOT NULL REFERENCES owners(id),
        sku TEXT NOT NULL,
        name TEXT NOT NULL,
        weight_grams INTEGER NOT NULL,
        length_mm INTEGER NOT NULL,
        width_mm INTEGER NOT NULL,
        height_mm INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        stock_version INTEGER NOT NULL,
        stock_updated_at INTEGER NOT NULL,
        UNIQUE (owner_id, sku)
      ) STRICT;
      CREATE INDEX products_owner_seq ON products(owner_id, seq);

      CREATE TABLE barcodes (
        owner_id INTEGER NOT NULL,
        gtin14 TEXT NOT NULL,
        product_seq INTEGER NOT NULL REFERENCES products(seq),
        code TEXT NOT NULL,
        position INTEGER NOT NULL,
        PRIMARY KEY (owner_id, gtin14)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX barcodes_product ON barcodes(product_seq, position);

      CREATE TABLE stock_levels (
        product_seq INTEGER NOT NULL REFERENCES products(seq),
        warehouse_seq INTEGER NOT NULL REFERENCES warehouses(seq),
        on_hand INTEGER NOT NULL CHECK (on_hand >= 0),
        reserved INTEGER NOT NULL CHECK (reserved >= 0),
        PRIMARY KEY (product_seq, warehouse_seq)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX stock_levels_warehouse ON stock_levels(warehouse_seq, product_seq);

      CREATE TABLE adjustments (
        seq INTEGER PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        owner_id INTEGER NOT NULL REFERENCES owners(id),
        product_seq INTEGER NOT NULL REFERENCES products(seq),
        warehouse_seq INTEGER NOT NULL REFERENCES warehouses(seq),
        delta INTEGER NOT NULL,
        reason TEXT NOT NULL,
        note TEXT,
        idempotency_key TEXT NOT NULL,
        created_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX adjustments_product ON adjustments(product_seq, seq);

      CREATE TABLE shipments (
        seq INTEGER PRIMARY KEY,
        token TEXT NOT NULL UNIQUE,
        owner_id INTEGER NOT NULL REFERENCES owners(id),
        reference TEXT,
        scope INTEGER NOT NULL CHECK (scope IN (1, 2)),
        status TEXT NOT NULL CHECK (status IN ('created', 'label_ready', 'in_transit', 'delivered', 'cancelled')),
        carrier TEXT NOT NULL,
        service TEXT NOT NULL,
        tracking_number TEXT,
        sender TEXT NOT NULL,
        recipient TEXT NOT NULL,
        parcels TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        cancelled_at INTEGER
      ) STRICT;
      CREATE INDEX shipments_owner_seq ON shipments(owner_id, seq);
      CREATE INDEX shipments_owner_reference ON shipments(owner_id, reference);

      -- Stored results of idempotent operations, scoped per owner and operation.
      CREATE TABLE idempotency_keys (
        owner_id INTEGER NOT NULL REFERENCES owners(id),
        operation TEXT NOT NULL,
        key TEXT NOT NULL,
        request_sha256 TEXT NOT NULL,
        status INTEGER NOT NULL,
        body TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        PRIMARY KEY (owner_id, operation, key)
      ) STRICT, WITHOUT ROWID;

      CREATE TABLE meta (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      ) STRICT;
    `,
  },
];

export function migrate(db: Database.Database): number {
  const current = db.pragma('user_version', { simple: true }) as number;
  for (const migration of MIGRATIONS) {
    if (migration.version <= current) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      db.pragma(`user_version = ${migration.version}`);
    }).immediate();
  }
  return db.pragma('user_version', { simple: true }) as number;
}
