// The outbox against the service's idempotency horizon (24 h, then a key is forgotten): an entry
// whose outcome is unknown and whose key may have expired is never resent with it. Each path by
// which an outcome becomes unknown (a timeout, a 5xx, a signed-out account; the crash mid-send is
// in outbox-crash.test.ts) is taken past the horizon on the sandbox's movable clock and the
// desk's, and the service's own record of applied adjustments shows nothing applied twice.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../../../src/main/kernel/api';
import { openCache, type Cache } from '../../../src/main/composition/open-cache';
import { EventHub } from '../../../src/main/kernel/ipc/event-hub';
import { Outbox, RESEND_LIMIT_MS } from '../../../src/main/outbox/outbox';
import { CatalogRecorder } from '../../../src/main/kernel/cache/catalog-recorder';
import { OutboxEntry, type AdjustInput } from '../../../src/shared/ipc/records';
import { IDEMPOTENCY_HORIZON_MS } from '../../../src/shared/api';
import { DEMO_OWNERS, type RunningSandbox } from '../../../src/sandbox';
import { UndoService } from '../../../src/main/undo';
import { startTestSandbox } from '../composition/support/sandbox';
import { tempDir } from '../composition/support/temp-dir';

const HOUR = 3600 * 1000;
const ADJUST = /\/logistics\/stock\/[^/]+\/adjust$/;

/** How the answer to an adjust request is lost, after the service has applied it. */
type Loss = 'none' | 'timeout' | 'bad-gateway';

