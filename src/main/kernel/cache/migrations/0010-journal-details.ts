import type { Migration } from './types';

/**
 * A journal line's details as data (`{what, params, error}` JSON, shared/ipc JournalWhat), so the
 * screen words them in the desk's language. Lines written before stay as they were: no details,
 * their English summary shown as it is.
 */
export const journalDetails: Migration = {
  version: 10,
  name: 'journal-details',
  up(db) {
    db.exec('ALTER TABLE journal ADD COLUMN details_json TEXT');
  },
};
