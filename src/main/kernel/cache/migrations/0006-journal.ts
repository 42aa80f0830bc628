import type { Migration } from './types';

/**
 * The desk's journal: every scan and action with the worker, the time, the service's request id
 * and the outcome. Kept per desk (this file), whatever account is signed in. The worker's name is
 * copied, not referenced: the line stays true if the worker is renamed or removed.
 */
export const journal: Migration = {
  version: 6,
  name: 'journal',
  up(db) {
    db.exec(`
      CREATE TABLE journal (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        at TEXT NOT NULL,
        kind TEXT NOT NULL,
        worker TEXT,
        code TEXT,
        sku TEXT,
        summary TEXT NOT NULL,
        outcome TEXT NOT NULL,
        request_id TEXT,
        -- the outbox entry an adjust line queued: its later verdict is written as its own line.
        ref TEXT
      ) STRICT;
      CREATE INDEX journal_by_at ON journal(at);
      CREATE INDEX journal_by_sku ON journal(sku, seq) WHERE sku IS NOT NULL;
      CREATE INDEX journal_by_ref ON journal(ref) WHERE ref IS NOT NULL;
    `);
  },
};
