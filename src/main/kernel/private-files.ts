import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';

// The data folder holds customers' names, addresses, phone numbers and notes (the cache) and the
// worker's settings: no other user of the machine may read it. Modes are set on creation and again
// on every start, since a folder or file made by an older version (or restored from a backup) may
// carry the umask's 0755/0644. Windows ignores these modes; its per-user profile folder is private.

/**
 * The desk's own folder (Electron's userData for this app, a temporary folder the host made):
 * created 0700, or an existing one narrowed to 0700. Never for a folder someone named: that one
 * goes through `claimNamedDataDir` first.
 */
export function ensurePrivateDir(path: string): void {
  mkdirSync(path, { recursive: true, mode: 0o700 });
  chmodSync(path, 0o700);
}

/**
 * Creates an empty file 0600 when missing (so SQLite, which gives its -wal and -shm the main
 * file's mode, never makes them readable either), and narrows the file and its SQLite companions
 * to 0600 when present.
 */
export function ensurePrivateFile(path: string, companions: readonly string[] = []): void {
  if (!existsSync(path)) closeSync(openSync(path, 'a', 0o600));
  for (const file of [path, ...companions.map((suffix) => path + suffix)]) {
    if (existsSync(file)) chmodSync(file, 0o600);
  }
}

export type DataDirProblem = 'not_a_folder' | 'not_yours' | 'open_to_others';

const PROBLEM_TEXT: Record<DataDirProblem, string> = {
  not_a_folder: 'is not a folder',
  not_yours: 'belongs to another user of this computer',
  open_to_others: 'can be opened by other users of this computer',
};

/** A named data folder the desk will not use, and why; its mode was left as it was. */
export class DataDirRefused extends Error {
  readonly code = 'data_dir_refused';
  constructor(
    readonly path: string,
    readonly reason: DataDirProblem,
  ) {
    super(
      `The folder ${path} ${PROBLEM_TEXT[reason]}: the desk keeps customers' names and addresses there, so it does not use it. ` +
        'Name a new folder (it is created private) or one of your own that only you can open.',
    );
    this.name = 'DataDirRefused';
  }
}

/**
 * A data folder someone named (the harness's `--data-dir`). Its mode is never changed: a folder
 * that already exists may serve others too (a shared /tmp must stay 1777, a team folder open). So
 * a missing folder is created 0700 (its missing parents too) and used; an existing one is used
 * only when it is this user's and closed to everyone else, and refused otherwise rather than
 * narrowed. Refused, not worked around with a private subfolder inside: the worker asked for the
 * files in that folder, and a subfolder of fixed name in a shared folder is one another user can
 * make first. Checked after creating, so a folder someone made in between is judged the same way.
 */
export function claimNamedDataDir(path: string): void {
  try {
    mkdirSync(path, { recursive: true, mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') throw new DataDirRefused(path, 'not_a_folder');
    throw error;
  }
  const stats = statSync(path);
  if (!stats.isDirectory()) throw new DataDirRefused(path, 'not_a_folder');
  // Windows has no such modes; its per-user profile folders are private.
  if (process.platform === 'win32' || process.getuid === undefined) return;
  if (stats.uid !== process.getuid()) throw new DataDirRefused(path, 'not_yours');
  if ((stats.mode & 0o077) !== 0) throw new DataDirRefused(path, 'open_to_others');
}
