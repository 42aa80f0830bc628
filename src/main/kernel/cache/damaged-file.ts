import Database from 'better-sqlite3';

/** One table of a damaged file: its rows, or why none can be trusted. */
export type TableRead<Row> =
  | { status: 'read'; rows: Row[] }
  /** The file's schema is older than the table: there was nothing of it to keep. */
  | { status: 'absent' }
  | { status: 'damaged'; problem: string };

export interface TableReadOptions {
  /** An expression for a column an older schema lacks (NULL when not named here). */
  fill?: Readonly<Record<string, string>>;
  /** The ORDER BY clause (our own text, never input). */
  orderBy?: string;
}

/** What a capability's salvage reads the moved-aside file through. */
export interface DamagedFileReader {
  table<Row>(name: string, columns: readonly string[], options?: TableReadOptions): TableRead<Row>;
}

/**
 * The columns of `table` in the new file (but `except`): what a salvage copies, whatever migrations
 * added since it was written. A column the damaged file lacks is filled (see TableReadOptions);
 * one only a newer app knows is left behind with that app.
 */
export function columnsOf(db: Database.Database, table: string, except: readonly string[] = []): string[] {
  return (db.prepare('SELECT name FROM pragma_table_info(?)').all(table) as Array<{ name: string }>).map((c) => c.name).filter((c) => !except.includes(c));
}

/** `INSERT OR IGNORE` of rows with these columns, bound by name. */
export function insertOrIgnore(db: Database.Database, table: string, columns: readonly string[]): Database.Statement {
  return db.prepare(`INSERT OR IGNORE INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`);
}

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * Reads a cache file that was moved aside as damaged, only reading it, in one read transaction:
 * every table is seen at the same moment, so rows of one table that name rows of another (a
 * transfer and its legs, an undo and its adjustment) are judged against each other as they were.
 * A table is given out only when it and its indexes pass SQLite's own integrity check: a damaged
 * page could turn a quantity into another number, and a row that might be wrong is never kept.
 * Which rows are worth keeping is the caller's business (the kernel knows no capability).
 */
export function readDamagedFile<T>(file: string, read: (reader: DamagedFileReader) => T): { value: T } | { problem: string } {
  let source: Database.Database;
  try {
    source = new Database(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    return { problem: `not readable: ${message(error)}` };
  }
  try {
    source.exec('BEGIN');
    const reader: DamagedFileReader = { table: (name, columns, options) => readTable(source, name, columns, options ?? {}) };
    return { value: read(reader) };
  } catch (error) {
    return { problem: message(error) };
  } finally {
    // Ended by ROLLBACK: nothing was written, and a COMMIT after a table met damage fails with it.
    if (source.inTransaction) source.exec('ROLLBACK');
    source.close();
  }
}

function readTable<Row>(source: Database.Database, name: string, columns: readonly string[], options: TableReadOptions): TableRead<Row> {
  try {
    if (source.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) === undefined) return { status: 'absent' };
    // The table's name is ours, never input (a pragma takes no bound parameter).
    const check = source.pragma(`integrity_check(${name})`) as Array<Record<string, unknown>>;
    const verdict = check[0] ? Object.values(check[0])[0] : undefined;
    if (check.length !== 1 || verdict !== 'ok') return { status: 'damaged', problem: `${name} damaged: ${String(verdict)}` };
    const present = new Set((source.prepare('SELECT name FROM pragma_table_info(?)').all(name) as Array<{ name: string }>).map((c) => c.name));
    const select = columns.map((c) => (present.has(c) ? c : `${options.fill?.[c] ?? 'NULL'} AS ${c}`));
    const rows = source.prepare(`SELECT ${select.join(', ')} FROM ${name}${options.orderBy ? ` ORDER BY ${options.orderBy}` : ''}`).all() as Row[];
    return { status: 'read', rows };
  } catch (error) {
    return { status: 'damaged', problem: message(error) };
  }
}
