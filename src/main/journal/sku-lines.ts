import type Database from 'better-sqlite3';
import type { JournalEntry, JournalKind } from '../../shared/ipc/desk-work-records';
import { journalEntryOf, type JournalRow } from './journal-store';

/** The kinds of line that move a SKU's stock or say what became of such a move: not its scans, prints or minimums. */
const MOVING_KINDS: readonly JournalKind[] = ['adjust', 'sent', 'undo', 'resolve', 'transfer', 'count', 'check'];

/**
 * One SKU's journal lines that move stock, newest first: read only, so the cache's reader thread
 * answers with it too (through `journal_by_sku`).
 */
export class SkuJournalLines {
  readonly #lines: Database.Statement;

  constructor(db: Database.Database) {
    this.#lines = db.prepare(`
      SELECT * FROM journal
      WHERE sku = @sku AND at >= @since AND kind IN (${MOVING_KINDS.map((k) => `'${k}'`).join(', ')})
      ORDER BY seq DESC LIMIT @limit`);
  }

  /** At most `limit` lines since `since` (ISO); `capped` when older ones were left out. */
  of(sku: string, since: string, limit: number): { lines: JournalEntry[]; capped: boolean } {
    const rows = this.#lines.all({ sku, since, limit: limit + 1 }) as JournalRow[];
    return { lines: rows.slice(0, limit).map(journalEntryOf), capped: rows.length > limit };
  }
}
