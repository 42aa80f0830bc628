import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../../../src/main/kernel/cache/migrate';
import { MIGRATIONS } from '../../../../../src/main/kernel/cache/migrations';

describe('migration 0007 adjustment links', () => {
  const db = new Database(':memory:');
  migrate(db, MIGRATIONS, 6);
  db.prepare("INSERT INTO journal (at, kind, summary, outcome) VALUES ('t', 'scan', 's', 'found')").run();

  it('adds the undo links, keeping the journal', () => {
    expect(migrate(db, MIGRATIONS, 7)).toBe(7);
    expect(db.prepare('SELECT count(*) FROM journal').pluck().get()).toBe(1);
  });

  it('holds at most one undo per adjustment', () => {
    db.prepare("INSERT INTO adjustment_undos VALUES ('u1', 'o1', 't')").run();
    expect(() => db.prepare("INSERT INTO adjustment_undos VALUES ('u2', 'o1', 't')").run()).toThrow(/UNIQUE/);
  });
});
