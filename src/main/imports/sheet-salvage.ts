import type Database from 'better-sqlite3';
import { columnsOf, insertOrIgnore, type DamagedFileReader, type TableRead } from '../kernel/cache';

export type SalvagedSheet = Record<string, unknown>;

/**
 * The damaged file's record of the sheets applied: the outbox entries they queued are taken over,
 * so the record must be too, or the same sheet could be booked a second time after a rebuild.
 */
export function readSheets(reader: DamagedFileReader, into: Database.Database): TableRead<SalvagedSheet> {
  return reader.table<SalvagedSheet>('sheet_imports', columnsOf(into, 'sheet_imports'));
}

/** Copies them inside the caller's transaction (OR IGNORE: a row the new table refuses is left out). */
export function copySheets(into: Database.Database, rows: readonly SalvagedSheet[]): void {
  const insert = insertOrIgnore(into, 'sheet_imports', columnsOf(into, 'sheet_imports'));
  for (const row of rows) insert.run(row);
}
