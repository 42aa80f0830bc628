import Database from 'better-sqlite3';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openCache } from '../../../src/main/composition/open-cache';
import { tempDir } from './support/temp-dir';

const ACCOUNT = 'demo:desk-demo';
const T = '2026-11-27T10:00:00.000Z';

/** Garbles every page of these tables of a closed file. */
function garble(file: string, tables: readonly string[]): void {
  const db = new Database(file);
  const pageSize = db.pragma('page_size', { simple: true }) as number;
  const pages = (db.prepare(`SELECT DISTINCT pageno FROM dbstat WHERE name IN (${tables.map(() => '?').join(', ')})`).all(...tables) as Array<{ pageno: number }>).map((r) => r.pageno);
  db.close();
  const bytes = readFileSync(file);
  for (const page of pages) bytes.fill(0x5a, (page - 1) * pageSize, page * pageSize);
  writeFileSync(file, bytes);
}

/** The rebuild's judgement of rows that name one another, written straight into a real cache file. */
describe('salvage of a damaged cache: rows kept only with what they name', () => {
  let dir: ReturnType<typeof tempDir>;
  beforeEach(() => {
    dir = tempDir('desk-salvage-');
  });
  afterEach(() => dir.remove());

  function cacheWith(sql: string): string {
    const cache = openCache(dir.path);
    cache.db.exec(sql);
    cache.close();
    return join(dir.path, 'cache.sqlite');
  }
  const entry = (id: string, state: string, delta: number) =>
    `INSERT INTO outbox (id, account, idempotency_key, sku, warehouse_id, delta, reason, note, state, attempts, created_at, updated_at) VALUES ('${id}', '${ACCOUNT}', 'key-${id}', 'WD-000001', 'wh_a', ${delta}, 'count_correction', NULL, '${state}', 1, '${T}', '${T}');`;
  const session = (id: string, state: string) => `INSERT INTO count_sessions (id, account, warehouse_id, zone_json, worker, state, started_at) VALUES ('${id}', '${ACCOUNT}', 'wh_a', NULL, 'Bo', '${state}', '${T}');`;
  const line = (session: string, sku: string, entryId: string | null) =>
    `INSERT INTO count_lines (session_id, sku, counted, decision, first_counted_at, updated_at, on_hand_at_submit, entry_id, submitted_at) VALUES ('${session}', '${sku}', 7, 'accepted', '${T}', '${T}', ${entryId ? 5 : 'NULL'}, ${entryId ? `'${entryId}'` : 'NULL'}, ${entryId ? `'${T}'` : 'NULL'});`;

  it('the outbox lost: the open count goes on, its submitted line back to review (its adjustment is gone), a closed count keeps no line without its adjustment', () => {
    const file = cacheWith(
      [entry('e1', 'applied', 2), entry('e2', 'applied', -1), session('cnt_open', 'open'), session('cnt_done', 'submitted'), line('cnt_open', 'WD-000001', 'e1'), line('cnt_open', 'WD-000002', null), line('cnt_done', 'WD-000003', 'e2')].join('\n'),
    );
    garble(file, ['outbox']);
    const cache = openCache(dir.path);
    expect(cache.recovery?.outbox.problem).toBeTruthy();
    expect(cache.recovery?.counts).toEqual({ open: 1, toReview: 1, problem: null });
    expect(cache.counts.open(ACCOUNT)?.id).toBe('cnt_open');
    expect(cache.counts.line('cnt_open', 'WD-000001')).toMatchObject({ counted: 7, decision: 'pending', entry_id: null, submitted_at: null, on_hand_at_submit: null });
    expect(cache.counts.line('cnt_open', 'WD-000002')).toMatchObject({ counted: 7, decision: 'accepted' });
    expect(cache.counts.session('cnt_done')?.state).toBe('submitted');
    expect(cache.counts.lines('cnt_done')).toEqual([]);
    cache.close();
  });

  it('a transfer missing its in leg row, and an undo link missing an end: the rows left without their partner are held, not kept alone', () => {
    const file = cacheWith(
      [
        entry('out1', 'applied', -2),
        entry('in1', 'queued', 2),
        `INSERT INTO transfers (id, account, sku, from_warehouse, to_warehouse, quantity, worker, out_id, in_id, created_at) VALUES ('trf_1', '${ACCOUNT}', 'WD-000001', 'wh_a', 'wh_b', 2, NULL, 'out1', 'in1', '${T}');`,
        entry('orig', 'applied', 4),
        entry('rev', 'applied', -4),
        `INSERT INTO adjustment_undos (undo_id, original_id, created_at) VALUES ('rev', 'orig', '${T}');`,
        // The in leg and the undo are gone from the file (as if their rows had not survived).
        "DELETE FROM outbox WHERE id IN ('in1', 'rev');",
        entry('plain', 'queued', 1),
      ].join('\n'),
    );
    garble(file, ['stock_levels']);
    const cache = openCache(dir.path);
    const held = cache.recovery!.held.map((h) => [h.id, h.why, h.needsWorker]);
    // The out leg moved stock that no in leg will book: the worker's. The undone original stays booked: not undoable here.
    expect(held.sort()).toEqual([
      ['orig', 'undo', false],
      ['out1', 'transfer', true],
    ]);
    expect(cache.transfers.get('trf_1')).toBeNull();
    expect(cache.outbox.get('out1')).toBeNull();
    expect(cache.outbox.get('orig')).toBeNull();
    expect(cache.outbox.get('plain')?.entry.state).toBe('queued');
    expect(cache.recovery!.outbox).toEqual({ copied: 1, waiting: 1, problem: null });
    cache.close();
  });

  it('minimum and reorder quantities are kept through a rebuild: the desk typed them, the service cannot give them back', () => {
    const level = (sku: string, warehouse: string, minimum: number, reorder: string) => `INSERT INTO reorder_levels (sku, warehouse_id, minimum, reorder, set_at) VALUES ('${sku}', '${warehouse}', ${minimum}, ${reorder}, '${T}');`;
    const file = cacheWith([level('WD-000001', '', 5, '20'), level('WD-000002', 'wh_a', 3, 'NULL')].join('\n'));
    garble(file, ['stock_levels']);
    const cache = openCache(dir.path);
    expect(cache.recovery?.levels).toEqual({ kept: 2, problem: null });
    expect(cache.levels.of('WD-000001')).toEqual([{ sku: 'WD-000001', warehouseId: null, minimum: 5, reorder: 20, setAt: T }]);
    expect(cache.levels.of('WD-000002')).toEqual([{ sku: 'WD-000002', warehouseId: 'wh_a', minimum: 3, reorder: null, setAt: T }]);
    cache.close();
  });

  it('the sheets applied are kept with the adjustments they queued: the same sheet is still refused after a rebuild', () => {
    const file = cacheWith(`${entry('e1', 'queued', 2)}
INSERT INTO sheet_imports (account, hash, name, entries, applied_at) VALUES ('${ACCOUNT}', 'abc123', 'changes.csv', 1, '${T}');`);
    garble(file, ['stock_levels']);
    const cache = openCache(dir.path);
    expect(cache.recovery?.outbox.copied).toBe(1);
    expect(cache.sheets.applied(ACCOUNT, 'abc123')).toEqual({ name: 'changes.csv', entries: 1, at: T });
    cache.close();
  });
});
