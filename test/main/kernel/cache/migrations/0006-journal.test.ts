import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../../../src/main/kernel/cache/migrate';
import { MIGRATIONS } from '../../../../../src/main/kernel/cache/migrations';

describe('migration 0006 journal', () => {
  const db = new Database(':memory:');
  migrate(db, MIGRATIONS, 5);
  db.prepare("INSERT INTO desk_workers VALUES ('wkr_a', 'Ana', NULL, 't')").run();

  it('adds the journal, keeping the workers', () => {
    expect(migrate(db, MIGRATIONS, 6)).toBe(6);
    expect(db.prepare('SELECT name FROM desk_workers').pluck().all()).toEqual(['Ana']);
    const columns = db.prepare("SELECT name FROM pragma_table_info('journal')").pluck().all();
    expect(columns).toEqual(['seq', 'at', 'kind', 'worker', 'code', 'sku', 'summary', 'outcome', 'request_id', 'ref']);
  });

  it('reads a SKU\'s lines and an entry\'s lines through their indexes, not a scan', () => {
    const plan = (sql: string) => (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as Array<{ detail: string }>).map((p) => p.detail).join(' ');
    expect(plan("SELECT * FROM journal WHERE sku = 'WD-1' ORDER BY seq DESC")).toMatch(/USING INDEX journal_by_sku/);
    expect(plan("SELECT worker FROM journal WHERE ref = 'o1'")).toMatch(/USING INDEX journal_by_ref/);
    expect(plan("DELETE FROM journal WHERE at < '2026'")).toMatch(/journal_by_at/);
  });
});
