import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCache, type Cache } from '../../../src/main/composition/open-cache';
import { handlersOf } from '../../../src/main/kernel/ipc/declare-channels';
import { details, Journal, type JournalLine } from '../../../src/main/journal';
import { todayChannels } from '../../../src/main/today';
import { channels } from '../../../src/shared/ipc/contract';
import type { TodaySummary } from '../../../src/shared/ipc/today-records';
import { tempDir } from '../composition/support/temp-dir';

const ACCOUNT = 'demo';
// 29 March 2026 in Berlin: the clocks go forward at 02:00, so the day has 23 hours, and it starts
// at 23:00 UTC the evening before.
const FROM = '2026-03-28T23:00:00.000Z';
const TO = '2026-03-29T22:00:00.000Z';

const scan = (sku: string): JournalLine => ({ kind: 'scan', code: sku, sku, details: details('stock_found', { name: sku, onHand: 1 }), outcome: 'found', requestId: null });
const adjust = (delta: number, reason: string, extra: Record<string, string> = {}): JournalLine => ({
  kind: 'adjust',
  code: null,
  sku: 'WD-000001',
  details: details('adjustment', { delta, warehouse: 'MAIN', reason, ...extra }),
  outcome: 'queued',
  requestId: null,
});
const refused: JournalLine = { kind: 'sent', code: null, sku: 'WD-000001', details: details('adjustment', { delta: -2, warehouse: 'MAIN', reason: 'lost' }), outcome: 'rejected', requestId: 'req_1' };
const applied: JournalLine = { ...refused, outcome: 'applied' };
const submitted: JournalLine = { kind: 'count', code: null, sku: null, details: details('count_submitted', { count: 'c1', warehouse: 'MAIN', queued: 2, unchanged: 5, waiting: 0 }), outcome: 'done', requestId: null };

