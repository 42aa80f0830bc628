import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

describe('better-sqlite3 on a real file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'desk-sqlite-'));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes rows in WAL mode and reads them back after reopening the file', () => {
    const file = join(dir, 'cache.sqlite');
    const db = new Database(file);
    expect(db.pragma('journal_mode = WAL', { simple: true })).toBe('wal');
    db.exec('CREATE TABLE stock (sku TEXT PRIMARY KEY, on_hand INTEGER NOT NULL)');
    db.prepare('INSERT INTO stock VALUES (?, ?)').run('WD-000001', 12);
    db.close();

    const reopened = new Database(file, { readonly: true });
    expect(reopened.prepare('SELECT on_hand FROM stock WHERE sku = ?').get('WD-000001')).toEqual({ on_hand: 12 });
    reopened.close();
  });
});
