import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../../../src/main/kernel/cache/migrate';
import { MIGRATIONS } from '../../../../../src/main/kernel/cache/migrations';

describe('migration 0009 count sessions', () => {
  const db = new Database(':memory:');
  migrate(db, MIGRATIONS, 8);
  db.prepare("INSERT INTO transfers (id, account, sku, from_warehouse, to_warehouse, quantity, out_id, created_at) VALUES ('t1', 'demo', 'WD-1', 'a', 'b', 1, 'o1', 't')").run();
  const session = (id: string, account = 'demo', state = 'open') =>
    db.prepare("INSERT INTO count_sessions (id, account, warehouse_id, state, started_at) VALUES (?, ?, 'wh', ?, 't')").run(id, account, state);
  const line = (session: string, sku: string, counted: number, entry: string | null = null) =>
    db.prepare("INSERT INTO count_lines (session_id, sku, counted, decision, first_counted_at, updated_at, entry_id) VALUES (?, ?, ?, 'pending', 't', 't', ?)").run(session, sku, counted, entry);

  it('adds the count tables, keeping the transfers', () => {
    expect(migrate(db, MIGRATIONS, 9)).toBe(9);
    expect(db.prepare('SELECT count(*) FROM transfers').pluck().get()).toBe(1);
    session('c1');
    line('c1', 'WD-1', 3, 'e1');
  });

  it('holds one open count per account, any number of closed ones', () => {
    expect(() => session('c2')).toThrow(/UNIQUE/);
    session('c3', 'other');
    session('c4', 'demo', 'submitted');
    session('c5', 'demo', 'submitted');
  });

  it('refuses a negative count, a line counted twice, and an outbox entry used by two lines', () => {
    expect(() => line('c3', 'WD-2', -1)).toThrow(/CHECK/);
    expect(() => line('c1', 'WD-1', 1)).toThrow(/UNIQUE|PRIMARY/);
    expect(() => line('c3', 'WD-3', 1, 'e1')).toThrow(/UNIQUE/);
  });
});
