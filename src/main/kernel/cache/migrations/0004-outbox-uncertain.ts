import type { Migration } from './types';

/**
 * The outbox learns when each key was first used, and a state for an entry whose outcome is
 * unknown and whose key the service may have forgotten (`uncertain`): it is never resent with
 * that key, the worker decides with the stock the service shows now.
 *
 * first_sent_at: when the entry's current idempotency key first left in a request (null: never
 * sent with it). An entry already sent before this migration gets its created_at, the earliest
 * moment that key can have been used, so its age is never underestimated.
 * basis_json: the stock the desk held for the entry's SKU and warehouse when the key was first
 * used (on hand and the record's version), so a fresh read can say whether anything changed since.
 * check_json: for an uncertain entry, when it became so and the fresh read of the stock it is
 * compared with (its read is null until one succeeded).
 * SQLite cannot change a CHECK constraint in place, so the table is rebuilt with the same rows,
 * seq values and indexes.
 */
export const outboxUncertain: Migration = {
  version: 4,
  name: 'outbox first-sent time and the uncertain state',
  up(db) {
    db.exec(`
      CREATE TABLE outbox_next (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        account TEXT NOT NULL,
        idempotency_key TEXT NOT NULL UNIQUE,
        sku TEXT NOT NULL,
        warehouse_id TEXT NOT NULL,
        delta INTEGER NOT NULL,
        reason TEXT NOT NULL,
        note TEXT,
        state TEXT NOT NULL CHECK (state IN ('queued', 'sending', 'applied', 'rejected', 'discarded', 'uncertain')),
        attempts INTEGER NOT NULL DEFAULT 0,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        applied_json TEXT,
        last_error_json TEXT,
        first_sent_at TEXT,
        basis_json TEXT,
        check_json TEXT
      ) STRICT;
      INSERT INTO outbox_next (seq, id, account, idempotency_key, sku, warehouse_id, delta, reason, note, state, attempts, created_at, updated_at, applied_json, last_error_json, first_sent_at)
        SELECT seq, id, account, idempotency_key, sku, warehouse_id, delta, reason, note, state, attempts, created_at, updated_at, applied_json, last_error_json,
          CASE WHEN attempts > 0 THEN created_at END
        FROM outbox;
      DROP TABLE outbox;
      ALTER TABLE outbox_next RENAME TO outbox;
      CREATE INDEX outbox_by_account_state ON outbox(account, state, seq);
      CREATE INDEX outbox_by_account_sku ON outbox(account, sku, seq);
    `);
  },
};
