import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { Journal, JournalStore } from '../../../src/main/journal';
import { migrate } from '../../../src/main/kernel/cache/migrate';
import { MIGRATIONS } from '../../../src/main/kernel/cache/migrations';

function journalAt(clock: { now: Date }, days: { value: number }) {
  const db = new Database(':memory:');
  migrate(db, MIGRATIONS);
  const store = new JournalStore(db);
  return new Journal({ store, worker: () => 'Ana', retentionDays: () => days.value, now: () => clock.now });
}

const line = (code: string) => ({ kind: 'scan', code, sku: null, details: { what: 'not_found', params: {} }, outcome: 'not_found', requestId: null }) as const;

describe('journal retention', () => {
  it('drops lines older than the configured number of days, at open and as it grows', () => {
    const clock = { now: new Date('2026-01-01T08:00:00.000Z') };
    const days = { value: 30 };
    const journal = journalAt(clock, days);
    journal.record(line('OLD-1'));
    clock.now = new Date('2026-01-20T08:00:00.000Z');
    journal.record(line('MID-1'));
    clock.now = new Date('2026-02-05T08:00:00.000Z');
    journal.record(line('NEW-1'));
    expect(journal.prune()).toBe(1);
    expect(journal.search().entries.map((e) => e.code)).toEqual(['NEW-1', 'MID-1']);

    // A shorter retention, set in the settings, applies at the next pruning without a restart.
    days.value = 7;
    expect(journal.prune()).toBe(1);
    expect(journal.search().entries.map((e) => e.code)).toEqual(['NEW-1']);
    expect(journal.search().entries[0]).toMatchObject({ worker: 'Ana', at: '2026-02-05T08:00:00.000Z' });
  });
});
