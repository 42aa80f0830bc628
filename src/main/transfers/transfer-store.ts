import type Database from 'better-sqlite3';

export interface TransferRow {
  id: string;
  account: string;
  sku: string;
  from_warehouse: string;
  to_warehouse: string;
  quantity: number;
  worker: string | null;
  out_id: string;
  in_id: string | null;
  created_at: string;
}

/** The transfers table: each transfer's two legs (outbox entry ids). */
export class TransferStore {
  readonly #db: Database.Database;

  constructor(db: Database.Database) {
    this.#db = db;
  }

  insert(row: TransferRow): void {
    this.#db
      .prepare(
        `INSERT INTO transfers (id, account, sku, from_warehouse, to_warehouse, quantity, worker, out_id, in_id, created_at)
         VALUES (@id, @account, @sku, @from_warehouse, @to_warehouse, @quantity, @worker, @out_id, @in_id, @created_at)`,
      )
      .run(row);
  }

  /** Sets the in leg once; false when it was already set (it is never queued twice). */
  setInLeg(id: string, inId: string): boolean {
    return this.#db.prepare('UPDATE transfers SET in_id = ? WHERE id = ? AND in_id IS NULL').run(inId, id).changes === 1;
  }

  waitingForInLeg(account: string): TransferRow[] {
    return this.#db.prepare('SELECT * FROM transfers WHERE account = ? AND in_id IS NULL').all(account) as TransferRow[];
  }

  get(id: string): TransferRow | null {
    return (this.#db.prepare('SELECT * FROM transfers WHERE id = ?').get(id) as TransferRow | undefined) ?? null;
  }

  ofLeg(entryId: string): TransferRow | null {
    return (this.#db.prepare('SELECT * FROM transfers WHERE out_id = ? OR in_id = ?').get(entryId, entryId) as TransferRow | undefined) ?? null;
  }

  /** Newest first. */
  list(account: string, limit: number): TransferRow[] {
    return this.#db.prepare('SELECT * FROM transfers WHERE account = ? ORDER BY created_at DESC, id LIMIT ?').all(account, limit) as TransferRow[];
  }
}
