import type Database from 'better-sqlite3';

/**
 * One numbered step of the cache schema. `PRAGMA user_version` records the last one applied; each
 * runs in its own transaction, so a crash leaves the file at a whole version.
 */
export interface Migration {
  readonly version: number;
  readonly name: string;
  /**
   * The tables it creates that hold what the service said for the signed-in account: emptied when
   * another account signs in (CatalogWrites.clearCatalog). The desk's own tables are not listed.
   */
  readonly accountData?: readonly string[];
  up(db: Database.Database): void;
}
