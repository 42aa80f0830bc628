import type Database from 'better-sqlite3';
import { columnsOf, durably, insertOrIgnore, type DamagedFileReader, type TableRead } from '../kernel/cache';
import type { ToCheckChange } from '../../shared/ipc/records';

/** A change a rebuild held back for the worker, as the salvage hands it over. */
export interface NewToCheck {
  id: string;
  account: string;
  sku: string;
  warehouseId: string;
  delta: number;
  /** Its state in the damaged file. */
  state: string;
  why: ToCheckChange['why'];
  createdAt: string;
  heldAt: string;
}

interface ToCheckRow {
  id: string;
  account: string;
  sku: string;
  warehouse_id: string;
  delta: number;
  state: string;
  why: ToCheckChange['why'];
  created_at: string;
  held_at: string;
}

const fromRow = (row: ToCheckRow): ToCheckChange => ({
  id: row.id,
  sku: row.sku,
  warehouseId: row.warehouse_id,
  delta: row.delta,
  why: row.why,
  sent: row.state === 'applied',
  createdAt: row.created_at,
  heldAt: row.held_at,
});

const COLUMNS = ['id', 'account', 'sku', 'warehouse_id', 'delta', 'state', 'why', 'created_at', 'held_at'] as const;

/**
 * The changes a rebuilt cache held back for the worker to check by hand (`outbox_to_check`), per
 * account, until the worker says each is checked. Kept in the desk's file, so a restart or another
 * window shows them too.
 */
export class ToCheckStore {
  readonly #db: Database.Database;
  readonly #list: Database.Statement;
  readonly #count: Database.Statement;
  readonly #get: Database.Statement;
  readonly #remove: Database.Statement;

  constructor(db: Database.Database) {
    this.#db = db;
    this.#list = db.prepare('SELECT * FROM outbox_to_check WHERE account = ? ORDER BY created_at, id');
    this.#count = db.prepare('SELECT count(*) FROM outbox_to_check WHERE account = ?').pluck();
    this.#get = db.prepare('SELECT * FROM outbox_to_check WHERE id = ? AND account = ?');
    this.#remove = db.prepare('DELETE FROM outbox_to_check WHERE id = ? AND account = ?');
  }

  list(account: string): ToCheckChange[] {
    return (this.#list.all(account) as ToCheckRow[]).map(fromRow);
  }

  count(account: string): number {
    return this.#count.get(account) as number;
  }

  /** Takes one off the list (the worker checked it) and gives it back as it was; null if the account has no such change. */
  remove(account: string, id: string): ToCheckChange | null {
    return durably(this.#db, () =>
      this.#db.transaction(() => {
        const row = this.#get.get(id, account) as ToCheckRow | undefined;
        if (!row) return null;
        this.#remove.run(id, account);
        return fromRow(row);
      })(),
    );
  }
}

/** The damaged file's own list of changes still to check: a second rebuild must not lose them. */
export function readToCheck(reader: DamagedFileReader, into: Database.Database): TableRead<Record<string, unknown>> {
  return reader.table('outbox_to_check', columnsOf(into, 'outbox_to_check'));
}

/**
 * Writes the changes to check inside the caller's transaction (the salvage's): those the damaged
 * file still listed, then those this rebuild held. A row the table refuses, or one already listed, is left out.
 */
export function copyToCheck(into: Database.Database, listed: readonly Record<string, unknown>[], held: readonly NewToCheck[]): void {
  const insert = insertOrIgnore(into, 'outbox_to_check', COLUMNS);
  for (const row of listed) insert.run(row);
  for (const h of held) insert.run({ id: h.id, account: h.account, sku: h.sku, warehouse_id: h.warehouseId, delta: h.delta, state: h.state, why: h.why, created_at: h.createdAt, held_at: h.heldAt });
}
