import Database from 'better-sqlite3';

/** What could be taken over from a damaged cache file's outbox. */
export interface OutboxSalvage {
  /** Entries copied into the new cache (any state: waiting ones are sent, the rest are history). */
  copied: number;
  /** Entries still waiting to be sent among them. */
  waiting: number;
  /** Why nothing was copied, when nothing could be (the table unreadable or damaged itself). */
  problem: string | null;
}

const COLUMNS = [
  'id',
  'account',
  'idempotency_key',
  'sku',
  'warehouse_id',
  'delta',
  'reason',
  'note',
  'state',
  'attempts',
  'created_at',
  'updated_at',
  'applied_json',
  'last_error_json',
  'first_sent_at',
  'basis_json',
  'check_json',
] as const;

/**
 * Copies the outbox of a cache file that was moved aside as damaged into the new one, so the
 * adjustments a worker made and the app had not sent yet are still sent, exactly once (each keeps
 * its idempotency key). Only when the outbox table and its indexes pass SQLite's own integrity
 * check on their own: a damaged page could turn a quantity into another number, and an entry that
 * might be wrong is never sent. The damaged file is only read.
 */
export function salvageOutbox(damagedFile: string, into: Database.Database): OutboxSalvage {
  let source: Database.Database;
  try {
    source = new Database(damagedFile, { readonly: true, fileMustExist: true });
  } catch (error) {
    return { copied: 0, waiting: 0, problem: `not readable: ${String(error instanceof Error ? error.message : error)}` };
  }
  try {
    const check = source.pragma('integrity_check(outbox)') as Array<Record<string, unknown>>;
    const verdict = check[0] ? Object.values(check[0])[0] : undefined;
    if (check.length !== 1 || verdict !== 'ok') return { copied: 0, waiting: 0, problem: `outbox damaged: ${String(verdict)}` };
    // A file of an older schema lacks the newer columns; a key it sent is then taken as first
    // used when its entry was created, the earliest it can have been, so its age is never short.
    const present = new Set((source.prepare('SELECT name FROM pragma_table_info(?)').all('outbox') as Array<{ name: string }>).map((c) => c.name));
    const select = COLUMNS.map((c) => (present.has(c) ? c : c === 'first_sent_at' ? 'CASE WHEN attempts > 0 THEN created_at END AS first_sent_at' : `NULL AS ${c}`));
    const rows = source.prepare(`SELECT ${select.join(', ')} FROM outbox ORDER BY seq`).all() as Array<Record<(typeof COLUMNS)[number], unknown>>;
    const insert = into.prepare(
      `INSERT OR IGNORE INTO outbox (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map((c) => `@${c}`).join(', ')})`,
    );
    let copied = 0;
    let waiting = 0;
    into.transaction(() => {
      for (const row of rows) {
        // The new table's STRICT types, CHECKs and UNIQUE keys refuse what does not fit.
        if (insert.run(row).changes === 1) {
          copied += 1;
          if (row.state === 'queued' || row.state === 'sending') waiting += 1;
        }
      }
    })();
    return { copied, waiting, problem: null };
  } catch (error) {
    return { copied: 0, waiting: 0, problem: String(error instanceof Error ? error.message : error) };
  } finally {
    source.close();
  }
}
