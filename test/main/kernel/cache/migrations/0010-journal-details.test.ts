import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../../../src/main/kernel/cache/migrate';
import { MIGRATIONS } from '../../../../../src/main/kernel/cache/migrations';

describe('migration 0010 journal details', () => {
  it('adds a details column, keeping the lines written before without details', () => {
    const db = new Database(':memory:');
    migrate(db, MIGRATIONS, 9);
    db.prepare("INSERT INTO journal (at, kind, summary, outcome) VALUES ('t', 'scan', 'not found', 'not_found')").run();
    expect(migrate(db, MIGRATIONS, 10)).toBe(10);
    expect(db.prepare('SELECT summary, details_json FROM journal').get()).toEqual({ summary: 'not found', details_json: null });
    db.prepare(`INSERT INTO journal (at, kind, summary, details_json, outcome) VALUES ('t', 'scan', 'not found', '{"what":"not_found","params":{}}', 'not_found')`).run();
    expect(db.prepare('SELECT count(*) FROM journal WHERE details_json IS NOT NULL').pluck().get()).toBe(1);
  });
});
