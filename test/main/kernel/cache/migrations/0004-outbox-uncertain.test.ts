import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../../../src/main/kernel/cache/migrate';
import { MIGRATIONS } from '../../../../../src/main/kernel/cache/migrations';

describe('migration 0004 outbox first-sent time and the uncertain state', () => {
  const db = new Database(':memory:');
  migrate(db, MIGRATIONS, 3);
  const insert = db.prepare(
    "INSERT INTO outbox (id, account, idempotency_key, sku, warehouse_id, delta, reason, state, attempts, created_at, updated_at) VALUES (?, 'demo', ?, 'WD-1', 'wh_1', 1, 'found', ?, ?, ?, 'u')",
  );
  insert.run('never-sent', 'k1', 'queued', 0, '2026-11-01T08:00:00.000Z');
  insert.run('sent', 'k2', 'queued', 2, '2026-11-01T09:00:00.000Z');
  insert.run('mid-send', 'k3', 'sending', 1, '2026-11-01T10:00:00.000Z');
  insert.run('done', 'k4', 'applied', 1, '2026-11-01T11:00:00.000Z');
  const seqBefore = db.prepare('SELECT id, seq FROM outbox ORDER BY seq').all();

  it('keeps every row and its seq, and dates a sent key no later than its entry was made', () => {
    expect(migrate(db, MIGRATIONS, 4)).toBe(4);
    expect(db.prepare('SELECT id, seq FROM outbox ORDER BY seq').all()).toEqual(seqBefore);
    expect(Object.fromEntries(db.prepare('SELECT id, first_sent_at FROM outbox').all().map((r) => [(r as { id: string }).id, (r as { first_sent_at: string | null }).first_sent_at]))).toEqual({
      'never-sent': null,
      sent: '2026-11-01T09:00:00.000Z',
      'mid-send': '2026-11-01T10:00:00.000Z',
      done: '2026-11-01T11:00:00.000Z',
    });
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
  });

  it('accepts the uncertain state, still refuses an unknown one, and continues seq after the old rows', () => {
    insert.run('unsure', 'k5', 'uncertain', 1, 't');
    expect(() => insert.run('bad', 'k6', 'lost', 0, 't')).toThrow(/CHECK/);
    expect(() => insert.run('dup', 'k1', 'queued', 0, 't')).toThrow(/UNIQUE/);
    const seqs = db.prepare('SELECT seq FROM outbox ORDER BY seq').pluck().all() as number[];
    expect(seqs.at(-1)).toBeGreaterThan(seqs.at(-2)!);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'outbox' AND name LIKE 'outbox_by%' ORDER BY name").pluck().all()).toEqual([
      'outbox_by_account_sku',
      'outbox_by_account_state',
    ]);
  });
});
