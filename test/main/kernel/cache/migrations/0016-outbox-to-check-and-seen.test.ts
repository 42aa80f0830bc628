import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../../../src/main/kernel/cache/migrate';
import { MIGRATIONS } from '../../../../../src/main/kernel/cache/migrations';

describe('migration 0016 outbox changes to check by hand, refusals seen', () => {
  const db = new Database(':memory:');
  migrate(db, MIGRATIONS, 15);
  db.prepare("INSERT INTO outbox (id, account, idempotency_key, sku, warehouse_id, delta, reason, state, created_at, updated_at) VALUES ('e1', 'a', 'k1', 'WD-1', 'wh', -2, 'damaged', 'rejected', 't', 't')").run();
  const hold = (id: string, why: string) =>
    db.prepare("INSERT INTO outbox_to_check (id, account, sku, warehouse_id, delta, state, why, created_at, held_at) VALUES (?, 'a', 'WD-1', 'wh', -2, 'queued', ?, 't', 't')").run(id, why);

  it('keeps the outbox, every refusal not yet seen, and adds the changes to check', () => {
    expect(migrate(db, MIGRATIONS, 16)).toBe(16);
    expect(db.prepare("SELECT state, seen_for FROM outbox WHERE id = 'e1'").get()).toEqual({ state: 'rejected', seen_for: null });
    hold('h1', 'transfer');
    expect(db.prepare('SELECT count(*) FROM outbox_to_check').pluck().get()).toBe(1);
  });

  it('refuses a reason it does not know, and the same change twice', () => {
    expect(() => hold('h2', 'count')).toThrow(/CHECK/);
    expect(() => hold('h1', 'undo')).toThrow(/UNIQUE|PRIMARY/);
  });
});
