import type Database from 'better-sqlite3';
import type { OnHandChange } from '../../shared/ipc/movement-records';

/** However long the journal's retention, the history never grows past this many rows. */
export const MAX_ON_HAND_HISTORY_ROWS = 1_000_000;

/**
 * The on-hand figures the desk saw change (`on_hand_history`, written by a trigger on the cached
 * stock levels, migration 0020): read here, on any connection of the file (the reader's is read-only).
 */
export class OnHandHistory {
  readonly #changes: Database.Statement;

  constructor(db: Database.Database) {
    this.#changes = db.prepare('SELECT at, warehouse_id AS warehouseId, before, after FROM on_hand_history WHERE sku = ? AND at >= ? ORDER BY at, seq');
  }

  /** The SKU's changes since `since` (ISO), oldest first. */
  of(sku: string, since: string): OnHandChange[] {
    return this.#changes.all(sku, since) as OnHandChange[];
  }
}

/** Drops the history older than `before` (ISO) and all but the newest `keep` rows; returns how many rows went. */
export function onHandHistoryPruner(db: Database.Database, keep = MAX_ON_HAND_HISTORY_ROWS): (before: string) => number {
  const byAge = db.prepare('DELETE FROM on_hand_history WHERE at < ?');
  const overCap = db.prepare('DELETE FROM on_hand_history WHERE seq <= (SELECT seq FROM on_hand_history ORDER BY seq DESC LIMIT 1 OFFSET ?)');
  return (before) => byAge.run(before).changes + overCap.run(keep).changes;
}
