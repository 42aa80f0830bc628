import Database from 'better-sqlite3';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../src/main/kernel/api';
import { openCache, type Cache } from '../../../src/main/composition/open-cache';
import { EventHub } from '../../../src/main/kernel/ipc/event-hub';
import { Outbox } from '../../../src/main/outbox/outbox';
import { CatalogRecorder } from '../../../src/main/kernel/cache/catalog-recorder';
import { OutboxEntry, type AdjustInput } from '../../../src/shared/ipc/records';
import type { RunningSandbox } from '../../../src/sandbox';
import { startProxy } from '../kernel/api/support';
import { recordEvents } from '../composition/support/events';
import { startTestSandbox, testClient } from '../composition/support/sandbox';
import { tempDir } from '../composition/support/temp-dir';

describe('outbox', () => {
  const dir = tempDir('desk-outbox-');
  let sandbox: RunningSandbox;
  let api: ApiClient;
  let cache: Cache;
  let events: EventHub;
  let outbox: Outbox;
  let online = true;
  let account: string | null = 'demo';
  let warehouseId: string;

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    api = testClient(sandbox);
    cache = openCache(dir.path);
    const recorder = new CatalogRecorder(cache);
    const stock = await api.listStock({ limit: 10 });
    for (const s of stock.body.data) recorder.stock(s);
    warehouseId = stock.body.data[0]!.levels[0]!.warehouse_id;
    events = new EventHub();
    outbox = new Outbox({ cache, recorder, events, api: () => api, online: () => online, account: () => account });
  });
  afterAll(async () => {
    await outbox.idle();
    cache.close();
    await sandbox.close();
    dir.remove();
  });
  beforeEach(async () => {
    await outbox.idle();
    online = true;
    account = 'demo';
    sandbox.setFaults({ unreachable: false, failureRate: 0, dropRate: 0, latencyMs: 0 });
  });

  const adjust = (sku: string, delta: number, note?: string): AdjustInput => ({ sku, warehouseId, delta, reason: 'count_correction', ...(note ? { note } : {}) });
  const keyOf = (id: string) => cache.outbox.get(id)!.idempotencyKey;
  const appliedWith = (sku: string, key: string) => sandbox.adjustmentsFor(sku).filter((a) => a.idempotencyKey === key).length;
  const onHand = async (sku: string) => (await api.readStock(sku)).body.levels.find((l) => l.warehouse_id === warehouseId)?.on_hand ?? 0;

  it('stores the adjustment with a fresh idempotency key before any network call, then applies it once', async () => {
    const recorder = recordEvents(events);
    const before = await onHand('WD-000001');
    const entry = outbox.enqueue(adjust('WD-000001', 4, 'cycle count'));
    expect(entry).toMatchObject({ state: 'queued', attempts: 0, delta: 4, note: 'cycle count' });
    // Committed before the request left: another connection to the file already sees it, with its key.
    const other = new Database(cache.file, { readonly: true });
    const row = other.prepare('SELECT state, idempotency_key FROM outbox WHERE id = ?').get(entry.id) as { state: string; idempotency_key: string };
    other.close();
    expect(row.state).toBe('sending');
    expect(row.idempotency_key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const stored = cache.outbox.get(entry.id)!;
    await outbox.idle();
    const done = outbox.list().entries.find((e) => e.id === entry.id)!;
    expect(OutboxEntry.parse(done)).toMatchObject({ state: 'applied', attempts: 1, lastError: null, applied: { onHandAfter: before + 4 } });
    expect(done.applied!.adjustmentId).toMatch(/^adj_/);
    expect(recorder.of('outbox.changed').filter((e) => e.id === entry.id).map((e) => e.state)).toEqual(['queued', 'sending', 'applied']);
    const updated = recorder.of('stock.updated').find((s) => s.sku === 'WD-000001')!;
    expect(updated.levels.find((l) => l.warehouseId === warehouseId)!.onHand).toBe(before + 4);
    expect(cache.reads.stockBySku('WD-000001')!.levels.find((l) => l.warehouseId === warehouseId)!.onHand).toBe(before + 4);
    expect(appliedWith('WD-000001', stored.idempotencyKey)).toBe(1);
    recorder.detach();
  });

  it('offline, waits; online again, replays in creation order, each exactly once', async () => {
    online = false;
    const before = await onHand('WD-000002');
    const entries = [3, -1, 2].map((d) => outbox.enqueue(adjust('WD-000002', d)));
    await outbox.idle();
    expect(entries.map((e) => cache.outbox.get(e.id)!.entry.state)).toEqual(['queued', 'queued', 'queued']);
    expect(outbox.list({ states: ['queued'] }).counts.queued).toBeGreaterThanOrEqual(3);
    online = true;
    await outbox.kick();
    await outbox.kick(); // a second replay changes nothing
    expect(entries.map((e) => cache.outbox.get(e.id)!.entry.state)).toEqual(['applied', 'applied', 'applied']);
    const keys = entries.map((e) => keyOf(e.id));
    const applied = sandbox.adjustmentsFor('WD-000002').filter((a) => keys.includes(a.idempotencyKey));
    expect(applied.map((a) => a.idempotencyKey)).toEqual(keys); // creation order, once each
    expect(await onHand('WD-000002')).toBe(before + 4);
  });

  it('keeps an entry queued through transient failures, counting attempts, then applies it once with the same key', async () => {
    sandbox.setFaults({ failureRate: 1 });
    const entry = outbox.enqueue(adjust('WD-000003', 2));
    const key = keyOf(entry.id);
    await outbox.idle();
    expect(cache.outbox.get(entry.id)!.entry).toMatchObject({ state: 'queued', attempts: 1, lastError: { code: 'service_unavailable', status: 503 } });
    sandbox.setFaults({ failureRate: 0, unreachable: true });
    await outbox.kick();
    expect(cache.outbox.get(entry.id)!.entry).toMatchObject({ state: 'queued', attempts: 2, lastError: { code: 'network_error' } });
    sandbox.setFaults({ unreachable: false });
    await outbox.kick();
    expect(cache.outbox.get(entry.id)!.entry).toMatchObject({ state: 'applied', attempts: 3 });
    expect(keyOf(entry.id)).toBe(key);
    expect(appliedWith('WD-000003', key)).toBe(1);
  });

  it('keeps a refusal with its code, message and request id, and goes on with the next entry', async () => {
    const refused = outbox.enqueue(adjust('WD-000004', -1_000_000));
    const next = outbox.enqueue(adjust('WD-000004', 1));
    await outbox.idle();
    const entry = cache.outbox.get(refused.id)!.entry;
    expect(entry.state).toBe('rejected');
    expect(entry.lastError).toMatchObject({ code: 'insufficient_stock', status: 409, requestId: expect.stringMatching(/^req_/) });
    expect(entry.lastError!.message.length).toBeGreaterThan(0);
    expect(cache.outbox.get(next.id)!.entry.state).toBe('applied');
    expect(outbox.list({ states: ['rejected'] }).entries.map((e) => e.id)).toContain(refused.id);
  });

  it('a refusal for want of stock carries the on-hand the service holds, read once, and the cache gets it', async () => {
    const refused = outbox.enqueue(adjust('WD-000011', -1_000_000));
    await outbox.idle();
    const onHand = (await api.readStock('WD-000011')).body.levels.find((l) => l.warehouse_id === warehouseId)?.on_hand ?? 0;
    expect(cache.outbox.get(refused.id)!.entry.lastError).toMatchObject({ code: 'insufficient_stock', params: { onHand } });
    expect(cache.reads.stockBySku('WD-000011')!.levels.find((l) => l.warehouseId === warehouseId)?.onHand ?? 0).toBe(onHand);
  });

  it('retries a rejected entry under a new key, and a queued one now; refuses to retry an applied one', async () => {
    const refused = outbox.enqueue(adjust('WD-000005', -1_000_000));
    await outbox.idle();
    const oldKey = keyOf(refused.id);
    const retried = outbox.retry(refused.id);
    expect(retried.state).toBe('queued');
    expect(keyOf(refused.id)).not.toBe(oldKey);
    await outbox.idle();
    expect(cache.outbox.get(refused.id)!.entry.state).toBe('rejected'); // still not enough stock

    online = false;
    const queued = outbox.enqueue(adjust('WD-000005', 1));
    online = true;
    expect(outbox.retry(queued.id).state).toBe('queued');
    await outbox.idle();
    expect(cache.outbox.get(queued.id)!.entry.state).toBe('applied');
    expect(() => outbox.retry(queued.id)).toThrow(expect.objectContaining({ error: expect.objectContaining({ code: 'outbox_not_retryable' }) }));
  });

  it('discards queued and rejected entries (kept in the history), nothing else', async () => {
    online = false;
    const queued = outbox.enqueue(adjust('WD-000006', 1));
    expect(outbox.discard(queued.id).state).toBe('discarded');
    online = true;
    const refused = outbox.enqueue(adjust('WD-000006', -1_000_000));
    await outbox.idle();
    expect(outbox.discard(refused.id)).toMatchObject({ state: 'discarded', lastError: { code: 'insufficient_stock' } });
    await outbox.kick();
    expect(appliedWith('WD-000006', keyOf(queued.id))).toBe(0); // never sent
    const applied = outbox.enqueue(adjust('WD-000006', 1));
    await outbox.idle();
    expect(() => outbox.discard(applied.id)).toThrow(expect.objectContaining({ error: expect.objectContaining({ code: 'outbox_not_discardable' }) }));
    expect(() => outbox.discard('nope')).toThrow(expect.objectContaining({ error: expect.objectContaining({ code: 'outbox_entry_not_found' }) }));
    expect(outbox.list({ states: ['discarded'] }).entries.map((e) => e.id)).toEqual(expect.arrayContaining([queued.id, refused.id]));
  });

  it('resends an entry found mid-send at startup with the same key; the service applies it once', async () => {
    // The previous process sent it (the service applied it) and died before it heard the answer.
    online = false;
    const entry = outbox.enqueue(adjust('WD-000007', 6));
    const key = keyOf(entry.id);
    await api.adjustStock('WD-000007', { warehouse_id: warehouseId, delta: 6, reason: 'count_correction' }, key);
    cache.outbox.update(entry.id, { state: 'sending', updatedAt: new Date().toISOString(), attempts: 1 });
    const before = await onHand('WD-000007');

    // What desk-core does at startup, before anything is sent.
    expect(cache.outbox.requeueInterrupted(new Date().toISOString())).toBe(1);
    expect(cache.outbox.get(entry.id)!.entry.state).toBe('queued');
    online = true;
    await outbox.kick();
    expect(cache.outbox.get(entry.id)!.entry).toMatchObject({ state: 'applied', attempts: 2 });
    expect(appliedWith('WD-000007', key)).toBe(1);
    expect(await onHand('WD-000007')).toBe(before);
  });

  it('pages the history newest first by keyset, so entries added meanwhile never shift a page', async () => {
    online = false;
    const ids = Array.from({ length: 7 }, (_, i) => outbox.enqueue(adjust('WD-000009', i + 1)).id).reverse();
    const seen: string[] = [];
    let newer: string | undefined;
    let before: string | undefined;
    for (;;) {
      const page = outbox.list({ sku: 'WD-000009', limit: 3, ...(before ? { before } : {}) });
      seen.push(...page.entries.map((e) => e.id));
      if (seen.length === 3) newer = outbox.enqueue(adjust('WD-000009', 99)).id; // a newer entry arrives mid-paging
      if (page.nextBefore === null) break;
      before = page.nextBefore;
    }
    expect(seen).toEqual(ids);
    expect(outbox.list({ sku: 'WD-000009', before: 'no-such-entry' }).entries).toEqual([]);
    for (const id of [...ids, newer!]) outbox.discard(id);
    online = true;
  });

  it('refuses, storing and sending nothing, an adjustment the API contract does not allow (a control character in the note)', async () => {
    const before = cache.outbox.counts('demo');
    const sent = sandbox.adjustmentsFor('WD-000010').length;
    let thrown: unknown;
    try {
      outbox.enqueue(adjust('WD-000010', 1, 'pallet\u0007 3'));
    } catch (error) {
      thrown = error;
    }
    await outbox.idle();
    // Stored, it would be 'rejected' at once by the app itself, with no request id, and a retry
    // could never help: the worker could only discard it and type it again.
    expect(cache.outbox.counts('demo'), 'an outbox entry was written').toEqual(before);
    expect(thrown).toMatchObject({ error: { code: 'invalid_argument', details: [expect.objectContaining({ field: 'note' })] } });
    expect(sandbox.adjustmentsFor('WD-000010')).toHaveLength(sent);
    // Line breaks and tabs are allowed in a note.
    const fine = outbox.enqueue(adjust('WD-000010', 1, 'pallet 3\n\tshelf B'));
    await outbox.idle();
    expect(cache.outbox.get(fine.id)!.entry.state).toBe('applied');
  });

  it('an applied adjustment whose answer breaks the contract is held as unexpected_response, never sent twice, and does not hold up the rest', async () => {
    // The service answers the adjustment of WD-000011 with a stock item listing one warehouse
    // twice, which the API contract does not allow (x-unique-by): the client refuses the answer.
    const proxy = await startProxy(sandbox.baseUrl, (path) =>
      path.endsWith('/WD-000011/adjust')
        ? {
            rewrite: (body) => {
              const answer = body as { stock_item: { levels: unknown[] } };
              answer.stock_item.levels.push(answer.stock_item.levels[0]);
              return answer;
            },
          }
        : {},
    );
    const viaProxy = testClient(proxy);
    const other = new Outbox({ cache, recorder: new CatalogRecorder(cache), events, api: () => viaProxy, online: () => true, account: () => 'proxied' });
    try {
      const odd = other.enqueue(adjust('WD-000011', 2));
      const next = other.enqueue(adjust('WD-000012', 1));
      await other.idle();
      const key = cache.outbox.get(odd.id)!.idempotencyKey;
      expect(appliedWith('WD-000011', key)).toBe(1);
      expect(cache.outbox.get(odd.id)!.entry).toMatchObject({ state: 'rejected', attempts: 1, lastError: { code: 'unexpected_response', status: 200, requestId: expect.stringMatching(/^req_/) } });
      expect(cache.outbox.get(next.id)!.entry.state, 'the entries after it are not held up').toBe('applied');
      // Retried by the worker: the same key, so the service replays its answer and applies nothing again.
      other.retry(odd.id);
      await other.idle();
      expect(cache.outbox.get(odd.id)!.idempotencyKey).toBe(key);
      expect(appliedWith('WD-000011', key)).toBe(1);
      expect(proxy.seen.filter((p) => p.endsWith('/WD-000011/adjust'))).toHaveLength(2);
    } finally {
      await other.idle();
      await proxy.close();
    }
  });

  it("never sends or shows one account's entries while another is signed in", async () => {
    online = false;
    const mine = outbox.enqueue(adjust('WD-000008', 1));
    account = 'someone-else';
    online = true;
    await outbox.kick();
    expect(cache.outbox.get(mine.id)!.entry.state).toBe('queued');
    expect(outbox.list().entries).toEqual([]);
    expect(() => outbox.retry(mine.id)).toThrow(expect.objectContaining({ error: expect.objectContaining({ code: 'outbox_entry_not_found' }) }));
    account = null;
    expect(() => outbox.enqueue(adjust('WD-000008', 1))).toThrow(expect.objectContaining({ error: expect.objectContaining({ code: 'not_signed_in' }) }));
    account = 'demo';
    await outbox.kick();
    expect(cache.outbox.get(mine.id)!.entry.state).toBe('applied');
  });
});
