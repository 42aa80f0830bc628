import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate, schemaVersion } from '../../../../../src/main/kernel/cache/migrate';
import { MIGRATIONS } from '../../../../../src/main/kernel/cache/migrations';

function tables(db: Database.Database): string[] {
  return (db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name").pluck().all() as string[]).filter((n) => !n.startsWith('sqlite_'));
}

describe('migration 0001 catalog', () => {
  const db = new Database(':memory:');

  it('creates the catalog tables and records version 1', () => {
    expect(migrate(db, MIGRATIONS, 1)).toBe(1);
    expect(schemaVersion(db)).toBe(1);
    expect(tables(db)).toEqual(['barcodes', 'meta', 'products', 'shipments', 'stock_items', 'stock_levels', 'warehouses']);
  });

  it('keeps one row per barcode (as GTIN-14) and one stock item per SKU', () => {
    db.prepare("INSERT INTO barcodes VALUES ('04012345678901', '4012345678901', 'WD-1', 0)").run();
    expect(() => db.prepare("INSERT INTO barcodes VALUES ('04012345678901', '04012345678901', 'WD-2', 0)").run()).toThrow(/UNIQUE/);
    const insert = db.prepare(
      "INSERT INTO stock_items (sku, name, version, updated_at, confirmed_at, levels_json, total_on_hand, total_reserved, total_available) VALUES (?, 'n', 1, 't', 't', '[]', 0, 0, 0)",
    );
    insert.run('WD-1');
    expect(() => insert.run('WD-1')).toThrow(/UNIQUE/);
  });

  it('finds a SKU typed in another case through its NOCASE index', () => {
    const plan = db.prepare("EXPLAIN QUERY PLAN SELECT sku FROM stock_items WHERE sku = 'wd-1' COLLATE NOCASE").all() as Array<{ detail: string }>;
    expect(plan.map((p) => p.detail).join(' ')).toMatch(/stock_items_by_sku_nocase/);
  });

  it('is strict about types: a text quantity is refused', () => {
    expect(() =>
      db
        .prepare(
          "INSERT INTO stock_items (sku, name, version, updated_at, confirmed_at, levels_json, total_on_hand, total_reserved, total_available) VALUES ('X', 'n', 'one', 't', 't', '[]', 0, 0, 0)",
        )
        .run(),
    ).toThrow(/cannot store TEXT/);
  });
});
