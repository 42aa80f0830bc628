import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../../../src/main/kernel/cache/migrate';
import { MIGRATIONS } from '../../../../../src/main/kernel/cache/migrations';

describe('migration 0013 print jobs', () => {
  const db = new Database(':memory:');
  migrate(db, MIGRATIONS, 12);
  const add = (id: string, state = 'waiting', labels = 1, kind = 'shelf') =>
    db.prepare("INSERT INTO print_jobs (id, profile_id, label_kind, labels, zpl, state, created_at, updated_at) VALUES (?, 'dock-3', ?, ?, '^XA^XZ', ?, 't', 't')").run(id, kind, labels, state);

  it('adds the print jobs table', () => {
    expect(migrate(db, MIGRATIONS, 13)).toBe(13);
    add('j1');
    expect(db.prepare("SELECT state, attempts FROM print_jobs WHERE id = 'j1'").get()).toEqual({ state: 'waiting', attempts: 0 });
  });

  it('refuses a state, a label kind or a count it does not know', () => {
    expect(() => add('j2', 'printed')).toThrow(/CHECK/);
    expect(() => add('j3', 'waiting', 0)).toThrow(/CHECK/);
    expect(() => add('j4', 'waiting', 1, 'pallet')).toThrow(/CHECK/);
    expect(() => add('j1')).toThrow(/UNIQUE|PRIMARY/);
  });
});
