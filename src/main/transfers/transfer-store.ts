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
  /** When its undo was queued; its in leg is never queued after that. */
  undone_at: string | null;
  /** The transfer this one undoes (moving the stock back). */
  reverses: string | null;
}

/**
 * The transfers table: each transfer's two legs (outbox entry ids). Statements are prepared once:
 * `ofLeg` and `waitingForInLeg` run on every outbox change, ten thousand times for one sheet.
 */
export class TransferStore {
  readonly #insert: Database.Statement;
  readonly #markUndone: Database.Statement;
  readonly #reversalOf: Database.Statement;
  readonly #ofLegs: Database.Statement;
  readonly #setInLeg: Database.Statement;
  readonly #waitingForInLeg: Database.Statement;
  readonly #touching: Database.Statement;
  readonly #get: Database.Statement;
  readonly #ofLeg: Database.Statement;
  readonly #list: Database.Statement;

  constructor(db: Database.Database) {
    this.#insert = db.prepare(
      `INSERT INTO transfers (id, account, sku, from_warehouse, to_warehouse, quantity, worker, out_id, in_id, created_at, reverses)
       VALUES (@id, @account, @sku, @from_warehouse, @to_warehouse, @quantity, @worker, @out_id, @in_id, @created_at, @reverses)`,
    );
    this.#markUndone = db.prepare('UPDATE transfers SET undone_at = ? WHERE id = ? AND undone_at IS NULL');
    this.#reversalOf = db.prepare('SELECT * FROM transfers WHERE reverses = ?');
    this.#ofLegs = db.prepare(
      'SELECT * FROM transfers WHERE account = ? AND (out_id IN (SELECT value FROM json_each(?)) OR in_id IN (SELECT value FROM json_each(?))) ORDER BY created_at DESC, id',
    );
    this.#setInLeg = db.prepare('UPDATE transfers SET in_id = ? WHERE id = ? AND in_id IS NULL');
    this.#waitingForInLeg = db.prepare('SELECT * FROM transfers WHERE account = ? AND in_id IS NULL AND undone_at IS NULL');
    this.#touching = db.prepare(
      'SELECT * FROM transfers WHERE account = ? AND sku = ? AND (from_warehouse = ? OR to_warehouse = ?) AND undone_at IS NULL ORDER BY created_at, id',
    );
    this.#get = db.prepare('SELECT * FROM transfers WHERE id = ?');
    this.#ofLeg = db.prepare('SELECT * FROM transfers WHERE out_id = ? OR in_id = ?');
    this.#list = db.prepare('SELECT * FROM transfers WHERE account = ? ORDER BY created_at DESC, id LIMIT ?');
  }

  insert(row: Omit<TransferRow, 'undone_at'>): void {
    this.#insert.run(row);
  }

  /** Marks the transfer undone once; false when it already was. */
  markUndone(id: string, at: string): boolean {
    return this.#markUndone.run(at, id).changes === 1;
  }

  /** The transfer that undoes `id`, if any. */
  reversalOf(id: string): TransferRow | null {
    return (this.#reversalOf.get(id) as TransferRow | undefined) ?? null;
  }

  /** The transfers any of these outbox entries is a leg of. */
  ofLegs(account: string, entryIds: readonly string[]): TransferRow[] {
    if (entryIds.length === 0) return [];
    const ids = JSON.stringify(entryIds);
    return this.#ofLegs.all(account, ids, ids) as TransferRow[];
  }

  /** Sets the in leg once; false when it was already set (it is never queued twice). */
  setInLeg(id: string, inId: string): boolean {
    return this.#setInLeg.run(inId, id).changes === 1;
  }

  waitingForInLeg(account: string): TransferRow[] {
    return this.#waitingForInLeg.all(account) as TransferRow[];
  }

  /** The transfers of `sku` into or out of `warehouseId` not undone (a count asks which may still move its stock). */
  touching(account: string, sku: string, warehouseId: string): TransferRow[] {
    return this.#touching.all(account, sku, warehouseId, warehouseId) as TransferRow[];
  }

  get(id: string): TransferRow | null {
    return (this.#get.get(id) as TransferRow | undefined) ?? null;
  }

  ofLeg(entryId: string): TransferRow | null {
    return (this.#ofLeg.get(entryId, entryId) as TransferRow | undefined) ?? null;
  }

  /** Newest first. */
  list(account: string, limit: number): TransferRow[] {
    return this.#list.all(account, limit) as TransferRow[];
  }
}
