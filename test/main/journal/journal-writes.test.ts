import Database from 'better-sqlite3';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { Journal, JournalStore } from '../../../src/main/journal';
import { migrate } from '../../../src/main/kernel/cache/migrate';
import { MIGRATIONS } from '../../../src/main/kernel/cache/migrations';

function open() {
  const db = new Database(':memory:');
  migrate(db, MIGRATIONS);
  let worker = 'Ana';
  const journal = new Journal({ store: new JournalStore(db), worker: () => worker, retentionDays: () => 90 });
  const rows = () => db.prepare('SELECT code, worker FROM journal ORDER BY seq').all() as Array<{ code: string; worker: string }>;
  return { db, journal, rows, setWorker: (name: string) => (worker = name) };
}

const line = (code: string) => ({ kind: 'scan', code, sku: null, details: { what: 'not_found', params: {} }, outcome: 'not_found', requestId: null }) as const;

// A scan's line is written after its answer has gone, not in the call: the lookup a worker waits for
// does not carry the line's commit (figure 1 of docs/benchmarks.md).
describe('journal writes', () => {
  it('writes the lines of one turn together once the turn is over, with the worker who was at the desk when each was recorded', async () => {
    const { journal, rows, setWorker } = open();
    journal.record(line('A-1'));
    setWorker('Ben');
    journal.record(line('B-1'));
    expect(rows()).toEqual([]);
    await nextTurn();
    expect(rows()).toEqual([
      { code: 'A-1', worker: 'Ana' },
      { code: 'B-1', worker: 'Ben' },
    ]);
  });

  it('a read of the journal sees a line recorded just before it', () => {
    const { journal } = open();
    journal.record(line('A-1'));
    expect(journal.search().entries.map((e) => e.code)).toEqual(['A-1']);
    journal.record(line('A-2'));
    expect([...journal.lines({})].map((e) => e.code)).toEqual(['A-1', 'A-2']);
  });

  it('close writes what is waiting, so a line recorded as the desk shuts is not lost', () => {
    const { db, journal, rows } = open();
    journal.record(line('LAST'));
    journal.close();
    expect(rows()).toEqual([{ code: 'LAST', worker: 'Ana' }]);
    db.close();
  });

  it('a long run of work in one turn is written as it goes, not held without bound', () => {
    const { journal, rows } = open();
    for (let i = 0; i < 450; i++) journal.record(line(`C-${i}`));
    expect(rows().length).toBe(400);
  });
});
