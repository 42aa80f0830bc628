// Opens the sandbox database: WAL (readers never wait for the writer), foreign keys on, schema migrated.
import Database from 'better-sqlite3';
import { migrate } from './migrations';

export type SandboxDb = Database.Database;

export function openDatabase(path: string): SandboxDb {
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  // A second process on the same file (a test, a benchmark) waits instead of failing at once.
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
}
