import type Database from 'better-sqlite3';
import { columnsOf, insertOrIgnore, type DamagedFileReader, type TableRead } from '../kernel/cache';
import type { CountLineRow, CountSessionRow } from './count-store';

export interface SalvagedCounts {
  sessions: CountSessionRow[];
  lines: CountLineRow[];
}

/** Sessions and their lines, both tables or neither: a line is only worth its session. */
export function readCounts(reader: DamagedFileReader, into: Database.Database): TableRead<SalvagedCounts> {
  const sessions = reader.table<CountSessionRow>('count_sessions', columnsOf(into, 'count_sessions'));
  if (sessions.status !== 'read') return sessions;
  const lines = reader.table<CountLineRow>('count_lines', columnsOf(into, 'count_lines'));
  if (lines.status === 'damaged') return lines;
  return { status: 'read', rows: [{ sessions: sessions.rows, lines: lines.status === 'read' ? lines.rows : [] }] };
}

export interface CountsKept {
  /** The open counts kept (one per account at most). */
  open: number;
  /** Lines of an open count that were submitted but whose adjustment could not be kept: back to review. */
  toReview: number;
}

/**
 * Copies every session and the lines whose references hold, inside the caller's transaction. A
 * submitted line whose adjustment was not kept: in the open count it goes back to be reviewed and
 * submitted again (its delta is computed at submit time against the service's on-hand, which
 * holds the lost adjustment if it was applied, so nothing is booked twice); in a closed count,
 * history only, it is left out.
 */
export function copyCounts(into: Database.Database, counts: SalvagedCounts, entryKept: (id: string) => boolean): CountsKept {
  const insertSession = insertOrIgnore(into, 'count_sessions', columnsOf(into, 'count_sessions'));
  const insertLine = insertOrIgnore(into, 'count_lines', columnsOf(into, 'count_lines'));
  // The new tables' constraints refuse what does not fit (a second open count of an account, say).
  const copied = new Set(counts.sessions.filter((s) => insertSession.run(s).changes === 1).map((s) => s.id));
  const open = new Set(counts.sessions.filter((s) => s.state === 'open' && copied.has(s.id)).map((s) => s.id));
  let toReview = 0;
  for (const line of counts.lines) {
    if (!copied.has(line.session_id)) continue;
    if (line.entry_id === null || entryKept(line.entry_id)) {
      insertLine.run(line);
    } else if (open.has(line.session_id)) {
      insertLine.run({ ...line, decision: 'pending', on_hand_at_submit: null, entry_id: null, submitted_at: null });
      toReview += 1;
    }
  }
  return { open: open.size, toReview };
}
