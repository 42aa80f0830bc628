import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../../../src/main/kernel/cache/migrate';
import { MIGRATIONS } from '../../../../../src/main/kernel/cache/migrations';

describe('migration 0008 transfers', () => {
  const db = new Database(':memory:');
  migrate(db, MIGRATIONS, 7);
  db.prepare("INSERT INTO adjustment_undos VALUES ('u1', 'o1', 't')").run();
  const insert = {
    run: (row: Record<string, unknown>) =>
      db
        .prepare("INSERT INTO transfers (id, account, sku, from_warehouse, to_warehouse, quantity, out_id, in_id, created_at) VALUES (@id, 'demo', 'WD-1', @from, @to, @q, @out, @in, 't')")
        .run(row),
  };

  it('adds the transfers, keeping the undo links', () => {
    expect(migrate(db, MIGRATIONS, 8)).toBe(8);
    expect(db.prepare('SELECT count(*) FROM adjustment_undos').pluck().get()).toBe(1);
    insert.run({ id: 't1', from: 'a', to: 'b', q: 3, out: 'o1', in: null });
  });

  it('refuses a transfer into its own warehouse, a quantity below one, and a leg used twice', () => {
    expect(() => insert.run({ id: 't2', from: 'a', to: 'a', q: 1, out: 'o2', in: null })).toThrow(/CHECK/);
    expect(() => insert.run({ id: 't2', from: 'a', to: 'b', q: 0, out: 'o2', in: null })).toThrow(/CHECK/);
    expect(() => insert.run({ id: 't2', from: 'a', to: 'b', q: 1, out: 'o1', in: null })).toThrow(/UNIQUE/);
  });

  it('finds the transfers still waiting for their in leg through an index (the in leg\'s), not a scan', () => {
    const plan = db.prepare("EXPLAIN QUERY PLAN SELECT * FROM transfers WHERE account = 'demo' AND in_id IS NULL").all() as Array<{ detail: string }>;
    expect(plan.map((p) => p.detail).join(' ')).toMatch(/SEARCH transfers USING INDEX \S+ \(in_id=\?\)/);
  });
});
