import type { Migration } from './types';

/**
 * Undo of a transfer (issue 16). `undone_at`: the transfer's undo was queued; its in leg is never
 * queued after that (a withdrawn or refused in leg is replaced by putting the stock back into the
 * source). `reverses`: this transfer is the undo of that one (a done transfer is undone by moving
 * the stock back, out of the destination and then into the source); a transfer is reversed at
 * most once.
 */
export const transferUndo: Migration = {
  version: 11,
  name: 'transfer-undo',
  up(db) {
    db.exec(`
      ALTER TABLE transfers ADD COLUMN undone_at TEXT;
      ALTER TABLE transfers ADD COLUMN reverses TEXT;
      CREATE UNIQUE INDEX transfers_reverses ON transfers (reverses) WHERE reverses IS NOT NULL;
    `);
  },
};
