import type Database from 'better-sqlite3';
import { durably } from '../kernel/cache';
import type { AdjustmentReason, OutboxCheck, OutboxCounts, OutboxEntry, OutboxState, StockMark } from '../../shared/ipc/records';
import type { DeskError } from '../../shared/ipc/result';

/** An outbox entry as stored: the record the renderer sees, plus what only main may know. */
export interface StoredOutboxEntry {
  entry: OutboxEntry;
  account: string;
  idempotencyKey: string;
  /**
   * When the current key first left, on the service's clock (a time it had certainly reached);
   * null when never sent with it, or when the desk cannot vouch for that time.
   */
  keySentServiceAt: string | null;
  /** Set for a Set-count adjustment: checked against the service's on-hand when it is sent. */
  count: CountBasis | null;
}

/** What a worker counted, and the on-hand (with what this desk had waiting) the delta was measured against. */
export interface CountBasis {
  counted: number;
  onHand: number;
}

export interface NewOutboxEntry {
  id: string;
  account: string;
  idempotencyKey: string;
  sku: string;
  warehouseId: string;
  delta: number;
  reason: AdjustmentReason;
  note: string | null;
  createdAt: string;
  /** A Set-count adjustment's basis; absent for any other. */
  count?: CountBasis | null;
}

export interface OutboxChange {
  state: OutboxState;
  updatedAt: string;
  attempts?: number;
  applied?: OutboxEntry['applied'];
  lastError?: DeskError | null;
  /** A new key also clears firstSentAt, basis and check: the new key has never been sent. */
  idempotencyKey?: string;
  /** Set once, with the first send under the current key; `serviceAt` on the service's clock. */
  firstSent?: { at: string; basis: StockMark | null; serviceAt: string | null };
  check?: OutboxCheck | null;
}

interface OutboxRow {
  id: string;
  account: string;
  idempotency_key: string;
  sku: string;
  warehouse_id: string;
  delta: number;
  reason: AdjustmentReason;
  note: string | null;
  state: OutboxState;
  attempts: number;
  created_at: string;
  updated_at: string;
  applied_json: string | null;
  last_error_json: string | null;
  first_sent_at: string | null;
  basis_json: string | null;
  check_json: string | null;
  key_sent_service_at: string | null;
  count_json: string | null;
  seen_for: string | null;
}

function parseBasis(json: string | null): StockMark | null {
  return json ? (JSON.parse(json) as StockMark) : null;
}

/** The mark holds the refusal's `updated_at`: a retry changes it, so a new refusal is unseen. */
const isSeen = (row: Pick<OutboxRow, 'state' | 'seen_for' | 'updated_at'>): boolean => row.state === 'rejected' && row.seen_for === row.updated_at;

function fromRow(row: OutboxRow): StoredOutboxEntry {
  return {
    account: row.account,
    idempotencyKey: row.idempotency_key,
    keySentServiceAt: row.key_sent_service_at,
    count: row.count_json ? (JSON.parse(row.count_json) as CountBasis) : null,
    entry: {
      id: row.id,
      sku: row.sku,
      warehouseId: row.warehouse_id,
      delta: row.delta,
      reason: row.reason,
      note: row.note,
      state: row.state,
      attempts: row.attempts,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      applied: row.applied_json ? (JSON.parse(row.applied_json) as OutboxEntry['applied']) : null,
      lastError: row.last_error_json ? (JSON.parse(row.last_error_json) as DeskError) : null,
      firstSentAt: row.first_sent_at,
      uncertain: row.state === 'uncertain' && row.check_json ? { ...(JSON.parse(row.check_json) as Omit<OutboxCheck, 'before'>), before: parseBasis(row.basis_json) } : null,
      seen: isSeen(row),
    },
  };
}

/** The outbox table: adjustments in creation order (seq), per account. */
export class OutboxStore {
  readonly #insert: Database.Statement;
  readonly #get: Database.Statement;
  readonly #update: Database.Statement;
  readonly #nextQueued: Database.Statement;
  readonly #list: Database.Statement;
  readonly #counts: Database.Statement;
  readonly #requeueSending: Database.Statement;
  readonly #uncheckedUncertain: Database.Statement;
  readonly #unsettledBefore: Database.Statement;
  readonly #markSeen: Database.Statement;
  readonly #db: Database.Database;

