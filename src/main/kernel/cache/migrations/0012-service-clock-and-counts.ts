import type { Migration } from './types';

/**
 * What the service's clock said, where the desk's cannot be trusted, and counts that wait.
 *
 * outbox.key_sent_service_at: when the entry's current idempotency key first left, on the
 * service's clock (a time it had certainly reached then; see kernel/api ServiceClock). The key's
 * age is measured against it, never against the desk's clock. Null for an entry sent before this
 * migration (or with no Date from the service): its key's age cannot be vouched for, so it is never
 * resent with it (it becomes `uncertain`).
 * outbox.count_json: a Set-count adjustment's counted quantity and the on-hand it was measured
 * against, so that at sending its delta is checked against the service's on-hand read then.
 * sync_state.pass_service_at: the service's time when the pass in progress got its first page,
 * the start of the next pass's `updated_since`.
 */
export const serviceClockAndCounts: Migration = {
  version: 12,
  name: 'service clock and counts in the outbox',
  up(db) {
    db.exec(`
      ALTER TABLE outbox ADD COLUMN key_sent_service_at TEXT;
      ALTER TABLE outbox ADD COLUMN count_json TEXT;
      ALTER TABLE sync_state ADD COLUMN pass_service_at TEXT;
    `);
  },
};
