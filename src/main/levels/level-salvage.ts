import type Database from 'better-sqlite3';
import { columnsOf, insertOrIgnore, type DamagedFileReader, type TableRead } from '../kernel/cache';

export type SalvagedLevel = Record<string, unknown>;

/** The damaged file's minimums and reorder quantities: the worker typed or imported them, the service cannot give them back. */
export function readLevels(reader: DamagedFileReader, into: Database.Database): TableRead<SalvagedLevel> {
  return reader.table<SalvagedLevel>('reorder_levels', columnsOf(into, 'reorder_levels'));
}

/** Copies them inside the caller's transaction; a row the new table's checks refuse is left out (OR IGNORE). Returns how many were kept. */
export function copyLevels(into: Database.Database, rows: readonly SalvagedLevel[]): number {
  const insert = insertOrIgnore(into, 'reorder_levels', columnsOf(into, 'reorder_levels'));
  let kept = 0;
  for (const row of rows) kept += insert.run(row).changes;
  return kept;
}
