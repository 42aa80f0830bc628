import type { Migration } from './types';

/**
 * Links between outbox entries that the outbox itself does not know about: an undo and the
 * adjustment it reverses. Kept beside the outbox, not in it, so the outbox stays one queue of
 * independent adjustments. One undo per adjustment: the UNIQUE makes a second impossible.
 */
export const adjustmentLinks: Migration = {
  version: 7,
  name: 'adjustment links',
  up(db) {
    db.exec(`
      CREATE TABLE adjustment_undos (
        undo_id TEXT PRIMARY KEY,
        original_id TEXT NOT NULL UNIQUE,
        created_at TEXT NOT NULL
      ) STRICT, WITHOUT ROWID;
    `);
  },
};
