import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../../../src/main/kernel/cache/migrate';
import { MIGRATIONS } from '../../../../../src/main/kernel/cache/migrations';

describe('migration 0011 transfer undo', () => {
  const db = new Database(':memory:');
  migrate(db, MIGRATIONS, 10);
  const insert = (id: string, out: string, reverses: string | null = null) =>
    db
      .prepare("INSERT INTO transfers (id, account, sku, from_warehouse, to_warehouse, quantity, out_id, created_at, reverses) VALUES (?, 'demo', 'WD-1', 'a', 'b', 1, ?, 't', ?)")
      .run(id, out, reverses);
  db.prepare("INSERT INTO transfers (id, account, sku, from_warehouse, to_warehouse, quantity, out_id, created_at) VALUES ('t0', 'demo', 'WD-1', 'a', 'b', 2, 'o0', 't')").run();

  it('keeps the transfers there were, not undone, reversing nothing', () => {
    expect(migrate(db, MIGRATIONS, 11)).toBe(11);
    expect(db.prepare("SELECT undone_at, reverses FROM transfers WHERE id = 't0'").get()).toEqual({ undone_at: null, reverses: null });
  });

  it('reverses a transfer at most once', () => {
    insert('t1', 'o1', 't0');
    expect(() => insert('t2', 'o2', 't0')).toThrow(/UNIQUE/);
    insert('t3', 'o3');
    insert('t4', 'o4');
  });
});
