// However long the retention, the journal never holds more than MAX_JOURNAL_LINES (250,000): past
// it, the oldest lines go as new ones come. A real SQLite file with the cache's migrations.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Journal, JournalStore, MAX_JOURNAL_LINES } from '../../../src/main/journal';
import { migrate } from '../../../src/main/kernel/cache/migrate';
import { MIGRATIONS } from '../../../src/main/kernel/cache/migrations';
import { tempDir } from '../composition/support/temp-dir';

const dirs: Array<{ remove(): void }> = [];
afterEach(() => dirs.splice(0).forEach((d) => d.remove()));

const at = '2026-11-27T08:00:00.000Z';
const line = (code: string) => ({ kind: 'scan', code, sku: null, details: { what: 'not_found', params: {} }, outcome: 'not_found', requestId: null }) as const;

describe('the journal cap', () => {
  // A hang guard, not a speed claim: a quarter of a million lines take 15 s here alone, twice that
  // when the whole suite shares the machine.
  it('keeps the newest 250,000 lines: each line past the cap drops the oldest', { timeout: 120_000 }, () => {
    expect(MAX_JOURNAL_LINES).toBe(250_000);
    const dir = tempDir('desk-journal-cap-');
    dirs.push(dir);
    const db = new Database(join(dir.path, 'cache.sqlite'));
    migrate(db, MIGRATIONS);
    const store = new JournalStore(db);
    // A full journal, written at once (the journal itself writes a few hundred lines a transaction).
    store.insertAll(Array.from({ length: MAX_JOURNAL_LINES }, (_, i) => ({ ...line(`OLD-${i}`), at, worker: 'Ana', summary: 'not found' })));
    // Retention long enough that only the cap can drop a line.
    const journal = new Journal({ store, worker: () => 'Bo', retentionDays: () => 3650, now: () => new Date(at) });
    for (let i = 0; i < 1_200; i++) journal.record(line(`NEW-${i}`));
    journal.prune();
    const count = (sql: string): number => db.prepare(sql).pluck().get() as number;
    expect(count('SELECT count(*) FROM journal')).toBe(MAX_JOURNAL_LINES);
    expect(count("SELECT count(*) FROM journal WHERE code LIKE 'NEW-%'")).toBe(1_200);
    // The oldest 1,200 went, in order: the first line kept is the 1,201st written.
    expect(db.prepare('SELECT code FROM journal ORDER BY seq LIMIT 1').pluck().get()).toBe('OLD-1200');
    expect(journal.search({ limit: 1 }).entries[0]).toMatchObject({ code: 'NEW-1199', worker: 'Bo' });
    journal.close();
    db.close();
  });
});
