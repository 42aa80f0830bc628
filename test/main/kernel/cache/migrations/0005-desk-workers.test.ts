import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../../../src/main/kernel/cache/migrate';
import { MIGRATIONS } from '../../../../../src/main/kernel/cache/migrations';

describe('migration 0005 desk workers', () => {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  migrate(db, MIGRATIONS, 4);
  db.prepare("INSERT INTO outbox (id, account, idempotency_key, sku, warehouse_id, delta, reason, state, created_at, updated_at) VALUES ('o1', 'demo', 'k1', 'WD-1', 'wh', 1, 'found', 'queued', 't', 't')").run();

  it('adds the workers and the one current worker, leaving the outbox as it was', () => {
    expect(migrate(db, MIGRATIONS, 5)).toBe(5);
    expect(db.prepare('SELECT count(*) FROM outbox').pluck().get()).toBe(1);
    db.prepare("INSERT INTO desk_workers VALUES ('wkr_a', 'Ana', 'B-1', 't'), ('wkr_b', 'Bo', NULL, 't'), ('wkr_c', 'Cy', NULL, 't')").run();
    db.prepare("INSERT INTO desk_worker_current VALUES (1, 'wkr_a')").run();
    expect(() => db.prepare("INSERT INTO desk_worker_current VALUES (2, 'wkr_b')").run()).toThrow(/CHECK/);
  });

  it('refuses a second worker of the same name (in any case) or the same badge', () => {
    expect(() => db.prepare("INSERT INTO desk_workers VALUES ('wkr_d', 'ANA', NULL, 't')").run()).toThrow(/UNIQUE/);
    expect(() => db.prepare("INSERT INTO desk_workers VALUES ('wkr_d', 'Di', 'B-1', 't')").run()).toThrow(/UNIQUE/);
  });

  it('leaves nobody at the desk when the current worker is removed from the list', () => {
    db.prepare("DELETE FROM desk_workers WHERE id = 'wkr_a'").run();
    expect(db.prepare('SELECT count(*) FROM desk_worker_current').pluck().get()).toBe(0);
  });
});
