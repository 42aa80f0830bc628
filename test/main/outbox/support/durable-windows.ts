import Database from 'better-sqlite3';
import type { Cache } from '../../../../src/main/composition/open-cache';

/**
 * Watches which commits of the desk's tables were made while `synchronous = FULL`: each time the
 * connection's level is set, a second (read-only) connection takes a snapshot of what is committed.
 * A change between a window's close (back to NORMAL) and the next window's open was committed at
 * NORMAL, which a power cut may roll back.
 */
export interface DurableWindows {
  /** What is committed now, of every table a promise to the worker rests on. */
  snapshot(): string;
  /** Forgets the level changes seen so far. */
  reset(): void;
  /**
   * Checks that everything committed since `initial` was committed inside a FULL window and that
   * the level is back to NORMAL; returns how many windows changed something.
   */
  changesOutsideFull(initial: string): { outside: string[]; changedWindows: number; levels: string[] };
  close(): void;
}

const TABLES = [
  'SELECT id, state, idempotency_key, attempts, first_sent_at, applied_json FROM outbox ORDER BY seq',
  'SELECT * FROM transfers ORDER BY id',
  'SELECT * FROM adjustment_undos ORDER BY undo_id',
  'SELECT session_id, sku, entry_id, submitted_at, on_hand_at_submit FROM count_lines ORDER BY session_id, sku',
];

export function watchDurableWindows(cache: Cache): DurableWindows {
  const watcher = new Database(cache.file, { readonly: true });
  const snapshot = () => JSON.stringify(TABLES.map((sql) => watcher.prepare(sql).all()));
  const marks: Array<{ set: string; committed: string }> = [];
  const pragma = cache.db.pragma.bind(cache.db);
  cache.db.pragma = ((source: string, options?: Database.PragmaOptions) => {
    if (/^synchronous\s*=/.test(source)) marks.push({ set: source, committed: snapshot() });
    return pragma(source, options);
  }) as typeof cache.db.pragma;
  return {
    snapshot,
    reset: () => {
      marks.length = 0;
    },
    changesOutsideFull(initial) {
      const outside: string[] = [];
      const levels = marks.map((m) => m.set);
      let committed = initial;
      let changedWindows = 0;
      for (let i = 0; i < marks.length; i += 2) {
        const open = marks[i]!;
        const close = marks[i + 1];
        if (open.committed !== committed) outside.push(`before window ${i / 2} (${open.set})`);
        if (!close) break;
        if (close.committed !== open.committed) changedWindows += 1;
        committed = close.committed;
      }
      if (snapshot() !== committed) outside.push('after the last window');
      return { outside, changedWindows, levels };
    },
    close: () => {
      cache.db.pragma = pragma as typeof cache.db.pragma;
      watcher.close();
    },
  };
}
