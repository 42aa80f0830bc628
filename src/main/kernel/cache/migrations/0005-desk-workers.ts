import type { Migration } from './types';

/**
 * Who works at this desk: a desk-local list (the API has no users), and who is at it now. Never
 * a credential: a name and the barcode printed on a badge.
 */
export const deskWorkers: Migration = {
  version: 5,
  name: 'desk workers',
  up(db) {
    db.exec(`
      CREATE TABLE desk_workers (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        badge TEXT UNIQUE,
        added_at TEXT NOT NULL
      ) STRICT, WITHOUT ROWID;
      CREATE UNIQUE INDEX desk_workers_by_name ON desk_workers(name COLLATE NOCASE);

      -- One row at most: the worker at the desk now (none when nobody said).
      CREATE TABLE desk_worker_current (
        slot INTEGER PRIMARY KEY CHECK (slot = 1),
        worker_id TEXT NOT NULL REFERENCES desk_workers(id) ON DELETE CASCADE
      ) STRICT;
    `);
  },
};
