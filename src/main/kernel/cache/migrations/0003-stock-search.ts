import type { Migration } from './types';

/**
 * The stock list's search and sort, sized for 100,000 SKUs and a query per keystroke.
 *
 * search_keys holds, per stock item, every text a query may be a prefix of: the SKU, each word of
 * the name (folded to lower case) and each barcode. A term is one range seek on its primary key
 * (`key >= term AND key < term || U+10FFFF`), never a scan of the names.
 *
 * lcp is how many leading bytes (UTF-8, as SQLite compares) the key shares with the item's
 * next-smaller key (0 for its smallest). The keys of one item that start with a term are
 * consecutive in its sorted keys, so exactly one of them shares fewer bytes than the term has
 * with its predecessor. Counting the items that match a term is then a range count on the index
 * with an integer test, `lcp < length(term)`: no DISTINCT over up to 100,000 SKUs, no text
 * compared. sku is repeated so a page can start at the first matching SKU.
 *
 * wh_mask has one bit per warehouse (warehouse_bits, up to 52, exact in JavaScript numbers) the
 * item has a level in, so a query filtered by warehouse is still one range read of the index, not
 * one lookup per match. Items in a warehouse beyond the 52nd are found through stock_levels.
 *
 * stock_items.search_text repeats an item's keys, each after a space (` wd-000123 pallet wrap
 * 8710000001232`), so "does this row match term t?" is `instr(search_text, ' ' || t)` on the row
 * already read, not one more index seek per row and term: what a list read in sort order, and
 * every further term of a query, ask of each row. The sort indexes let a page be read in order
 * and stop after `limit` rows instead of sorting every match. (search_keys_by_item serves the
 * rewrite of an item's keys.)
 */
export const stockSearch: Migration = {
  version: 3,
  name: 'stock search',
  accountData: ['search_keys', 'warehouse_bits'],
  up(db) {
    db.exec(`
      CREATE TABLE warehouse_bits (
        warehouse_id TEXT PRIMARY KEY,
        bit INTEGER NOT NULL UNIQUE CHECK (bit BETWEEN 0 AND 51)
      ) STRICT, WITHOUT ROWID;
      ALTER TABLE stock_items ADD COLUMN wh_mask INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE stock_items ADD COLUMN search_text TEXT NOT NULL DEFAULT '';

      CREATE TABLE search_keys (
        key TEXT NOT NULL,
        item_id INTEGER NOT NULL REFERENCES stock_items(id) ON DELETE CASCADE,
        lcp INTEGER NOT NULL,
        sku TEXT NOT NULL,
        wh_mask INTEGER NOT NULL,
        PRIMARY KEY (key, item_id)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX search_keys_by_item ON search_keys(item_id, key);

      CREATE INDEX stock_items_by_name ON stock_items(name COLLATE NOCASE, sku);
      CREATE INDEX stock_items_by_on_hand ON stock_items(total_on_hand, sku);
      CREATE INDEX stock_items_by_available ON stock_items(total_available, sku);
      CREATE INDEX stock_items_by_updated ON stock_items(updated_at, sku);

      CREATE INDEX stock_levels_by_warehouse_on_hand ON stock_levels(warehouse_id, on_hand, sku);
      CREATE INDEX stock_levels_by_warehouse_available ON stock_levels(warehouse_id, available, sku);
    `);
  },
};
