import type { Migration } from './types';

/**
 * Label print jobs for thermal printers, kept until done or cancelled so none is lost when a
 * printer is off. `sending` is written (and committed) before the first byte goes out: a job
 * found `sending` after a crash may have printed, and becomes `may_have_printed`, never resent
 * unless a worker says so.
 */
export const printJobs: Migration = {
  version: 13,
  name: 'print-jobs',
  up(db) {
    db.exec(`
      CREATE TABLE print_jobs (
        id TEXT PRIMARY KEY,
        profile_id TEXT NOT NULL,
        label_kind TEXT NOT NULL CHECK (label_kind IN ('shelf', 'product', 'shipment', 'scanner-test', 'test-print')),
        labels INTEGER NOT NULL CHECK (labels > 0),
        worker TEXT,
        zpl TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('waiting', 'sending', 'done', 'cancelled', 'may_have_printed')),
        attempts INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
        next_attempt_at TEXT,
        last_error TEXT,
        printer_status TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX print_jobs_due ON print_jobs (state, next_attempt_at);
    `);
  },
};