/** `today.summary` against a journal written line by line at known times, in a real SQLite file. */
describe('today.summary', () => {
  const dir = tempDir('desk-today-');
  let cache: Cache;
  let journal: Journal;
  let clock = new Date(FROM);
  let worker: string | null = null;
  let summary: (input: { from: string; to: string }) => TodaySummary;

  const at = (iso: string, who: string | null, ...lines: JournalLine[]) => {
    clock = new Date(iso);
    worker = who;
    for (const line of lines) journal.record(line);
    journal.flush();
  };

  beforeAll(() => {
    cache = openCache(dir.path);
    journal = new Journal({ store: cache.journal, worker: () => worker, retentionDays: () => 3650, now: () => clock });
    const handlers = handlersOf(
      todayChannels({ store: cache.today, settle: () => journal.flush(), outbox: () => ({ ...cache.outbox.counts(ACCOUNT), toCheck: cache.toCheck.count(ACCOUNT) }) }),
      () => {},
    );
    summary = (input) => handlers['today.summary'](channels['today.summary'].input.parse(input)) as TodaySummary;

    // The evening before, 23:59 in Berlin: not this day.
    at('2026-03-28T22:59:00.000Z', 'Ana', scan('A'), adjust(5, 'received'));
    // 00:00 in Berlin: the day's first hour.
    at('2026-03-28T23:00:00.000Z', 'Ana', scan('A'), scan('B'), adjust(-3, 'damaged'));
    // 03:30 in Berlin, after the clocks went forward (01:30 UTC): the day's third hour (00, 01, 03).
    at('2026-03-29T01:30:00.000Z', 'Ben', scan('C'), adjust(4, 'count_correction'), adjust(-6, 'count_correction'), submitted);
    at('2026-03-29T09:15:00.000Z', null, scan('D'), adjust(2, 'other', { transferTo: 'NORTH' }), adjust(2, 'other', { transferFrom: 'MAIN' }), refused, applied);
    // 23:59 in Berlin: the day's last hour.
    at('2026-03-29T21:59:59.999Z', 'Ana', scan('E'), adjust(-1, 'damaged'), refused);
    // The next day's midnight: not this day.
    at('2026-03-29T22:00:00.000Z', 'Ben', scan('F'), adjust(9, 'lost'), refused);

    const entry = (id: string) => ({ id, account: ACCOUNT, idempotencyKey: `key-${id}`, sku: 'WD-000001', warehouseId: 'wh_1', delta: 1, reason: 'found' as const, note: null, createdAt: FROM });
    cache.outbox.insert(entry('o1'));
    cache.outbox.insert(entry('o2'));
    const error = { code: 'conflict', message: 'no', retryable: false } as never;
    cache.outbox.insert(entry('o3'));
    cache.outbox.update('o3', { state: 'rejected', updatedAt: TO, lastError: error });
    cache.outbox.insert(entry('o4'));
    cache.outbox.update('o4', { state: 'rejected', updatedAt: TO, lastError: error });
    cache.outbox.markSeen('o4');
    cache.outbox.insert({ ...entry('other-account'), account: 'someone-else' });
  });
  afterAll(() => {
    cache.close();
    dir.remove();
  });

  it('counts the scans, adjustments, refusals and counts of the local day, from its midnight to the next', () => {
    const day = summary({ from: FROM, to: TO });
    expect(day.scans).toBe(5);
    expect(day.adjustments).toBe(6);
    expect(day.refusals).toBe(2);
    expect(day.counts).toEqual({ finished: 1, linesOff: 2, unitsOff: 10 });
  });

  it('gives each reason its adjustments and units, a move between warehouses as its own', () => {
    expect(summary({ from: FROM, to: TO }).byReason).toEqual([
      { reason: 'count_correction', adjustments: 2, units: 10 },
      { reason: 'damaged', adjustments: 2, units: 4 },
      { reason: 'transfer', adjustments: 2, units: 4 },
    ]);
  });

  it('gives each worker their scans and adjustments, nobody at the desk as null', () => {
    expect(summary({ from: FROM, to: TO }).byWorker).toEqual([
      { worker: 'Ana', scans: 3, adjustments: 2 },
      { worker: 'Ben', scans: 1, adjustments: 2 },
      { worker: null, scans: 1, adjustments: 2 },
    ]);
  });

  it('has an entry for each of the 23 hours of the day the clocks went forward, counted from its start', () => {
    const hours = summary({ from: FROM, to: TO }).byHour;
    expect(hours).toHaveLength(23);
    expect(hours[0]).toEqual({ scans: 2, adjustments: 1 });
    expect(hours[2]).toEqual({ scans: 1, adjustments: 2 });
    expect(hours[10]).toEqual({ scans: 1, adjustments: 2 });
    expect(hours[22]).toEqual({ scans: 1, adjustments: 1 });
    expect(hours.reduce((n, h) => n + h.scans, 0)).toBe(5);
  });

  it('the day before ends at its 23:59, the day after starts at its midnight', () => {
    const before = summary({ from: '2026-03-27T23:00:00.000Z', to: FROM });
    expect([before.scans, before.adjustments, before.byHour.length]).toEqual([1, 1, 24]);
    expect(before.byHour[23]).toEqual({ scans: 1, adjustments: 1 });
    const after = summary({ from: TO, to: '2026-03-30T22:00:00.000Z' });
    expect([after.scans, after.adjustments, after.refusals]).toEqual([1, 1, 1]);
    expect(after.byHour[0]).toEqual({ scans: 1, adjustments: 1 });
  });

  it('reads a day given with an offset the same as in UTC', () => {
    expect(summary({ from: '2026-03-29T00:00:00+01:00', to: '2026-03-30T00:00:00+02:00' })).toEqual(summary({ from: FROM, to: TO }));
  });

  it('says what waits in the outbox of the account signed in now', () => {
    expect(summary({ from: FROM, to: TO }).waiting).toEqual({ toSend: 2, toDecide: 0, refusedUnseen: 1, toCheck: 0 });
  });

  it('includes a line written a moment ago, not yet in the file', () => {
    clock = new Date('2026-03-29T12:00:00.000Z');
    journal.record(scan('G'));
    expect(summary({ from: FROM, to: TO }).scans).toBe(6);
  });

  it('an empty day has no figures, and an hour for each of its hours', () => {
    const empty = summary({ from: '2026-01-09T23:00:00.000Z', to: '2026-01-10T23:00:00.000Z' });
    expect(empty).toMatchObject({ scans: 0, adjustments: 0, refusals: 0, byReason: [], byWorker: [], counts: { finished: 0, linesOff: 0, unitsOff: 0 } });
    expect(empty.byHour).toHaveLength(24);
  });

  it('refuses a span that is not one day', () => {
    expect(() => summary({ from: FROM, to: '2026-03-30T22:00:00.000Z' })).toThrow(/one day/);
    expect(() => summary({ from: TO, to: FROM })).toThrow(/one day/);
    expect(() => summary({ from: 'yesterday', to: TO })).toThrow();
  });
});
