import type Database from 'better-sqlite3';
import { columnsOf, insertOrIgnore, type DamagedFileReader, type TableRead } from '../kernel/cache';
import type { TransferRow } from './transfer-store';

/** The damaged file's transfers (a file from before transfer undo has neither `undone_at` nor `reverses`: NULL). */
export function readTransfers(reader: DamagedFileReader, into: Database.Database): TableRead<TransferRow> {
  return reader.table<TransferRow>('transfers', columnsOf(into, 'transfers'), { orderBy: 'created_at, id' });
}

/**
 * The transfers whose references all hold: both legs copied (the in leg when it was queued), and
 * the transfer it undoes kept too. A transfer missing a leg is not kept: half a move, undone or
 * sent on its own, would create or destroy stock.
 */
export function transfersToKeep(rows: readonly TransferRow[], entryKept: (id: string) => boolean): TransferRow[] {
  let kept = rows.filter((t) => entryKept(t.out_id) && (t.in_id === null || entryKept(t.in_id)));
  for (;;) {
    const ids = new Set(kept.map((t) => t.id));
    const next = kept.filter((t) => t.reverses === null || ids.has(t.reverses));
    if (next.length === kept.length) return kept;
    kept = next;
  }
}

/** Inside the caller's transaction, after the legs; the ids of those the new table's constraints refused. */
export function copyTransfers(into: Database.Database, rows: readonly TransferRow[]): string[] {
  if (rows.length === 0) return [];
  const insert = insertOrIgnore(into, 'transfers', Object.keys(rows[0]!));
  return rows.filter((row) => insert.run(row).changes === 0).map((row) => row.id);
}

/**
 * The transfer and the leg an outbox entry's note names, from the words the transfer service
 * writes on each leg ("Transfer trf_…: out to …", "…, as transfer trf_…: in from …"): how a leg
 * is still known as one when the transfers table itself cannot be read.
 */
export function legNamedInNote(note: string | null): { transfer: string; leg: 'out' | 'in' } | null {
  const found = note ? /\b[Tt]ransfer (trf_[0-9a-f]+): (out to|in from) /.exec(note) : null;
  return found ? { transfer: found[1]!, leg: found[2] === 'out to' ? 'out' : 'in' } : null;
}
