import Database from 'better-sqlite3';
import { existsSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { migrate } from './migrate';
import { ensurePrivateFile } from '../private-files';

/** A damaged file that was moved aside; what can be taken over from it is the capabilities' business. */
export interface DamagedFile {
  /** Why the old file could not be used. */
  reason: string;
  /** Where the old file was moved, kept for support. */
  movedTo: string;
}

export interface OpenedDatabase {
  db: Database.Database;
  /** Set when the file was damaged, moved aside and rebuilt empty. */
  recovery: DamagedFile | null;
  /** The check the open made: none after a clean close with `check: 'unclean'`, or for a new file. */
  checked: 'full' | 'quick' | 'none';
}

export interface OpenDatabaseOptions {
  now?: () => Date;
  /**
   * `quick` (the default) uses `PRAGMA quick_check` (linear in the file size: about 0.2 s on a
   * 135 MB cache) instead of the full `integrity_check` (about 1.1 s, it also matches every index
   * entry with its row); both refuse a damaged page structure. The full check is for tools and
   * tests, not for the app's start. `unclean` makes the quick check only when the last process
   * that opened the file did not close it (a crash, a kill, a power cut): see `closeDatabase`.
   */
  check?: 'full' | 'quick' | 'unclean';
}

/**
 * Beside the file while it is closed and was closed cleanly. Opening takes it away first, so
 * after a crash it is missing and the next open checks the file.
 *
 * Why the app checks only then: `quick_check` reads every page, 3.9 s for the 1.2 GB cache of a
 * million SKUs (load 8), on the start path. A file SQLite closed itself (WAL checkpointed) is not
 * damaged by closing; what a crash can leave is what the check is for. Damage from outside the
 * app (a failing disk) while it is closed is not looked for at open: SQLite reports it as
 * SQLITE_CORRUPT on the read that meets it.
 */
export const CLEAN_CLOSE_MARK = '.closed-cleanly';

function takeCleanCloseMark(file: string): boolean {
  const mark = file + CLEAN_CLOSE_MARK;
  if (!existsSync(mark)) return false;
  rmSync(mark, { force: true });
  return true;
}

/** Closes the file (checkpointing the WAL into it) and marks it closed cleanly. */
export function closeDatabase(db: Database.Database): void {
  if (!db.open) return;
  const file = db.name;
  db.close();
  if (file !== ':memory:' && file !== '') writeFileSync(file + CLEAN_CLOSE_MARK, '', { mode: 0o600 });
}

/** WAL pages after which a commit of this connection copies the WAL back into the file. */
export const INLINE_CHECKPOINT_PAGES = 8192;

function configure(db: Database.Database): void {
  // WAL: readers never wait for the sync writer. NORMAL: a power cut may lose the last
  // transactions but never corrupts the file; the commits exactly-once rests on (the outbox's)
  // are made with FULL through `durably`, so they survive a power cut too.
  // Where WAL cannot be had (a file system without shared memory, e.g. some network shares) the
  // file is fine: it keeps a rollback journal, with FULL so each commit still survives a power cut.
  const mode = db.pragma('journal_mode = WAL', { simple: true });
  db.pragma(mode === 'wal' ? 'synchronous = NORMAL' : 'synchronous = FULL');
  db.pragma('foreign_keys = ON');
  // 100,000 SKUs make a cache file of ~130 MB; the default 2 MB page cache thrashes on sync writes
  // and searches. 8 MB holds the inner pages of every index and the recent leaves (no memory map:
  // mapped pages would count against the main process's resident memory). 16 MB was no faster at a
  // million SKUs (full sync 83 s against 84-93 s) and cost its 8 MB of resident memory more.
  db.pragma('cache_size = -8192');
  db.pragma('temp_store = MEMORY');
  // A sync page dirties pages all over the indexes; checkpointing every 4 MB of WAL (the default)
  // would copy the same hot pages back again and again during a first sync. The app moves the
  // checkpoints off this connection altogether (wal-checkpointer.ts).
  db.pragma(`wal_autocheckpoint = ${INLINE_CHECKPOINT_PAGES}`);
  db.pragma('busy_timeout = 5000');
}

/**
 * Runs `fn` with `synchronous = FULL`, so the transaction it commits is on stable storage before
 * this returns (in WAL mode, FULL syncs the WAL at each commit; NORMAL only at checkpoints, so a
 * power cut may roll back the last commits). For the few commits a promise to the worker rests
 * on (the outbox's); the bulk of the cache's writes (sync pages) keep NORMAL, which can lose
 * only what the next sync fetches again. Inside a transaction the level cannot change: the
 * outermost caller must be the one to ask, and a durable write asked for inside a transaction
 * opened at a lower level is refused (it would commit at that level, which a power cut may roll
 * back, with nothing to show for it).
 */
export function durably<T>(db: Database.Database, fn: () => T): T {
  const level = db.pragma('synchronous', { simple: true }) as number;
  if (level >= 2) return fn();
  if (db.inTransaction) throw new Error('a durable write inside a transaction not opened durably: open the outermost transaction with durably()');
  db.pragma('synchronous = FULL');
  try {
    return fn();
  } finally {
    db.pragma(`synchronous = ${Number(level)}`);
  }
}

function checkIntegrity(db: Database.Database, check: 'full' | 'quick'): void {
  const rows = db.pragma(check === 'full' ? 'integrity_check' : 'quick_check') as Array<Record<string, unknown>>;
  const first = rows[0] ? Object.values(rows[0])[0] : undefined;
  if (rows.length !== 1 || first !== 'ok') throw new Error(`integrity check failed: ${String(first)}`);
}

function stamp(now: Date): string {
  return now.toISOString().replace(/[:.]/g, '-');
}

function moveAside(file: string, now: Date): string {
  const movedTo = `${file}.corrupt-${stamp(now)}`;
  renameSync(file, movedTo);
  for (const suffix of ['-wal', '-shm']) {
    if (existsSync(file + suffix)) renameSync(file + suffix, movedTo + suffix);
  }
  return movedTo;
}

function openChecked(file: string, check: 'full' | 'quick' | 'none'): Database.Database {
  // 0600 before SQLite opens it: a new file is never readable by others, not even for a moment.
  if (file !== ':memory:' && file !== '') ensurePrivateFile(file, ['-wal', '-shm']);
  const db = new Database(file);
  try {
    configure(db);
    if (check !== 'none') checkIntegrity(db, check);
    migrate(db);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/**
 * A busy, locked, unreadable or read-only file is not damaged: moving it aside would throw away a
 * good cache (and its outbox) because of a passing condition, so those errors are rethrown.
 */
const NOT_DAMAGE = /^SQLITE_(BUSY|LOCKED|CANTOPEN|IOERR|PERM|READONLY|FULL|NOMEM|AUTH)/;
function looksDamaged(error: unknown): boolean {
  const code = error instanceof Database.SqliteError ? error.code : undefined;
  return !(code && NOT_DAMAGE.test(code));
}

/**
 * Opens (or creates) the cache file. A file that is not a database, fails the integrity check or
 * comes from a newer app is moved aside with a timestamp and rebuilt empty: the cache refills from
 * the service, the caller takes over what it can trust of the old file (the desk's own work, read with
 * `readDamagedFile`), and the worker gets a notice
 * instead of an app that does not start.
 */
export function openDatabase(file: string, options: OpenDatabaseOptions = {}): OpenedDatabase {
  const now = options.now ?? (() => new Date());
  const closedCleanly = takeCleanCloseMark(file);
  if (!existsSync(file)) return { db: openChecked(file, 'none'), recovery: null, checked: 'none' };
  const asked = options.check ?? 'quick';
  const check = asked === 'unclean' ? (closedCleanly ? 'none' : 'quick') : asked;
  try {
    return { db: openChecked(file, check), recovery: null, checked: check };
  } catch (error) {
    if (!looksDamaged(error)) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    const movedTo = moveAside(file, now());
    return { db: openChecked(file, 'none'), recovery: { reason, movedTo }, checked: check };
  }
}
