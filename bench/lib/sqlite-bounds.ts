// The SQLite yardstick of figure 3, measured in the bench process itself (figure 1's is pk-select.ts):
// inserting the rows a full sync wrote, straight into a fresh file with the cache's own schema
// and pragmas (openCache runs the same migrations), one transaction per 500 SKUs.
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { openCache } from '../../src/main/composition/open-cache';
import { nowMs } from './stats';

type Row = Record<string, unknown>;

interface SyncedRows {
  warehouses: Row[];
  warehouseBits: Row[];
  products: Row[];
  barcodesBySku: Map<string, Row[]>;
  stockItems: Row[];
  levelsByItem: Map<number, Row[]>;
  keysByItem: Map<number, Row[]>;
  total: number;
}

function groupBy<K>(rows: Row[], key: string): Map<K, Row[]> {
  const map = new Map<K, Row[]>();
  for (const row of rows) {
    const k = row[key] as K;
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}

/** Every catalog row a full sync left in a cache file, in the order the sync wrote them. */
export function readSyncedRows(cacheFile: string): SyncedRows {
  const db = new Database(cacheFile, { readonly: true, fileMustExist: true });
  try {
    const all = (sql: string): Row[] => db.prepare(sql).all() as Row[];
    const rows: SyncedRows = {
      warehouses: all('SELECT * FROM warehouses ORDER BY position'),
      warehouseBits: all('SELECT * FROM warehouse_bits'),
      products: all('SELECT * FROM products ORDER BY sku'),
      barcodesBySku: groupBy(all('SELECT * FROM barcodes ORDER BY sku, position'), 'sku'),
      stockItems: all('SELECT * FROM stock_items ORDER BY id'),
      levelsByItem: groupBy(all('SELECT * FROM stock_levels ORDER BY item_id'), 'item_id'),
      keysByItem: groupBy(all('SELECT * FROM search_keys ORDER BY item_id, key'), 'item_id'),
      total: 0,
    };
    rows.total =
      rows.warehouses.length +
      rows.warehouseBits.length +
      rows.products.length +
      [...rows.barcodesBySku.values()].reduce((a, l) => a + l.length, 0) +
      rows.stockItems.length +
      [...rows.levelsByItem.values()].reduce((a, l) => a + l.length, 0) +
      [...rows.keysByItem.values()].reduce((a, l) => a + l.length, 0);
    return rows;
  } finally {
    db.close();
  }
}

function insertStatement(db: Database.Database, table: string, sample: Row | undefined): Database.Statement | null {
  if (!sample) return null;
  const columns = Object.keys(sample);
  return db.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`);
}

/**
 * Inserts `rows` into a new cache file in `dir`: products and barcodes, then stock items with
 * their levels and search keys, 500 SKUs per transaction (as the sync's pages). Returns the time
 * of the inserts only (opening and migrating the file is not counted).
 */
export function timeBareInsert(rows: SyncedRows, dir: string, options: { chunk?: number; pragmas?: string[] } = {}): { ms: number; rows: number } {
  const chunk = options.chunk ?? 500;
  mkdirSync(dir, { recursive: true });
  const cache = openCache(dir, { check: 'quick' });
  const db = cache.db;
  // Experiments only (e.g. a larger page cache); the bound itself runs with the cache's pragmas.
  for (const pragma of options.pragmas ?? []) db.pragma(pragma);
  try {
    const first = <T>(m: Map<unknown, T[]>): T | undefined => m.values().next().value?.[0];
    const ins = {
      warehouse: insertStatement(db, 'warehouses', rows.warehouses[0]),
      bit: insertStatement(db, 'warehouse_bits', rows.warehouseBits[0]),
      product: insertStatement(db, 'products', rows.products[0]),
      barcode: insertStatement(db, 'barcodes', first(rows.barcodesBySku)),
      item: insertStatement(db, 'stock_items', rows.stockItems[0]),
      level: insertStatement(db, 'stock_levels', first(rows.levelsByItem)),
      key: insertStatement(db, 'search_keys', first(rows.keysByItem)),
    };
    const started = nowMs();
    db.transaction(() => {
      for (const w of rows.warehouses) ins.warehouse?.run(w);
      for (const b of rows.warehouseBits) ins.bit?.run(b);
    })();
    const productChunk = db.transaction((products: Row[]) => {
      for (const p of products) {
        ins.product?.run(p);
        for (const b of rows.barcodesBySku.get(p['sku'] as string) ?? []) ins.barcode?.run(b);
      }
    });
    for (let i = 0; i < rows.products.length; i += chunk) productChunk(rows.products.slice(i, i + chunk));
    const stockChunk = db.transaction((items: Row[]) => {
      for (const item of items) {
        ins.item?.run(item);
        const id = item['id'] as number;
        for (const l of rows.levelsByItem.get(id) ?? []) ins.level?.run(l);
        for (const k of rows.keysByItem.get(id) ?? []) ins.key?.run(k);
      }
    });
    for (let i = 0; i < rows.stockItems.length; i += chunk) stockChunk(rows.stockItems.slice(i, i + chunk));
    return { ms: nowMs() - started, rows: rows.total };
  } finally {
    cache.close();
  }
}
