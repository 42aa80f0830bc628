import type Database from 'better-sqlite3';
import { columnsOf, insertOrIgnore, type DamagedFileReader, type TableRead } from '../kernel/cache';

/** What could be taken over from a damaged cache file's outbox. */
export interface OutboxSalvage {
  /** Entries copied into the new cache (any state: waiting ones are sent, the rest are history). */
  copied: number;
  /** Entries still waiting to be sent among them. */
  waiting: number;
  /** Why nothing was copied, when nothing could be (the table unreadable or damaged itself). */
  problem: string | null;
}

/** An outbox row as read from the damaged file, with the new table's columns. */
export type SalvagedEntry = Record<string, unknown> & { id: string; account: string; sku: string; warehouse_id: string; delta: number; state: string; note: string | null; created_at: string };

const WAITING = new Set(['queued', 'sending', 'uncertain']);

/** Still to be sent, or to be decided by the worker: not settled at the service as far as the desk knows. */
export const entryWaiting = (entry: Pick<SalvagedEntry, 'state'>): boolean => WAITING.has(entry.state);

/**
 * The damaged file's outbox, in the order it was made (`seq` is given anew, in that order). A
 * file of an older schema lacks the newer columns; a key it sent is then taken as first used when
 * its entry was created, the earliest it can have been, so its age is never short.
 */
export function readOutbox(reader: DamagedFileReader, into: Database.Database): TableRead<SalvagedEntry> {
  return reader.table<SalvagedEntry>('outbox', columnsOf(into, 'outbox', ['seq']), { fill: { first_sent_at: 'CASE WHEN attempts > 0 THEN created_at END' }, orderBy: 'seq' });
}

/**
 * Copies the entries into the new cache, inside the caller's transaction, and says which went in:
 * the new table's STRICT types, CHECKs and UNIQUE keys refuse what does not fit. Each keeps its
 * idempotency key, so what was sent before is never applied twice.
 */
export function copyOutbox(into: Database.Database, entries: readonly SalvagedEntry[]): Set<string> {
  const copied = new Set<string>();
  if (entries.length === 0) return copied;
  const insert = insertOrIgnore(into, 'outbox', Object.keys(entries[0]!));
  for (const entry of entries) if (insert.run(entry).changes === 1) copied.add(entry.id);
  return copied;
}

/** Takes back copied entries the salvage cannot vouch for (inside the caller's transaction). */
export function withdrawCopied(into: Database.Database, ids: Iterable<string>): void {
  const remove = into.prepare('DELETE FROM outbox WHERE id = ?');
  for (const id of ids) remove.run(id);
}
