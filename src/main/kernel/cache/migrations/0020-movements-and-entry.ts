import type { Migration } from './types';

/**
 * A SKU's movements as the desk saw them, and how a code came in.
 *
 * `on_hand_history`: a row each time a warehouse's cached on-hand changed, with the figure before
 * and after and when the service confirmed the new one (the item's `confirmed_at`, written just
 * before its levels). A trigger writes it, so every path that updates a level (a sync page, a
 * lookup's fresh copy, an applied adjustment) is covered and none can forget it. Only an UPDATE
 * that changes `on_hand` fires it: a full sync inserts its rows, and a million inserts pay nothing.
 * The catalog's: cleared with it when another account signs in; pruned with the journal's retention.
 *
 * `journal.entry`: `scanned` or `keyed` for a scan's or an adjustment's line (shared/ipc CodeEntry),
 * NULL where the desk does not know (every line before this, and callers that do not say).
 */
export const movementsAndEntry: Migration = {
  version: 20,
  name: 'movements-and-entry',
  accountData: ['on_hand_history'],
  up(db) {
    db.exec(`
      CREATE TABLE on_hand_history (
        seq INTEGER PRIMARY KEY,
        sku TEXT NOT NULL,
        warehouse_id TEXT NOT NULL,
        at TEXT NOT NULL,
        before INTEGER NOT NULL,
        after INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX on_hand_history_by_sku ON on_hand_history(sku, at);
      CREATE INDEX on_hand_history_by_at ON on_hand_history(at);

      CREATE TRIGGER stock_levels_on_hand_history AFTER UPDATE OF on_hand ON stock_levels
      WHEN old.on_hand IS NOT new.on_hand
      BEGIN
        INSERT INTO on_hand_history (sku, warehouse_id, at, before, after)
        VALUES (new.sku, new.warehouse_id, (SELECT confirmed_at FROM stock_items WHERE id = new.item_id), old.on_hand, new.on_hand);
      END;

      ALTER TABLE journal ADD COLUMN entry TEXT CHECK (entry IN ('scanned', 'keyed'));
    `);
  },
};
