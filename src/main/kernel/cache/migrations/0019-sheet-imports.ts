import type { Migration } from './types';

/**
 * Sheets of adjustments an account applied, by the SHA-256 of the file's content: the same file
 * brought in again is refused instead of booked twice. Written in the transaction that queues the
 * sheet's adjustments, so a sheet is recorded exactly when its entries are.
 */
export const sheetImports: Migration = {
  version: 19,
  name: 'sheet imports',
  up(db) {
    db.exec(`
      CREATE TABLE sheet_imports (
        account TEXT NOT NULL,
        hash TEXT NOT NULL,
        name TEXT NOT NULL,
        entries INTEGER NOT NULL,
        applied_at TEXT NOT NULL,
        PRIMARY KEY (account, hash)
      ) STRICT, WITHOUT ROWID;
    `);
  },
};
