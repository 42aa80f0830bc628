import type { Migration } from './types';

/**
 * Two things the worker does about the outbox, kept with the desk's data rather than in a window:
 *
 * outbox_to_check: changes a rebuilt cache held back because the move between warehouses or the
 * undo they belong to could not be vouched for, and that the worker must check on the shelf (not
 * sent, or the out leg of a move whose stock was booked nowhere). Written in the same transaction
 * as the rest of the salvage; a row goes when the worker says it is checked. `state` is the one the
 * change had in the damaged file (`applied`: it reached the service), `held_at` when the rebuild
 * held it.
 *
 * outbox.seen_for: the `updated_at` of the refusal the worker acknowledged ("Seen"). It counts as
 * seen only while it still equals `updated_at`: retried and refused again is a new refusal.
 */
export const outboxToCheckAndSeen: Migration = {
  version: 16,
  name: 'outbox changes to check by hand, refusals seen',
  up(db) {
    db.exec(`
      CREATE TABLE outbox_to_check (
        id TEXT PRIMARY KEY,
        account TEXT NOT NULL,
        sku TEXT NOT NULL,
        warehouse_id TEXT NOT NULL,
        delta INTEGER NOT NULL,
        state TEXT NOT NULL,
        why TEXT NOT NULL CHECK (why IN ('transfer', 'undo')),
        created_at TEXT NOT NULL,
        held_at TEXT NOT NULL
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX outbox_to_check_by_account ON outbox_to_check(account, created_at);
      ALTER TABLE outbox ADD COLUMN seen_for TEXT;
    `);
  },
};
