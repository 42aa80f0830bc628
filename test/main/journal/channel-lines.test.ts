import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { countChannels, type CountService } from '../../../src/main/counts';
import { Journal, JournalStore } from '../../../src/main/journal';
import { handlersOf } from '../../../src/main/kernel/ipc/declare-channels';
import type { Handlers } from '../../../src/main/kernel/ipc/router';
import { outboxChannels, type Outbox } from '../../../src/main/outbox';
import { stockChannels, type StockHandlerDeps } from '../../../src/main/stock';
import { transferChannels, type TransferService } from '../../../src/main/transfers';
import { migrate } from '../../../src/main/kernel/cache/migrate';
import { MIGRATIONS } from '../../../src/main/kernel/cache/migrations';
import { parseCode } from '../../../src/shared/codes/parse-code';
import type { OutboxEntry } from '../../../src/shared/ipc/records';
import { failure } from '../../../src/shared/ipc/result';

// Each capability declares its channels' journal lines beside their handlers; here the handlers
// answer as the services do, and the line the declaration leaves is what is checked. The worker's
// answer to an adjustment whose outcome stayed unknown (outbox.resolve): the outbox's own tests
// make such an entry on moved clocks.
const ENTRY: OutboxEntry = {
  id: 'ob_1',
  sku: 'WD-000007',
  warehouseId: 'wh_ams',
  delta: -3,
  reason: 'damaged',
  note: null,
  state: 'discarded',
  attempts: 1,
  createdAt: '2026-03-01T08:00:00.000Z',
  updatedAt: '2026-03-02T09:00:00.000Z',
  applied: null,
  lastError: null,
  firstSentAt: '2026-03-01T08:00:01.000Z',
  uncertain: null,
  seen: false,
};

const NAMES: Record<string, string> = { wh_ams: 'AMS', wh_lyo: 'LYO' };
const warehouse = (id: string): string => NAMES[id] ?? id;

function openJournal(): Journal {
  const db = new Database(':memory:');
  migrate(db, MIGRATIONS);
  return new Journal({ store: new JournalStore(db), worker: () => 'Ana', retentionDays: () => 90 });
}

function setUp(resolve: (id: string, choice: 'resend' | 'drop' | 'applied') => OutboxEntry, undoTransfer?: Handlers['transfers.undo']) {
  const journal = openJournal();
  const outbox = { resolve: (id: string, choice: 'resend' | 'drop' | 'applied') => resolve(id, choice) } as unknown as Outbox;
  const undo = { undo: () => { throw new Error('not here'); }, linksOf: () => [] };
  const transfers = { undo: (id: string) => undoTransfer!({ id }) } as unknown as TransferService;
  const handlers = handlersOf({ ...outboxChannels({ outbox: () => outbox, undo, warehouse, approve: () => null }), ...transferChannels(transfers, warehouse) }, (line) => journal.record(line));
  return { journal, handlers };
}

describe('journaled outbox.resolve', () => {
  it('writes the drop and the resend, with the adjustment as data and the worker', async () => {
    const { journal, handlers } = setUp((_id, choice) => (choice === 'drop' ? ENTRY : { ...ENTRY, state: 'queued' }));
    await handlers['outbox.resolve']({ id: 'ob_1', choice: 'drop' });
    await handlers['outbox.resolve']({ id: 'ob_1', choice: 'resend' });
    const lines = journal.search().entries;
    expect(lines.map((e) => [e.kind, e.sku, e.details?.what, e.outcome, e.worker])).toEqual([
      ['resolve', 'WD-000007', 'resolve_resent', 'queued', 'Ana'],
      ['resolve', 'WD-000007', 'resolve_dropped', 'discarded', 'Ana'],
    ]);
    expect(lines[1]!.details?.params).toEqual({ delta: -3, warehouse: 'AMS', reason: 'damaged' });
    expect(lines[1]!.summary).toBe('-3 at AMS (damaged) dropped after its outcome stayed unknown');
  });

  it('writes "it was applied" as done, not as a resend', async () => {
    const { journal, handlers } = setUp(() => ({ ...ENTRY, state: 'applied' }));
    await handlers['outbox.resolve']({ id: 'ob_1', choice: 'applied' });
    const [line] = journal.search().entries;
    expect([line!.kind, line!.details?.what, line!.outcome]).toEqual(['resolve', 'resolve_applied', 'done']);
    expect(line!.summary).toBe('-3 at AMS (damaged) taken as applied after its outcome stayed unknown');
  });

  it('writes a refused decision as failed, with its error as data', async () => {
    const { journal, handlers } = setUp(() => {
      throw failure('outbox_not_uncertain', 'This adjustment is applied, not waiting for a decision.');
    });
    await expect(handlers['outbox.resolve']({ id: 'ob_1', choice: 'drop' })).rejects.toThrow();
    const [line] = journal.search().entries;
    expect(line).toMatchObject({ kind: 'resolve', outcome: 'failed', details: { what: 'failed', error: { code: 'outbox_not_uncertain' } } });
    expect(line!.summary).toBe('outbox_not_uncertain: This adjustment is applied, not waiting for a decision.');
  });

  it('keeps a line written before details were stored readable: its English summary, no details', () => {
    const db = new Database(':memory:');
    migrate(db, MIGRATIONS, 9);
    db.prepare("INSERT INTO journal (at, kind, worker, code, sku, summary, outcome, request_id) VALUES ('2026-01-01T00:00:00.000Z', 'scan', 'Ana', 'WD-1', 'WD-1', 'Widget: 4 on hand', 'found', NULL)").run();
    migrate(db, MIGRATIONS);
    const [old] = new JournalStore(db).page({ limit: 10 }).entries;
    expect(old).toMatchObject({ summary: 'Widget: 4 on hand', details: null, kind: 'scan' });
  });
});

