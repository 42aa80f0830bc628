// The yardstick of the lookups (figure 1, and figure 10's idle lookup): a bare better-sqlite3
// primary-key select of the row a lookup answers with. Nothing else is imported, so a thread that
// runs it starts at once.
import Database from 'better-sqlite3';

/** A second, read-only connection to a cache file with one prepared primary-key select. */
export function openPkSelect(cacheFile: string): { idOf(sku: string): number; select(id: number): unknown; close(): void } {
  const db = new Database(cacheFile, { readonly: true, fileMustExist: true });
  const idOf = db.prepare('SELECT id FROM stock_items WHERE sku = ?').pluck();
  const byId = db.prepare('SELECT * FROM stock_items WHERE id = ?');
  return {
    idOf: (sku) => idOf.get(sku) as number,
    select: (id) => byId.get(id),
    close: () => db.close(),
  };
}
