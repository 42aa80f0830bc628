import type Database from 'better-sqlite3';

export interface AppliedSheet {
  name: string;
  entries: number;
  at: string;
}

/** The sheets of adjustments each account applied, by their content's hash (migration 0019). */
export class SheetStore {
  readonly #applied: Database.Statement<[string, string], { name: string; entries: number; applied_at: string }>;
  readonly #insert: Database.Statement<[string, string, string, number, string]>;
  readonly #waiting: Database.Statement<[string], { sku: string; warehouse_id: string; delta: number }>;

  constructor(db: Database.Database) {
    this.#applied = db.prepare('SELECT name, entries, applied_at FROM sheet_imports WHERE account = ? AND hash = ?');
    this.#insert = db.prepare('INSERT INTO sheet_imports (account, hash, name, entries, applied_at) VALUES (?, ?, ?, ?, ?)');
    // What this account still has to send, by SKU and warehouse: what a counted line is measured against beside the cache.
    this.#waiting = db.prepare("SELECT sku, warehouse_id, SUM(delta) AS delta FROM outbox WHERE account = ? AND state IN ('queued', 'sending') GROUP BY sku, warehouse_id");
  }

  applied(account: string, hash: string): AppliedSheet | null {
    const row = this.#applied.get(account, hash);
    return row ? { name: row.name, entries: row.entries, at: row.applied_at } : null;
  }

  record(account: string, hash: string, sheet: AppliedSheet): void {
    this.#insert.run(account, hash, sheet.name, sheet.entries, sheet.at);
  }

  waiting(account: string): Array<{ sku: string; warehouseId: string; delta: number }> {
    return this.#waiting.all(account).map((r) => ({ sku: r.sku, warehouseId: r.warehouse_id, delta: r.delta }));
  }
}