  constructor(db: Database.Database) {
    this.#db = db;
    this.#insert = db.prepare(`
      INSERT INTO outbox (id, account, idempotency_key, sku, warehouse_id, delta, reason, note, state, attempts, created_at, updated_at, count_json)
      VALUES (@id, @account, @idempotencyKey, @sku, @warehouseId, @delta, @reason, @note, 'queued', 0, @createdAt, @createdAt, @countJson)`);
    this.#get = db.prepare('SELECT * FROM outbox WHERE id = ?');
    this.#update = db.prepare(`
      UPDATE outbox SET state = @state, updated_at = @updatedAt, attempts = COALESCE(@attempts, attempts),
        applied_json = CASE WHEN @setApplied THEN @appliedJson ELSE applied_json END,
        last_error_json = CASE WHEN @setError THEN @lastErrorJson ELSE last_error_json END,
        idempotency_key = COALESCE(@idempotencyKey, idempotency_key),
        first_sent_at = CASE WHEN @idempotencyKey IS NOT NULL THEN NULL ELSE COALESCE(first_sent_at, @firstSentAt) END,
        basis_json = CASE WHEN @idempotencyKey IS NOT NULL THEN NULL WHEN first_sent_at IS NULL AND @firstSentAt IS NOT NULL THEN @basisJson ELSE basis_json END,
        key_sent_service_at = CASE WHEN @idempotencyKey IS NOT NULL THEN NULL WHEN first_sent_at IS NULL AND @firstSentAt IS NOT NULL THEN @serviceAt ELSE key_sent_service_at END,
        check_json = CASE WHEN @idempotencyKey IS NOT NULL THEN NULL WHEN @setCheck THEN @checkJson ELSE check_json END
      WHERE id = @id`);
    this.#nextQueued = db.prepare("SELECT * FROM outbox WHERE account = ? AND state = 'queued' ORDER BY seq LIMIT 1");
    this.#list = db.prepare(`
      SELECT * FROM outbox WHERE account = @account AND (@sku IS NULL OR sku = @sku)
        AND (@states IS NULL OR state IN (SELECT value FROM json_each(@states)))
        AND (@before IS NULL OR seq < (SELECT seq FROM outbox WHERE id = @before AND account = @account))
      ORDER BY seq DESC LIMIT @limit`);
    this.#counts = db.prepare("SELECT state, count(*) AS n, sum(state = 'rejected' AND seen_for IS updated_at) AS seen FROM outbox WHERE account = ? GROUP BY state");
    this.#markSeen = db.prepare("UPDATE outbox SET seen_for = updated_at WHERE id = ? AND state = 'rejected'");
    this.#requeueSending = db.prepare("UPDATE outbox SET state = 'queued', updated_at = ? WHERE state = 'sending'");
    this.#unsettledBefore = db.prepare(`
      SELECT 1 FROM outbox o JOIN outbox e ON e.id = ?
       WHERE o.account = e.account AND o.sku = e.sku AND o.warehouse_id = e.warehouse_id AND o.seq < e.seq
         AND o.state IN ('queued', 'sending', 'uncertain') LIMIT 1`);
    this.#uncheckedUncertain = db.prepare("SELECT * FROM outbox WHERE account = ? AND state = 'uncertain' AND json_extract(check_json, '$.now') IS NULL ORDER BY seq");
  }

  /**
   * Every write of the outbox commits with `synchronous = FULL`: a worker told "saved" and a key
   * marked as sent must survive a power cut, not only a crash of the app.
   */
  durably<T>(fn: () => T): T {
    return durably(this.#db, fn);
  }

  insert(entry: NewOutboxEntry): StoredOutboxEntry {
    const { count, ...row } = entry;
    this.durably(() => this.#insert.run({ ...row, countJson: count ? JSON.stringify(count) : null }));
    return this.get(entry.id)!;
  }

  get(id: string): StoredOutboxEntry | null {
    const row = this.#get.get(id) as OutboxRow | undefined;
    return row ? fromRow(row) : null;
  }

  update(id: string, change: OutboxChange): StoredOutboxEntry {
    this.durably(() => this.#update.run({
      id,
      state: change.state,
      updatedAt: change.updatedAt,
      attempts: change.attempts ?? null,
      setApplied: change.applied !== undefined ? 1 : 0,
      appliedJson: change.applied ? JSON.stringify(change.applied) : null,
      setError: change.lastError !== undefined ? 1 : 0,
      lastErrorJson: change.lastError ? JSON.stringify(change.lastError) : null,
      idempotencyKey: change.idempotencyKey ?? null,
      firstSentAt: change.firstSent?.at ?? null,
      basisJson: change.firstSent?.basis ? JSON.stringify(change.firstSent.basis) : null,
      serviceAt: change.firstSent?.serviceAt ?? null,
      setCheck: change.check !== undefined ? 1 : 0,
      checkJson: change.check ? JSON.stringify({ since: change.check.since, now: change.check.now }) : null,
    }));
    const stored = this.get(id);
    if (!stored) throw new Error(`outbox entry ${id} vanished`);
    return stored;
  }

  /** The oldest entry still waiting to be sent: replay follows creation order. */
  nextQueued(account: string): StoredOutboxEntry | null {
    const row = this.#nextQueued.get(account) as OutboxRow | undefined;
    return row ? fromRow(row) : null;
  }

  /**
   * Newest first, keyset-paged by the immutable `seq`: `before` is the id of the last entry of the
   * previous page, so entries added meanwhile never shift a page. An unknown `before` gives nothing.
   */
  list(account: string, filter: { states?: readonly OutboxState[]; sku?: string; before?: string; limit: number }): { entries: OutboxEntry[]; nextBefore: string | null } {
    const rows = this.#list.all({
      account,
      sku: filter.sku ?? null,
      states: filter.states ? JSON.stringify(filter.states) : null,
      before: filter.before ?? null,
      limit: filter.limit + 1,
    }) as OutboxRow[];
    const more = rows.length > filter.limit;
    const entries = rows.slice(0, filter.limit).map((r) => fromRow(r).entry);
    return { entries, nextBefore: more ? (entries.at(-1)?.id ?? null) : null };
  }

  /** By state, and how many refusals the worker marked Seen (the changes to check are another table's). */
  counts(account: string): Omit<OutboxCounts, 'toCheck'> {
    const counts: Omit<OutboxCounts, 'toCheck'> = { queued: 0, sending: 0, applied: 0, rejected: 0, discarded: 0, uncertain: 0, rejectedSeen: 0 };
    for (const row of this.#counts.all(account) as Array<{ state: OutboxState; n: number; seen: number }>) {
      counts[row.state] = row.n;
      if (row.state === 'rejected') counts.rejectedSeen = row.seen;
    }
    return counts;
  }

  /** Marks a refusal as seen as it stands now (its `updated_at`); false if the entry is not refused. */
  markSeen(id: string): boolean {
    return this.durably(() => this.#markSeen.run(id).changes === 1);
  }

  /**
   * At startup: an entry left `sending` means the process died mid-send. It goes back to queued
   * and is resent with the same key while the service still keeps it (the outbox checks its age).
   */
  requeueInterrupted(now: string): number {
    return this.durably(() => this.#requeueSending.run(now).changes);
  }

  /** Uncertain entries still waiting for a fresh read of their stock (it failed, or was not tried yet). */
  uncheckedUncertain(account: string): StoredOutboxEntry[] {
    return (this.#uncheckedUncertain.all(account) as OutboxRow[]).map(fromRow);
  }

  /** Whether an entry made before `id` for the same SKU and warehouse is still unsettled (waiting, being sent, or uncertain). */
  unsettledBefore(id: string): boolean {
    return this.#unsettledBefore.get(id) !== undefined;
  }
}