describe('journaled transfers.undo', () => {
  it('writes the undone move as the worker made it, from and to by name', async () => {
    const transfer = {
      id: 'tr_1',
      sku: 'WD-000007',
      fromWarehouseId: 'wh_ams',
      toWarehouseId: 'wh_lyo',
      quantity: 4,
      worker: 'Ana',
      createdAt: '2026-03-01T08:00:00.000Z',
      state: 'undone',
      out: { ...ENTRY, id: 'ob_out', delta: -4, reason: 'other', state: 'applied' },
      in: null,
      advice: null,
      reverses: null,
      undoneBy: 'tr_2',
      reversal: null,
    } as const;
    const { journal, handlers } = setUp(() => ENTRY, () => transfer);
    await handlers['transfers.undo']({ id: 'tr_1' });
    const [line] = journal.search().entries;
    expect([line!.kind, line!.sku, line!.details?.what, line!.outcome, line!.worker]).toEqual(['undo', 'WD-000007', 'transfer_undone', 'queued', 'Ana']);
    expect(line!.details?.params).toEqual({ quantity: 4, from: 'AMS', to: 'LYO', transfer: 'tr_1' });
  });
});

// Issue 18: a refused code's line stores why and its values beside the English problem, so the
// journal screen words it in the desk's language; the CSV export's summary stays main's English.
describe('journaled refusals of a scanned code', () => {
  it('stores the lookup’s and the count’s refusal as data, with the English problem for the export', async () => {
    const journal = openJournal();
    const refusal = (code: string) => {
      const parsed = parseCode(code);
      if (parsed.kind !== 'invalid') throw new Error(`${code} should be refused`);
      return { why: parsed.why, params: parsed.params, problem: parsed.problem };
    };
    const lookup = { lookup: (code: string) => ({ kind: 'invalid', code, ...refusal(code) }) } as unknown as ReturnType<StockHandlerDeps['lookup']>;
    const counts = { scan: (code: string) => ({ kind: 'refused', code, reason: 'invalid', message: refusal(code).problem, refusal: refusal(code) }) } as unknown as CountService;
    const stock = stockChannels({ lookup: () => lookup, badge: () => undefined } as unknown as StockHandlerDeps);
    const handlers = handlersOf({ 'stock.lookup': stock['stock.lookup'], ...countChannels(counts, warehouse, () => undefined) }, (line) => journal.record(line));
    await handlers['stock.lookup']({ code: '(01)04006381333932' });
    await handlers['counts.scan']({ code: 'RR123456784DE' });
    const [counted, looked] = journal.search().entries;
    expect(looked).toMatchObject({
      outcome: 'failed',
      details: { what: 'invalid_code', params: { why: 'gtin_check_digit', gtin: '04006381333932', problem: 'the check digit of GTIN 04006381333932 is wrong' } },
      summary: 'the check digit of GTIN 04006381333932 is wrong',
    });
    expect(counted).toMatchObject({
      outcome: 'failed',
      details: { what: 'count_refused', params: { reason: 'invalid', why: 'postal_check_digit', number: 'RR123456784DE' } },
      summary: 'not counted: the check digit of postal item RR123456784DE is wrong',
    });
  });
});
