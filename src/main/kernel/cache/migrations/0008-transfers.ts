import type { Migration } from './types';

/**
 * A transfer between warehouses: two outbox entries, out of one and into the other, linked here.
 * The in leg is queued only once the out leg is applied (in_id NULL until then), so a refused
 * out leg never leaves stock booked into the destination alone; UNIQUE legs mean a leg belongs
 * to one transfer and is never queued twice.
 */
export const transfers: Migration = {
  version: 8,
  name: 'transfers',
  up(db) {
    db.exec(`
      CREATE TABLE transfers (
        id TEXT PRIMARY KEY,
        account TEXT NOT NULL,
        sku TEXT NOT NULL,
        from_warehouse TEXT NOT NULL,
        to_warehouse TEXT NOT NULL,
        quantity INTEGER NOT NULL CHECK (quantity > 0),
        worker TEXT,
        out_id TEXT NOT NULL UNIQUE,
        in_id TEXT UNIQUE,
        created_at TEXT NOT NULL,
        CHECK (from_warehouse <> to_warehouse)
      ) STRICT, WITHOUT ROWID;
    `);
  },
};
