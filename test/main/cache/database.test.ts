import Database from 'better-sqlite3';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openCache } from '../../../src/main/cache';
import { LATEST_VERSION } from '../../../src/main/cache/migrations';
import { stock, T0 } from '../core/support/records';
import { tempDir } from '../core/support/temp-dir';

describe('cache database file', () => {
  let dir: ReturnType<typeof tempDir>;
  beforeEach(() => {
    dir = tempDir('desk-cache-db-');
  });
  afterEach(() => dir.remove());

  it('is created in WAL mode with synchronous=NORMAL at the latest schema version', () => {
    const cache = openCache(dir.path);
    expect(cache.file).toBe(join(dir.path, 'cache.sqlite'));
    expect(cache.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(cache.db.pragma('synchronous', { simple: true })).toBe(1); // NORMAL
    expect(cache.db.pragma('user_version', { simple: true })).toBe(LATEST_VERSION);
    expect(cache.recovery).toBeNull();
    cache.close();
  });

  it('keeps its rows across a reopen and does not migrate twice', () => {
    const first = openCache(dir.path);
    first.writes.upsertStock(stock('WD-000001', 'Blue Bolt', [['wh_a', 3]]), T0);
    first.close();
    const second = openCache(dir.path);
    expect(second.recovery).toBeNull();
    expect(second.reads.stockBySku('WD-000001')?.totals.onHand).toBe(3);
    second.close();
  });

  it('moves a file that is not a database aside, rebuilds it and says so', () => {
    const file = join(dir.path, 'cache.sqlite');
    writeFileSync(file, 'this is not a database, it is a shopping list: bolts, nuts, '.repeat(200));
    const cache = openCache(dir.path, { now: () => new Date('2026-03-04T05:06:07.089Z') });
    expect(cache.recovery?.movedTo).toBe(`${file}.corrupt-2026-03-04T05-06-07-089Z`);
    expect(cache.recovery?.reason).toMatch(/not a database/);
    expect(readFileSync(cache.recovery!.movedTo, 'utf8')).toMatch(/shopping list/);
    // The new file works.
    cache.writes.upsertStock(stock('WD-000001', 'Blue Bolt', [['wh_a', 3]]), T0);
    expect(cache.reads.stockCount()).toBe(1);
    cache.close();
  });

  for (const check of [undefined, 'quick', 'full'] as const) {
    it(`moves aside a database whose pages are damaged (integrity check fails; check: ${check ?? 'default (quick)'})`, () => {
      const file = join(dir.path, 'cache.sqlite');
      const db = new Database(file);
      db.exec('CREATE TABLE filler (id INTEGER PRIMARY KEY, text TEXT); CREATE INDEX filler_text ON filler(text);');
      const insert = db.prepare('INSERT INTO filler (text) VALUES (?)');
      db.transaction(() => {
        for (let i = 0; i < 2000; i++) insert.run(`row ${i} `.repeat(10));
      })();
      db.close();
      // Overwrite the middle of the file (index and table pages) with garbage, keep the header.
      const bytes = readFileSync(file);
      bytes.fill(0x5a, 8192, 8192 + 4096 * 8);
      writeFileSync(file, bytes);

      const cache = openCache(dir.path, check ? { check } : {});
      expect(cache.recovery).not.toBeNull();
      expect(existsSync(cache.recovery!.movedTo)).toBe(true);
      expect(cache.db.pragma('user_version', { simple: true })).toBe(LATEST_VERSION);
      cache.close();
    });
  }

  it('moves aside a cache written by a newer app instead of guessing at its schema', () => {
    const file = join(dir.path, 'cache.sqlite');
    const db = new Database(file);
    db.pragma(`user_version = ${LATEST_VERSION + 5}`);
    db.close();
    const cache = openCache(dir.path);
    expect(cache.recovery?.reason).toMatch(/newer/);
    expect(readdirSync(dir.path).some((f) => f.startsWith('cache.sqlite.corrupt-'))).toBe(true);
    cache.close();
  });

  it('clears the catalog for another account but keeps the outbox', () => {
    const cache = openCache(dir.path);
    cache.writes.upsertStock(stock('WD-000001', 'Blue Bolt', [['wh_a', 3]]), T0);
    cache.outbox.insert({
      id: 'adj-1',
      account: 'a',
      idempotencyKey: 'k-1',
      sku: 'WD-000001',
      warehouseId: 'wh_a',
      delta: 1,
      reason: 'found',
      note: null,
      createdAt: T0,
    });
    cache.writes.clearCatalog();
    expect(cache.reads.stockCount()).toBe(0);
    expect(cache.search.search({ query: 'blue' }).total).toBe(0);
    expect(cache.outbox.get('adj-1')?.entry.state).toBe('queued');
    cache.close();
  });
});
