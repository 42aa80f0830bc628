import type Database from 'better-sqlite3';
import type { CountDecision } from '../../shared/ipc/desk-work-records';

export interface CountSessionRow {
  id: string;
  account: string;
  warehouse_id: string;
  zone_json: string | null;
  worker: string | null;
  state: 'open' | 'submitted' | 'abandoned';
  started_at: string;
  submitted_at: string | null;
}

export interface CountLineRow {
  session_id: string;
  sku: string;
  counted: number;
  decision: CountDecision;
  basis_on_hand: number | null;
  basis_version: number | null;
  basis_at: string | null;
  first_counted_at: string;
  updated_at: string;
  on_hand_at_submit: number | null;
  entry_id: string | null;
  submitted_at: string | null;
}

export interface CountBasis {
  onHand: number;
  version: number;
  at: string;
}

/** count_sessions and count_lines: every scan is a committed row before the scan is answered. */
export class CountStore {
  readonly #db: Database.Database;

  constructor(db: Database.Database) {
    this.#db = db;
  }

  insertSession(row: Omit<CountSessionRow, 'state' | 'submitted_at'>): void {
    this.#db
      .prepare("INSERT INTO count_sessions (id, account, warehouse_id, zone_json, worker, state, started_at) VALUES (@id, @account, @warehouse_id, @zone_json, @worker, 'open', @started_at)")
      .run(row);
  }

  open(account: string): CountSessionRow | null {
    return (this.#db.prepare("SELECT * FROM count_sessions WHERE account = ? AND state = 'open'").get(account) as CountSessionRow | undefined) ?? null;
  }

  session(id: string): CountSessionRow | null {
    return (this.#db.prepare('SELECT * FROM count_sessions WHERE id = ?').get(id) as CountSessionRow | undefined) ?? null;
  }

  close(id: string, state: 'submitted' | 'abandoned', at: string): void {
    this.#db.prepare("UPDATE count_sessions SET state = ?, submitted_at = ? WHERE id = ? AND state = 'open'").run(state, at, id);
  }

  /** Newest counted first. */
  lines(sessionId: string): CountLineRow[] {
    return this.#db.prepare('SELECT * FROM count_lines WHERE session_id = ? ORDER BY updated_at DESC, sku').all(sessionId) as CountLineRow[];
  }

  line(sessionId: string, sku: string): CountLineRow | null {
    return (this.#db.prepare('SELECT * FROM count_lines WHERE session_id = ? AND sku = ?').get(sessionId, sku) as CountLineRow | undefined) ?? null;
  }

  /**
   * One more of `sku` (a scan), or exactly `counted` (typed), in one statement: two scans of the
   * same item can never both read the old count. The basis is kept from the first count; a
   * recount line counts again from zero and goes back to pending.
   */
  count(sessionId: string, sku: string, how: { add: 1 } | { set: number }, basis: CountBasis | null, at: string): CountLineRow {
    const fresh = 'add' in how ? 1 : how.set;
    this.#db
      .prepare(
        `INSERT INTO count_lines (session_id, sku, counted, decision, basis_on_hand, basis_version, basis_at, first_counted_at, updated_at)
         VALUES (@session, @sku, @fresh, 'pending', @onHand, @version, @basisAt, @at, @at)
         ON CONFLICT (session_id, sku) DO UPDATE SET
           counted = CASE WHEN @add = 1 AND decision <> 'recount' THEN counted + 1 ELSE @fresh END,
           decision = 'pending',
           updated_at = @at
         WHERE entry_id IS NULL AND submitted_at IS NULL`,
      )
      .run({ session: sessionId, sku, fresh, add: 'add' in how ? 1 : 0, onHand: basis?.onHand ?? null, version: basis?.version ?? null, basisAt: basis?.at ?? null, at });
    return this.line(sessionId, sku)!;
  }

  decide(sessionId: string, sku: string, decision: 'accepted' | 'recount', at: string): boolean {
    return (
      this.#db
        .prepare('UPDATE count_lines SET decision = ?, updated_at = ? WHERE session_id = ? AND sku = ? AND submitted_at IS NULL')
        .run(decision, at, sessionId, sku).changes === 1
    );
  }

  /** Accepted lines not yet submitted, oldest counted first. */
  toSubmit(sessionId: string): CountLineRow[] {
    return this.#db
      .prepare("SELECT * FROM count_lines WHERE session_id = ? AND decision = 'accepted' AND submitted_at IS NULL ORDER BY first_counted_at, sku")
      .all(sessionId) as CountLineRow[];
  }

  /** Marks a line submitted, with the entry queued for it (none when nothing differed); false when it already was. */
  markSubmitted(sessionId: string, sku: string, onHand: number, entryId: string | null, at: string): boolean {
    return (
      this.#db
        .prepare('UPDATE count_lines SET on_hand_at_submit = ?, entry_id = ?, submitted_at = ? WHERE session_id = ? AND sku = ? AND submitted_at IS NULL')
        .run(onHand, entryId, at, sessionId, sku).changes === 1
    );
  }
}
