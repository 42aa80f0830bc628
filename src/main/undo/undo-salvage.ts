import type Database from 'better-sqlite3';
import { columnsOf, insertOrIgnore, type DamagedFileReader, type TableRead } from '../kernel/cache';

export interface SalvagedUndoLink {
  undo_id: string;
  original_id: string;
}

/** The damaged file's undo links. */
export function readUndoLinks(reader: DamagedFileReader, into: Database.Database): TableRead<SalvagedUndoLink> {
  return reader.table<SalvagedUndoLink>('adjustment_undos', columnsOf(into, 'adjustment_undos'));
}

/** Inside the caller's transaction, after both ends (only links whose two entries were kept); those the new table refused. */
export function copyUndoLinks(into: Database.Database, links: readonly SalvagedUndoLink[]): SalvagedUndoLink[] {
  if (links.length === 0) return [];
  const insert = insertOrIgnore(into, 'adjustment_undos', Object.keys(links[0]!));
  return links.filter((link) => insert.run(link).changes === 0);
}

/**
 * Whether an entry's note says it is an undo: the words the undo (and a transfer's undo) write
 * ("Undo of adjustment …", "Undo of transfer …"), after the worker's tag if any. How an undo is
 * still known as one when the links themselves cannot be read.
 */
export function undoNamedInNote(note: string | null): boolean {
  return note !== null && /^(?:\[by [^\]]*\] )?Undo of /.test(note);
}
