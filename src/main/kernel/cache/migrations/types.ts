import type Database from 'better-sqlite3';

/**
 * One numbered step of the cache schema. `PRAGMA user_version` records the last one applied; each
 * runs in its own transaction, so a crash leaves the file at a whole version.
 */
export interface Migration {
  readonly version: number;
  readonly name: string;
  up(db: Database.Database): void;
}
