import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { Journal, JournalStore } from '../../../src/main/journal';
import { migrate } from '../../../src/main/kernel/cache/migrate';
import { MIGRATIONS } from '../../../src/main/kernel/cache/migrations';
import type { JournalKind, JournalOutcome } from '../../../src/shared/ipc/desk-work-records';

type Entry = 'scanned' | 'keyed' | null;

/**
 * The share of adjustments made on keyed codes, from a known journal: only adjustments queued at
 * this desk count, each under the UTC day and worker of its line; lines whose entry is unknown
 * (moves, counts, undos, lines from before the desk recorded it) are in neither column.
 */
describe('the keyed-code report', () => {
  function journalWith(lines: Array<[at: string, worker: string | null, kind: JournalKind, outcome: JournalOutcome, entry: Entry]>, now: string) {
    const db = new Database(':memory:');
    migrate(db, MIGRATIONS);
    const store = new JournalStore(db);
    for (const [at, worker, kind, outcome, entry] of lines) {
      store.insert({ at, kind, worker, code: null, sku: 'WD-000001', summary: '', details: { what: 'adjustment', params: {} }, outcome, requestId: null, entry });
    }
    return new Journal({ store, worker: () => null, retentionDays: () => 365, now: () => new Date(now) });
  }

  const NOW = '2026-03-10T15:00:00.000Z';
  const known = journalWith(
    [
      ['2026-03-10T08:00:00.000Z', 'Ana', 'adjust', 'queued', 'keyed'],
      ['2026-03-10T08:05:00.000Z', 'Ana', 'adjust', 'queued', 'scanned'],
      ['2026-03-10T08:06:00.000Z', 'Ana', 'adjust', 'queued', 'scanned'],
      ['2026-03-10T08:07:00.000Z', 'Ana', 'adjust', 'queued', 'keyed'],
      // Its verdict, a refused adjustment, a scan, a move's leg: none is an adjustment made on a code.
      ['2026-03-10T08:07:01.000Z', 'Ana', 'sent', 'applied', 'keyed'],
      ['2026-03-10T08:08:00.000Z', 'Ana', 'adjust', 'failed', 'keyed'],
      ['2026-03-10T08:09:00.000Z', 'Ana', 'scan', 'found', 'keyed'],
      ['2026-03-10T08:10:00.000Z', 'Ana', 'adjust', 'queued', null],
      ['2026-03-10T09:00:00.000Z', 'Bo', 'adjust', 'queued', 'scanned'],
      ['2026-03-10T23:59:59.999Z', null, 'adjust', 'queued', 'keyed'],
      ['2026-03-09T12:00:00.000Z', 'Bo', 'adjust', 'queued', 'keyed'],
      ['2026-03-09T12:01:00.000Z', 'Bo', 'adjust', 'queued', 'keyed'],
      // The first day of the last 30, and the day before it.
      ['2026-02-09T00:00:00.000Z', 'Cy', 'adjust', 'queued', 'scanned'],
      ['2026-02-08T23:59:59.999Z', 'Cy', 'adjust', 'queued', 'keyed'],
    ],
    NOW,
  );

  it('counts per UTC day and worker, newest day first, over the last 30 days', () => {
    expect(known.keyedShare()).toEqual({
      from: '2026-02-09',
      rows: [
        { day: '2026-03-10', worker: null, scanned: 0, keyed: 1 },
        { day: '2026-03-10', worker: 'Ana', scanned: 2, keyed: 2 },
        { day: '2026-03-10', worker: 'Bo', scanned: 1, keyed: 0 },
        { day: '2026-03-09', worker: 'Bo', scanned: 0, keyed: 2 },
        { day: '2026-02-09', worker: 'Cy', scanned: 1, keyed: 0 },
      ],
    });
  });

  it('follows the journal\'s worker and day filter', () => {
    expect(known.keyedShare({ worker: 'Bo' }).rows).toEqual([
      { day: '2026-03-10', worker: 'Bo', scanned: 1, keyed: 0 },
      { day: '2026-03-09', worker: 'Bo', scanned: 0, keyed: 2 },
    ]);
    expect(known.keyedShare({ day: '2026-02-08' })).toEqual({ from: '2026-02-08', rows: [{ day: '2026-02-08', worker: 'Cy', scanned: 0, keyed: 1 }] });
  });
});
