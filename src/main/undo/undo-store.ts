import type Database from 'better-sqlite3';
import type { UndoLink } from '../../shared/ipc/desk-work-records';

/** Which outbox entry undoes which (adjustment_undos). */
export class UndoStore {
  readonly #db: Database.Database;

  constructor(db: Database.Database) {
    this.#db = db;
  }

  /** False when the original already has an undo: there is never a second. */
  link(undoId: string, originalId: string, at: string): boolean {
    return this.#db.prepare('INSERT INTO adjustment_undos (undo_id, original_id, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING').run(undoId, originalId, at).changes === 1;
  }

  undoOf(originalId: string): string | null {
    return (this.#db.prepare('SELECT undo_id FROM adjustment_undos WHERE original_id = ?').pluck().get(originalId) as string | undefined) ?? null;
  }

  isUndo(id: string): boolean {
    return this.#db.prepare('SELECT 1 FROM adjustment_undos WHERE undo_id = ?').get(id) !== undefined;
  }

  /** Every link either end of which is one of `ids`. */
  linksOf(ids: readonly string[]): UndoLink[] {
    if (ids.length === 0) return [];
    const list = JSON.stringify(ids);
    return this.#db
      .prepare('SELECT undo_id AS undoId, original_id AS originalId FROM adjustment_undos WHERE undo_id IN (SELECT value FROM json_each(?)) OR original_id IN (SELECT value FROM json_each(?))')
      .all(list, list) as UndoLink[];
  }
}
