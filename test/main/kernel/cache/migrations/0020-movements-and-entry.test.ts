import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../../../src/main/kernel/cache/migrate';
import { MIGRATIONS } from '../../../../../src/main/kernel/cache/migrations';

describe('migration 0020 movements and entry', () => {
  it('keeps the journal\'s lines without an entry, takes scanned or keyed only, and adds the on-hand history with its trigger', () => {
    const db = new Database(':memory:');
    migrate(db, MIGRATIONS, 19);
    db.prepare("INSERT INTO journal (at, kind, summary, outcome) VALUES ('t', 'scan', 'not found', 'not_found')").run();
    expect(migrate(db, MIGRATIONS, 20)).toBe(20);
    expect(db.prepare('SELECT entry FROM journal').pluck().all()).toEqual([null]);
    const line = db.prepare("INSERT INTO journal (at, kind, summary, outcome, entry) VALUES ('t', 'scan', '', 'found', ?)");
    line.run('scanned');
    line.run('keyed');
    expect(() => line.run('typed')).toThrow(/CHECK constraint failed/);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger'").pluck().all()).toEqual(['stock_levels_on_hand_history']);
    expect(db.prepare('SELECT count(*) FROM on_hand_history').pluck().get()).toBe(0);
  });
});
