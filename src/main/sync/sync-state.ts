import type Database from 'better-sqlite3';

export type SyncResource = 'warehouses' | 'products' | 'stock';

/** Where one resource's sync stands; persisted after every page, in the page's transaction. */
export interface SyncState {
  resource: SyncResource;
  /** Set while a pass is in progress (also after a crash): the pass resumes instead of restarting. */
  passStartedAt: string | null;
  /** The `updated_since` the pass in progress was started with (its cursor is only valid with it). */
  passSince: string | null;
  /** The service's time (its answer's Date) when the pass in progress got its first page; null until then, or if it gave none. */
  passServiceAt: string | null;
  /** The next page of the pass in progress; null for its first page. */
  cursor: string | null;
  /** Records pulled by the pass in progress so far. */
  pulled: number;
  /** The `updated_since` of the next pass: the start of the last finished one on the service's clock, minus a margin. */
  watermark: string | null;
  lastCompletedAt: string | null;
}

interface SyncStateRow {
  resource: SyncResource;
  pass_started_at: string | null;
  pass_since: string | null;
  pass_service_at: string | null;
  cursor: string | null;
  pulled: number;
  watermark: string | null;
  last_completed_at: string | null;
}

export class SyncStateStore {
  readonly #get: Database.Statement;
  readonly #save: Database.Statement;
  readonly #lastCompleted: Database.Statement;

  constructor(db: Database.Database) {
    this.#get = db.prepare('SELECT * FROM sync_state WHERE resource = ?');
    this.#save = db.prepare(`
      INSERT INTO sync_state (resource, pass_started_at, pass_since, pass_service_at, cursor, pulled, watermark, last_completed_at)
      VALUES (@resource, @passStartedAt, @passSince, @passServiceAt, @cursor, @pulled, @watermark, @lastCompletedAt)
      ON CONFLICT(resource) DO UPDATE SET pass_started_at = excluded.pass_started_at, pass_since = excluded.pass_since,
        pass_service_at = excluded.pass_service_at,
        cursor = excluded.cursor, pulled = excluded.pulled, watermark = excluded.watermark,
        last_completed_at = excluded.last_completed_at`);
    this.#lastCompleted = db.prepare('SELECT min(last_completed_at) AS oldest, count(last_completed_at) AS n FROM sync_state');
  }

  get(resource: SyncResource): SyncState {
    const row = this.#get.get(resource) as SyncStateRow | undefined;
    if (!row) {
      return { resource, passStartedAt: null, passSince: null, passServiceAt: null, cursor: null, pulled: 0, watermark: null, lastCompletedAt: null };
    }
    return {
      resource,
      passStartedAt: row.pass_started_at,
      passSince: row.pass_since,
      passServiceAt: row.pass_service_at,
      cursor: row.cursor,
      pulled: row.pulled,
      watermark: row.watermark,
      lastCompletedAt: row.last_completed_at,
    };
  }

  save(state: SyncState): void {
    this.#save.run(state);
  }

  /** When every resource had last finished a pass (the oldest of them); null before the first full sync. */
  lastSyncedAt(resources: number): string | null {
    const row = this.#lastCompleted.get() as { oldest: string | null; n: number };
    return row.n >= resources ? row.oldest : null;
  }
}
