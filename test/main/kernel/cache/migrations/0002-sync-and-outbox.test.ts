import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../../../src/main/kernel/cache/migrate';
import { MIGRATIONS } from '../../../../../src/main/kernel/cache/migrations';

describe('migration 0002 sync state and outbox', () => {
  const db = new Database(':memory:');
  migrate(db, MIGRATIONS, 1);
  db.prepare("INSERT INTO meta VALUES ('account', 'demo')").run();

  it('applies on top of version 1 and keeps its rows', () => {
    expect(migrate(db, MIGRATIONS, 2)).toBe(2);
    expect(db.prepare("SELECT value FROM meta WHERE key = 'account'").pluck().get()).toBe('demo');
  });

  it('orders the outbox by creation (seq) and refuses an unknown state or a reused idempotency key', () => {
    const insert = db.prepare(
      "INSERT INTO outbox (id, account, idempotency_key, sku, warehouse_id, delta, reason, state, created_at, updated_at) VALUES (?, 'demo', ?, 'WD-1', 'wh_1', 1, 'found', ?, 't', 't')",
    );
    insert.run('b', 'key-1', 'queued');
    insert.run('a', 'key-2', 'queued');
    expect(db.prepare('SELECT id FROM outbox ORDER BY seq').pluck().all()).toEqual(['b', 'a']);
    expect(() => insert.run('c', 'key-3', 'lost')).toThrow(/CHECK/);
    expect(() => insert.run('d', 'key-1', 'queued')).toThrow(/UNIQUE/);
  });

  it('keeps one sync state row per resource', () => {
    db.prepare("INSERT INTO sync_state (resource, cursor) VALUES ('stock', 'c1')").run();
    expect(() => db.prepare("INSERT INTO sync_state (resource) VALUES ('stock')").run()).toThrow(/UNIQUE|PRIMARY/);
  });
});
