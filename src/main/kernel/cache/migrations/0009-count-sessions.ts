import type { Migration } from './types';

/**
 * Stock-take (cycle count) sessions, saved scan by scan so a crash or restart loses nothing.
 * A line's outbox entry is set in the same transaction that queues it, and only once (UNIQUE,
 * set while NULL): a submission interrupted half way goes on with the lines still without one,
 * so no line is ever adjusted twice. `basis_*` is the on-hand the desk knew when the line was
 * first counted, to show what changed at the service while the count went on.
 */
export const countSessions: Migration = {
  version: 9,
  name: 'count-sessions',
  up(db) {
    db.exec(`
      CREATE TABLE count_sessions (
        id TEXT PRIMARY KEY,
        account TEXT NOT NULL,
        warehouse_id TEXT NOT NULL,
        zone_json TEXT,
        worker TEXT,
        state TEXT NOT NULL CHECK (state IN ('open', 'submitted', 'abandoned')),
        started_at TEXT NOT NULL,
        submitted_at TEXT
      ) STRICT, WITHOUT ROWID;
      -- At most one open count per account: every scan knows which count it belongs to.
      CREATE UNIQUE INDEX count_sessions_open ON count_sessions (account) WHERE state = 'open';

      CREATE TABLE count_lines (
        session_id TEXT NOT NULL REFERENCES count_sessions (id),
        sku TEXT NOT NULL,
        counted INTEGER NOT NULL CHECK (counted >= 0),
        decision TEXT NOT NULL CHECK (decision IN ('pending', 'accepted', 'recount')),
        basis_on_hand INTEGER,
        basis_version INTEGER,
        basis_at TEXT,
        first_counted_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        on_hand_at_submit INTEGER,
        entry_id TEXT UNIQUE,
        submitted_at TEXT,
        PRIMARY KEY (session_id, sku)
      ) STRICT, WITHOUT ROWID;
    `);
  },
};
