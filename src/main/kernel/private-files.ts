import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';

// The data folder holds customers' names, addresses, phone numbers and notes (the cache) and the
// worker's settings: no other user of the machine may read it. Modes are set on creation and again
// on every start, since a folder or file made by an older version (or restored from a backup) may
// carry the umask's 0755/0644. Windows ignores these modes; its per-user profile folder is private.

/** Creates the folder (0700) or narrows an existing one to 0700. */
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
