import type { Migration } from './types';

/**
 * The desk's own minimum and reorder quantities (the API has no such field): per SKU, either for
 * all warehouses together (warehouse_id '') or for one warehouse. Desk-local like the workers, so
 * they are kept when the cache is rebuilt (composition/cache-salvage.ts).
 */
export const reorderLevels: Migration = {
  version: 15,
  name: 'reorder levels',
  up(db) {
    db.exec(`
      CREATE TABLE reorder_levels (
        sku TEXT NOT NULL,
        warehouse_id TEXT NOT NULL,
        minimum INTEGER NOT NULL CHECK (minimum >= 0),
        reorder INTEGER CHECK (reorder IS NULL OR reorder > 0),
        set_at TEXT NOT NULL,
        PRIMARY KEY (sku, warehouse_id)
      ) STRICT, WITHOUT ROWID;
    `);
  },
};
