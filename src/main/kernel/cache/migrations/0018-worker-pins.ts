import type { Migration } from './types';

/**
 * A worker's role and PIN, and the wrong PINs counted towards a lockout. The PIN is kept only as a
 * slow salted hash (workers/pin-hash.ts); the lockout's start is stored so that a restart does not
 * end it.
 */
export const workerPins: Migration = {
  version: 18,
  name: 'worker pins',
  up(db) {
    db.exec(`
      ALTER TABLE desk_workers ADD COLUMN role TEXT NOT NULL DEFAULT 'worker' CHECK (role IN ('worker', 'supervisor'));
      ALTER TABLE desk_workers ADD COLUMN pin_hash TEXT;

      CREATE TABLE desk_pin_failures (
        worker_id TEXT PRIMARY KEY REFERENCES desk_workers(id) ON DELETE CASCADE,
        failures INTEGER NOT NULL,
        locked_at TEXT
      ) STRICT;
    `);
  },
};
