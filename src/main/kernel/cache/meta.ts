import type Database from 'better-sqlite3';

/** Small named values of the cache itself (e.g. which account its records belong to). */
export class MetaStore {
  readonly #get: Database.Statement;
  readonly #set: Database.Statement;
  readonly #delete: Database.Statement;

  constructor(db: Database.Database) {
    this.#get = db.prepare('SELECT value FROM meta WHERE key = ?').pluck();
    this.#set = db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value');
    this.#delete = db.prepare('DELETE FROM meta WHERE key = ?');
  }

  get(key: string): string | null {
    return (this.#get.get(key) as string | undefined) ?? null;
  }

  set(key: string, value: string | null): void {
    if (value === null) this.#delete.run(key);
    else this.#set.run(key, value);
  }
}
