import type { Migration } from './types';

/**
 * What the app itself must not lose: where each sync pass stands (so a crash or a dropped network
 * resumes instead of restarting) and the outbox of adjustments (written before any network call).
 */
export const syncAndOutbox: Migration = {
  version: 2,
  name: 'sync state and outbox',
  accountData: ['sync_state'],
  up(db) {
    db.exec(`
      -- One row per resource. A pass in progress has pass_started_at set; cursor is the next page
      -- to ask for and pass_since the updated_since the pass was started with (a cursor is valid
      -- only with the filters it was issued for). watermark is the updated_since of the next pass.
      CREATE TABLE sync_state (
        resource TEXT PRIMARY KEY,
        pass_started_at TEXT,
        pass_since TEXT,
        cursor TEXT,
        pulled INTEGER NOT NULL DEFAULT 0,
        watermark TEXT,
        last_completed_at TEXT
      ) STRICT, WITHOUT ROWID;

      -- seq gives the creation order the replay follows. account: the signed-in account the
      -- adjustment belongs to (never a credential: base URL + client id, or demo), so switching
      -- accounts never sends one account's work to another.
      CREATE TABLE outbox (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        account TEXT NOT NULL,
        idempotency_key TEXT NOT NULL UNIQUE,
        sku TEXT NOT NULL,
        warehouse_id TEXT NOT NULL,
        delta INTEGER NOT NULL,
        reason TEXT NOT NULL,
        note TEXT,
        state TEXT NOT NULL CHECK (state IN ('queued', 'sending', 'applied', 'rejected', 'discarded')),
        attempts INTEGER NOT NULL DEFAULT 0,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        applied_json TEXT,
        last_error_json TEXT
      ) STRICT;
      CREATE INDEX outbox_by_account_state ON outbox(account, state, seq);
      CREATE INDEX outbox_by_account_sku ON outbox(account, sku, seq);
    `);
  },
};