describe('outbox past the idempotency horizon', () => {
  const dir = tempDir('desk-horizon-');
  let sandbox: RunningSandbox;
  let cache: Cache;
  let recorder: CatalogRecorder;
  let events: EventHub;
  let warehouseId: string;
  /** SKUs with a level in warehouseId, one per test. */
  let skus: string[];
  let loss: Loss = 'none';
  let offsetMs = 0;
  let account: string | null = 'demo';

  // The real client and transport; only the network under it loses answers, after the service
  // has seen the request: a timeout (the transport's own, its signal aborting) or a gateway's 502.
  const lossyFetch: typeof fetch = async (input, init) => {
    const answer = await fetch(input, init);
    if (!ADJUST.test(new URL(String(input)).pathname) || loss === 'none') return answer;
    await answer.arrayBuffer();
    if (loss === 'bad-gateway') return new Response('<html>502 Bad Gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } });
    const signal = init?.signal;
    return new Promise<Response>((_resolve, reject) => {
      if (signal?.aborted) reject(signal.reason as Error);
      signal?.addEventListener('abort', () => reject(signal.reason as Error));
    });
  };
  let api: ApiClient;

  /** One signed-in session's outbox on the shared cache file (a sign-in makes a new one). */
  const session = () =>
    new Outbox({ cache, recorder, events, api: () => api, online: () => true, account: () => account, now: () => new Date(Date.now() + offsetMs) });
  /** Moves both clocks: the desk's and the service's (which forgets keys older than 24 h). */
  const advance = (ms: number) => {
    offsetMs += ms;
    sandbox.advanceClock(ms);
  };
  const adjust = (sku: string, delta: number): AdjustInput => ({ sku, warehouseId, delta, reason: 'count_correction' });
  const applications = (sku: string) => sandbox.adjustmentsFor(sku).length;
  const onHand = async (sku: string) => (await api.readStock(sku)).body.levels.find((l) => l.warehouse_id === warehouseId)!.on_hand;
  const entryOf = (id: string) => cache.outbox.get(id)!.entry;

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    api = createApiClient({
      baseUrl: sandbox.baseUrl,
      credentials: async () => ({ ...DEMO_OWNERS.desk }),
      // A lost answer costs this once or twice; the other calls must fit in it on a loaded machine too.
      timeoutMs: 1_500,
      maxRetries: 1,
      backoff: { baseMs: 5, maxDelayMs: 20, maxRetryAfterMs: 50 },
      fetch: lossyFetch,
    });
    cache = openCache(dir.path);
    recorder = new CatalogRecorder(cache);
    events = new EventHub();
    const stock = await api.listStock({ limit: 20 });
    for (const s of stock.body.data) recorder.stock(s);
    warehouseId = stock.body.data[0]!.levels[0]!.warehouse_id;
    skus = stock.body.data.filter((s) => s.levels.some((l) => l.warehouse_id === warehouseId)).map((s) => s.sku);
  });
  afterAll(async () => {
    cache.close();
    await sandbox.close();
    dir.remove();
  });
  beforeEach(() => {
    loss = 'none';
    account = 'demo';
    sandbox.setFaults({ failureRate: 0, unreachable: false });
  });

  it('keeps the margin inside the contract horizon', () => {
    expect(RESEND_LIMIT_MS).toBeLessThan(IDEMPOTENCY_HORIZON_MS);
    expect(RESEND_LIMIT_MS).toBeGreaterThan(IDEMPOTENCY_HORIZON_MS / 2);
  });

  it('timeout: applied, answer lost; within the horizon resent with its key and replayed, never applied twice', async () => {
    const outbox = session();
    const sku = skus[0]!;
    const before = await onHand(sku);
    loss = 'timeout';
    const entry = outbox.enqueue(adjust(sku, 3));
    await outbox.idle();
    expect(entryOf(entry.id)).toMatchObject({ state: 'queued', lastError: { code: 'timeout' } });
    expect(entryOf(entry.id).firstSentAt).not.toBeNull();
    expect(applications(sku)).toBe(1);

    loss = 'none';
    advance(RESEND_LIMIT_MS - HOUR);
    await outbox.kick();
    expect(entryOf(entry.id)).toMatchObject({ state: 'applied', applied: { onHandAfter: before + 3 } });
    expect(applications(sku)).toBe(1);
  });

  it('timeout: applied, answer lost; past the horizon it is not resent but uncertain, with both values; dropping it changes nothing', async () => {
    const outbox = session();
    const sku = skus[1]!;
    const before = await onHand(sku);
    const cachedVersion = cache.reads.stockBySku(sku)!.version;
    loss = 'timeout';
    const entry = outbox.enqueue(adjust(sku, 5));
    await outbox.idle();
    expect(entryOf(entry.id).state).toBe('queued');
    expect(applications(sku)).toBe(1);

    loss = 'none';
    advance(IDEMPOTENCY_HORIZON_MS + HOUR);
    await outbox.kick();
    const uncertain = OutboxEntry.parse(entryOf(entry.id));
    expect(uncertain.state).toBe('uncertain');
    // What the desk held when it first sent it, and the service now: applied (on hand moved by +5, a newer version).
    expect(uncertain.uncertain).toMatchObject({ before: { onHand: before, version: cachedVersion }, now: { onHand: before + 5 } });
    expect(uncertain.uncertain!.now!.version).toBeGreaterThan(cachedVersion);
    expect(applications(sku)).toBe(1);
    expect(outbox.list({ states: ['uncertain'] }).counts.uncertain).toBeGreaterThanOrEqual(1);
    // Neither retried nor discarded by the old buttons: only the worker's decision moves it.
    expect(() => outbox.retry(entry.id)).toThrow(expect.objectContaining({ error: expect.objectContaining({ code: 'outbox_not_retryable' }) }));
    await outbox.kick();
    expect(entryOf(entry.id).state).toBe('uncertain');

    expect(outbox.resolve(entry.id, 'drop').state).toBe('discarded');
    await outbox.kick();
    expect(applications(sku)).toBe(1);
    expect(await onHand(sku)).toBe(before + 5);
    expect(() => outbox.resolve(entry.id, 'resend')).toThrow(expect.objectContaining({ error: expect.objectContaining({ code: 'outbox_not_uncertain' }) }));
  });

  it('5xx after applying: past the horizon uncertain, never resent with its key', async () => {
    const outbox = session();
    const sku = skus[2]!;
    const before = await onHand(sku);
    loss = 'bad-gateway';
    const entry = outbox.enqueue(adjust(sku, -2));
    await outbox.idle();
    expect(entryOf(entry.id)).toMatchObject({ state: 'queued', lastError: { status: 502 } });
    expect(applications(sku)).toBe(1);

    loss = 'none';
    advance(IDEMPOTENCY_HORIZON_MS + HOUR);
    await outbox.kick();
    expect(entryOf(entry.id)).toMatchObject({ state: 'uncertain', uncertain: { now: { onHand: before - 2 } } });
    expect(applications(sku)).toBe(1);
  });

  it('5xx before applying: past the horizon uncertain; the fresh read shows the version unchanged and a resend applies it once, under a new key', async () => {
    const outbox = session();
    const sku = skus[3]!;
    const before = await onHand(sku);
    sandbox.setFaults({ failureRate: 1 });
    const entry = outbox.enqueue(adjust(sku, 4));
    await outbox.idle();
    expect(entryOf(entry.id)).toMatchObject({ state: 'queued', lastError: { status: 503 } });
    const oldKey = cache.outbox.get(entry.id)!.idempotencyKey;
    expect(applications(sku)).toBe(0);

    sandbox.setFaults({ failureRate: 0 });
    advance(IDEMPOTENCY_HORIZON_MS + HOUR);
    await outbox.kick();
    const { uncertain } = entryOf(entry.id);
    expect(uncertain!.now).toMatchObject({ onHand: before, version: uncertain!.before!.version });

    expect(outbox.resolve(entry.id, 'resend')).toMatchObject({ state: 'queued', firstSentAt: null, uncertain: null });
    await outbox.idle();
    expect(entryOf(entry.id)).toMatchObject({ state: 'applied', applied: { onHandAfter: before + 4 } });
    expect(cache.outbox.get(entry.id)!.idempotencyKey).not.toBe(oldKey);
    expect(applications(sku)).toBe(1);
  });

  it('signed out with an unanswered adjustment, signed in again after the horizon: uncertain, not resent', async () => {
    const first = session();
    const sku = skus[4]!;
    const before = await onHand(sku);
    loss = 'timeout';
    const entry = first.enqueue(adjust(sku, 6));
    await first.idle();
    expect(applications(sku)).toBe(1);
    account = null; // signed out: the entry waits for this account's next sign-in
    loss = 'none';
    await first.kick();
    expect(entryOf(entry.id).state).toBe('queued');

    advance(IDEMPOTENCY_HORIZON_MS + 2 * HOUR);
    account = 'demo';
    const second = session();
    await second.kick();
    expect(entryOf(entry.id)).toMatchObject({ state: 'uncertain', uncertain: { now: { onHand: before + 6 } } });
    expect(applications(sku)).toBe(1);
  });

  it('offline at the moment it becomes uncertain: the fresh read comes with a later run', async () => {
    const outbox = session();
    const sku = skus[5]!;
    loss = 'timeout';
    const entry = outbox.enqueue(adjust(sku, 1));
    await outbox.idle();
    loss = 'none';
    advance(IDEMPOTENCY_HORIZON_MS + HOUR);
    // The adjust path answers, the stock read fails: the entry is uncertain before any read.
    sandbox.setFaults({ failureRate: 1 });
    await outbox.kick();
    expect(entryOf(entry.id)).toMatchObject({ state: 'uncertain', uncertain: { now: null } });
    sandbox.setFaults({ failureRate: 0 });
    await outbox.kick();
    expect(entryOf(entry.id).uncertain!.now).not.toBeNull();
    expect(applications(sku)).toBe(1);
  });
  // Issue 16: an entry that went out and got no answer may have been applied. Withdrawing it
  // ("never sent") would hide an adjustment the service made; only the service's answer to its
  // key, or the worker's decision on a fresh read, settles it.
  const refusedAs = (code: string) => expect.objectContaining({ error: expect.objectContaining({ code }) });

  it('sent, answer lost: neither discarded nor withdrawn by undo; resent with its key it is applied once, then undo reverses it once', async () => {
    const outbox = session();
    const undo = new UndoService({ cache, outbox: () => outbox, worker: () => null });
    const sku = skus[6]!;
    const before = await onHand(sku);
    loss = 'timeout';
    const entry = outbox.enqueue(adjust(sku, 7));
    await outbox.idle();
    expect(entryOf(entry.id)).toMatchObject({ state: 'queued', firstSentAt: expect.any(String) });
    expect(applications(sku)).toBe(1);

    expect(() => outbox.discard(entry.id)).toThrow(refusedAs('outcome_unknown'));
    expect(() => undo.undo(entry.id)).toThrow(refusedAs('outcome_unknown'));
    expect(entryOf(entry.id).state).toBe('queued');

    loss = 'none';
    await outbox.kick();
    expect(entryOf(entry.id)).toMatchObject({ state: 'applied', applied: { onHandAfter: before + 7 } });
    expect(applications(sku)).toBe(1);
    const undone = undo.undo(entry.id);
    expect(undone.action).toBe('reversed');
    await outbox.idle();
    expect(applications(sku)).toBe(2);
    expect(await onHand(sku)).toBe(before);
  });

  it('uncertain: undo refuses (the worker decides on the fresh read first) and queues no reversal', async () => {
    const outbox = session();
    const undo = new UndoService({ cache, outbox: () => outbox, worker: () => null });
    const sku = skus[7]!;
    loss = 'timeout';
    const entry = outbox.enqueue(adjust(sku, 2));
    await outbox.idle();
    loss = 'none';
    advance(IDEMPOTENCY_HORIZON_MS + HOUR);
    await outbox.kick();
    expect(entryOf(entry.id).state).toBe('uncertain');
    const rows = () => outbox.list({ sku }).entries.length;
    const before = rows();
    expect(() => undo.undo(entry.id)).toThrow(refusedAs('outcome_unknown'));
    expect(() => outbox.discard(entry.id)).toThrow(refusedAs('outcome_unknown'));
    await outbox.idle();
    expect(rows()).toBe(before);
    expect(applications(sku)).toBe(1);
  });
});
