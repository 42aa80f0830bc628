// Changes a rebuilt cache held back for the worker (the move between warehouses or the undo they
// belong to could not be vouched for) stay listed in the Outbox until the worker checks them:
// written with the rest of the salvage into the new file, kept across a restart and a second
// rebuild, taken off one by one with a journal line. Real SQLite files, really damaged.
import Database from 'better-sqlite3';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openCache, type Cache } from '../../../src/main/composition/open-cache';
import { EventHub } from '../../../src/main/kernel/ipc/event-hub';
import { CatalogRecorder } from '../../../src/main/kernel/cache/catalog-recorder';
import { handlersOf } from '../../../src/main/kernel/ipc/declare-channels';
import { Journal } from '../../../src/main/journal';
import { Outbox, outboxChannels } from '../../../src/main/outbox';
import { tempDir } from '../composition/support/temp-dir';

const ACCOUNT = 'demo:desk-demo';
const T = '2026-11-27T10:00:00.000Z';
const LATER = '2026-11-27T11:00:00.000Z';

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

const entry = (id: string, state: string, delta: number, warehouse: string, at = T) =>
  `INSERT INTO outbox (id, account, idempotency_key, sku, warehouse_id, delta, reason, note, state, attempts, created_at, updated_at) VALUES ('${id}', '${ACCOUNT}', 'key-${id}', 'WD-000001', '${warehouse}', ${delta}, 'other', NULL, '${state}', 1, '${at}', '${at}');`;

describe('outbox: changes a rebuilt cache left to check by hand', () => {
  let dir: ReturnType<typeof tempDir>;
  let cache: Cache;
  let journal: Journal;
  let account: string | null;
  beforeEach(() => {
    dir = tempDir('desk-to-check-');
    account = ACCOUNT;
  });
  afterEach(() => {
    journal?.close();
    cache?.close();
    dir.remove();
  });

  function open(): ReturnType<typeof handlersOf<'outbox.list' | 'outbox.toCheck' | 'outbox.checked', unknown>> {
    cache = openCache(dir.path);
    journal = new Journal({ store: cache.journal, worker: () => 'Ana', retentionDays: () => 90 });
    const outbox = new Outbox({ cache, recorder: new CatalogRecorder(cache), events: new EventHub(), api: () => null, online: () => false, account: () => account });
    const undo = { undo: () => { throw new Error('not here'); }, linksOf: () => [] };
    const declared = outboxChannels({ outbox: () => outbox, undo, warehouse: (id) => id.toUpperCase(), approve: () => null });
    return handlersOf({ 'outbox.list': declared['outbox.list'], 'outbox.toCheck': declared['outbox.toCheck'], 'outbox.checked': declared['outbox.checked'] }, (line) => journal.record(line as never));
  }
  function damage(sql: string): void {
    const c = openCache(dir.path);
    c.db.exec(sql);
    c.close();
    garble(join(dir.path, 'cache.sqlite'), ['stock_levels']);
  }

  it('lists those the worker must check, after a restart too, and takes one off with a journal line once checked', async () => {
    damage(
      [
        // A move whose out leg went out and whose in leg is gone: the stock left wh_a and was booked nowhere.
        entry('out1', 'applied', -2, 'wh_a'),
        entry('in1', 'queued', 2, 'wh_b'),
        `INSERT INTO transfers (id, account, sku, from_warehouse, to_warehouse, quantity, worker, out_id, in_id, created_at) VALUES ('trf_1', '${ACCOUNT}', 'WD-000001', 'wh_a', 'wh_b', 2, NULL, 'out1', 'in1', '${T}');`,
        // An undo not yet sent whose original is gone: never sent, never undone.
        entry('orig', 'applied', 4, 'wh_a'),
        entry('rev', 'queued', -4, 'wh_a', LATER),
        `INSERT INTO adjustment_undos (undo_id, original_id, created_at) VALUES ('rev', 'orig', '${LATER}');`,
        // A settled adjustment whose undo is gone: held (no longer undoable here) but nothing to check.
        entry('done', 'applied', 5, 'wh_b'),
        entry('gone', 'applied', -5, 'wh_b'),
        `INSERT INTO adjustment_undos (undo_id, original_id, created_at) VALUES ('gone', 'done', '${T}');`,
        "DELETE FROM outbox WHERE id IN ('in1', 'orig', 'gone');",
      ].join('\n'),
    );
    let ipc = open();
    expect(cache.recovery?.held.map((h) => [h.id, h.needsWorker]).sort()).toEqual([
      ['done', false],
      ['out1', true],
      ['rev', true],
    ]);
    const listed = [
      { id: 'out1', sku: 'WD-000001', warehouseId: 'wh_a', delta: -2, why: 'transfer', sent: true, createdAt: T, heldAt: expect.any(String) },
      { id: 'rev', sku: 'WD-000001', warehouseId: 'wh_a', delta: -4, why: 'undo', sent: false, createdAt: LATER, heldAt: expect.any(String) },
    ];
    expect(await ipc['outbox.toCheck'](undefined)).toEqual(listed);
    expect((await ipc['outbox.list'](undefined)).counts).toMatchObject({ toCheck: 2 });

    // A restart: the list is the file's, not the rebuild's notice.
    journal.close();
    cache.close();
    ipc = open();
    expect(cache.recovery).toBeNull();
    expect(await ipc['outbox.toCheck'](undefined)).toEqual(listed);

    expect(await ipc['outbox.checked']({ id: 'out1' })).toMatchObject({ id: 'out1', delta: -2 });
    expect((await ipc['outbox.toCheck'](undefined)).map((c) => c.id)).toEqual(['rev']);
    expect((await ipc['outbox.list'](undefined)).counts).toMatchObject({ toCheck: 1 });
    journal.flush();
    expect(journal.search({ kind: 'check' }).entries).toMatchObject([
      { kind: 'check', worker: 'Ana', sku: 'WD-000001', outcome: 'done', details: { what: 'to_check_checked', params: { delta: -2, warehouse: 'WH_A', why: 'transfer' } } },
    ]);
    await expect((async () => ipc['outbox.checked']({ id: 'out1' }))()).rejects.toMatchObject({ error: { code: 'outbox_entry_not_found' } });
  });

  it('keeps the list through a second rebuild, and shows nothing of it to nobody', async () => {
    // The transfers table itself unreadable: a leg not yet sent is known by the words of its note.
    const c = openCache(dir.path);
    c.db.exec(entry('q1', 'queued', 3, 'wh_a').replace("NULL, 'queued'", "'Transfer trf_0000000000000001: in from MAIN', 'queued'"));
    c.close();
    garble(join(dir.path, 'cache.sqlite'), ['transfers']);
    let ipc = open();
    expect((await ipc['outbox.toCheck'](undefined)).map((x) => [x.id, x.why, x.sent])).toEqual([['q1', 'transfer', false]]);
    journal.close();
    cache.close();
    garble(join(dir.path, 'cache.sqlite'), ['stock_levels']);
    ipc = open();
    expect(cache.recovery).not.toBeNull();
    expect((await ipc['outbox.toCheck'](undefined)).map((x) => x.id)).toEqual(['q1']);
    account = null;
    expect(await ipc['outbox.toCheck'](undefined)).toEqual([]);
    expect((await ipc['outbox.list'](undefined)).counts.toCheck).toBe(0);
    await expect((async () => ipc['outbox.checked']({ id: 'q1' }))()).rejects.toMatchObject({ error: { code: 'not_signed_in' } });
  });
});
