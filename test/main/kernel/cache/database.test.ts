import Database from 'better-sqlite3';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openCache } from '../../../../src/main/composition/open-cache';
import { CLEAN_CLOSE_MARK, openDatabase } from '../../../../src/main/kernel/cache/database';
import { LATEST_VERSION, MIGRATIONS } from '../../../../src/main/kernel/cache/migrations';
import { product, stock, T0, warehouse } from '../../composition/support/records';
import { tempDir } from '../../composition/support/temp-dir';

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

  describe("check: 'unclean' (the app's start)", () => {
    const mark = () => join(dir.path, `cache.sqlite${CLEAN_CLOSE_MARK}`);

    it('skips the check after a clean close, makes it after a session that did not close the file', () => {
      expect(openCache(dir.path, { check: 'unclean' }).checked).toBe('none'); // a new file
      // (that cache is left open: a crash; its connection goes with the test's directory)
      expect(existsSync(mark())).toBe(false);
      const afterCrash = openCache(dir.path, { check: 'unclean' });
      expect(afterCrash.checked).toBe('quick');
      afterCrash.close();
      expect(existsSync(mark())).toBe(true);
      const afterClean = openCache(dir.path, { check: 'unclean' });
      expect(afterClean.checked).toBe('none');
      // While open there is no mark: a crash from here on leaves the next open checking.
      expect(existsSync(mark())).toBe(false);
      afterClean.db.close(); // the process dies without closing the cache
      const next = openCache(dir.path, { check: 'unclean' });
      expect(next.checked).toBe('quick');
      next.close();
    });

    it('moves aside a file damaged in a session that did not close it', () => {
      const cache = openCache(dir.path);
      cache.db.transaction(() => {
        for (let i = 0; i < 3000; i++) cache.writes.upsertStock(stock(`XX-${String(i).padStart(6, '0')}`, `Filler item ${i} `.repeat(4), [['wh_a', i]]), T0);
      })();
      cache.db.pragma('wal_checkpoint(TRUNCATE)');
      cache.db.close(); // no clean close
      const file = join(dir.path, 'cache.sqlite');
      const bytes = readFileSync(file);
      bytes.fill(0x5a, bytes.length - 4096 * 12, bytes.length - 4096 * 4);
      writeFileSync(file, bytes);
      const reopened = openCache(dir.path, { check: 'unclean' });
      expect(reopened.checked).toBe('quick');
      expect(reopened.recovery).not.toBeNull();
      reopened.close();
    });
  });

  describe('the outbox of a damaged file', () => {
    const entry = (n: number) => ({
      id: `adj-${n}`,
      account: 'demo:desk-demo',
      idempotencyKey: `key-${n}`,
      sku: `WD-00000${n}`,
      warehouseId: 'wh_a',
      delta: n,
      reason: 'found' as const,
      note: n === 2 ? 'pallet 2' : null,
      createdAt: T0,
    });
    /** A real cache: three adjustments written first (early pages), then a catalog after them. */
    function cacheFileWithOutbox(): string {
      const cache = openCache(dir.path);
      for (const n of [1, 2, 3]) cache.outbox.insert(entry(n));
      cache.outbox.update('adj-3', { state: 'applied', updatedAt: T0, attempts: 1 });
      cache.db.transaction(() => {
        for (let i = 0; i < 3000; i++) cache.writes.upsertStock(stock(`XX-${String(i).padStart(6, '0')}`, `Filler item ${i} `.repeat(4), [['wh_a', i]]), T0);
      })();
      cache.db.pragma('wal_checkpoint(TRUNCATE)');
      cache.close();
      return join(dir.path, 'cache.sqlite');
    }
    function pageOf(file: string, table: string): number {
      const db = new Database(file, { readonly: true });
      try {
        return (db.prepare('SELECT rootpage FROM sqlite_master WHERE name = ?').get(table) as { rootpage: number }).rootpage;
      } finally {
        db.close();
      }
    }
    function zap(file: string, from: number, length: number): void {
      const bytes = readFileSync(file);
      bytes.fill(0x5a, from, from + length);
      writeFileSync(file, bytes);
    }

    it('is taken over when only other tables are damaged: waiting adjustments keep their keys and order', () => {
      const file = cacheFileWithOutbox();
      const size = readFileSync(file).length;
      zap(file, size - 4096 * 12, 4096 * 8); // catalog pages near the end
      const cache = openCache(dir.path);
      expect(cache.recovery?.outbox).toEqual({ copied: 3, waiting: 2, problem: null });
      expect(cache.outbox.get('adj-2')).toMatchObject({ account: 'demo:desk-demo', idempotencyKey: 'key-2', entry: { delta: 2, note: 'pallet 2', state: 'queued' } });
      expect(cache.outbox.get('adj-3')).toMatchObject({ entry: { state: 'applied', attempts: 1 } });
      expect(cache.outbox.nextQueued('demo:desk-demo')?.entry.id).toBe('adj-1');
      expect(cache.reads.stockCount()).toBe(0); // the catalog refills from the service
      cache.close();
    });

    it('is not taken over when its own pages are damaged: nothing that might be wrong is ever sent', () => {
      const file = cacheFileWithOutbox();
      zap(file, (pageOf(file, 'outbox') - 1) * 4096, 4096);
      const cache = openCache(dir.path);
      expect(cache.recovery).not.toBeNull();
      expect(cache.recovery!.outbox.copied).toBe(0);
      expect(cache.recovery!.outbox.problem).toBeTruthy();
      expect(cache.outbox.nextQueued('demo:desk-demo')).toBeNull();
      cache.close();
    });

    it('says why when the file is no database at all', () => {
      writeFileSync(join(dir.path, 'cache.sqlite'), 'not a database '.repeat(500));
      const cache = openCache(dir.path);
      expect(cache.recovery?.outbox).toMatchObject({ copied: 0, waiting: 0, problem: expect.stringMatching(/not a database/) });
      cache.close();
    });
  });

  it('works with a rollback journal where WAL cannot be had, with FULL sync for each commit', () => {
    // An in-memory database is one that cannot be WAL; before, that was taken for damage.
    const { db, recovery } = openDatabase(':memory:');
    expect(recovery).toBeNull();
    expect(db.pragma('journal_mode', { simple: true })).toBe('memory');
    expect(db.pragma('synchronous', { simple: true })).toBe(2); // FULL
    db.close();
  });

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
    cache.writes.upsertWarehouses([warehouse('wh_a')], T0, null);
    cache.writes.upsertProducts([product('WD-000001', 'Blue Bolt')], T0);
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
    // Every table the migrations declare as the account's, whichever migration made it.
    for (const table of MIGRATIONS.flatMap((m) => m.accountData ?? [])) {
      expect(cache.db.prepare(`SELECT count(*) FROM ${table}`).pluck().get(), table).toBe(0);
    }
    expect(cache.outbox.get('adj-1')?.entry.state).toBe('queued');
    cache.close();
  });
});
