import type Database from 'better-sqlite3';
import { LATEST_VERSION, MIGRATIONS, type Migration } from './migrations';

export class CacheTooNewError extends Error {
  constructor(readonly found: number) {
    super(`cache schema version ${found} is newer than this app knows (${LATEST_VERSION})`);
    this.name = 'CacheTooNewError';
  }
}

export function schemaVersion(db: Database.Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/** Applies every migration newer than the file's `user_version`, each in its own transaction. */
export function migrate(db: Database.Database, migrations: readonly Migration[] = MIGRATIONS, upTo = Infinity): number {
  const current = schemaVersion(db);
  const latest = migrations.at(-1)?.version ?? 0;
  if (current > latest) throw new CacheTooNewError(current);
  for (const migration of migrations) {
    if (migration.version <= current || migration.version > upTo) continue;
    db.transaction(() => {
      migration.up(db);
      // user_version takes no bound parameter; the number is ours, not input.
      db.pragma(`user_version = ${Number(migration.version)}`);
    })();
  }
  return schemaVersion(db);
}
