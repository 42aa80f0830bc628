// The key's age on the service's clock: the service forgets an Idempotency-Key 24 h after it first
// saw it, by its own clock, whatever the desk's clock said meanwhile. The desk's clock is moved
// (ahead, back, put right) independently of the sandbox's, and the service's own record of
// applied adjustments shows nothing applied twice.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../../../src/main/kernel/api';
import { openCache, type Cache } from '../../../src/main/composition/open-cache';
import { EventHub } from '../../../src/main/kernel/ipc/event-hub';
import { Outbox } from '../../../src/main/outbox/outbox';
import { CatalogRecorder } from '../../../src/main/kernel/cache/catalog-recorder';
import type { AdjustInput } from '../../../src/shared/ipc/records';
import { DEMO_OWNERS, type RunningSandbox } from '../../../src/sandbox';
import { startTestSandbox } from '../composition/support/sandbox';
import { tempDir } from '../composition/support/temp-dir';

const HOUR = 3600 * 1000;
const ADJUST = /\/logistics\/stock\/[^/]+\/adjust$/;

describe("outbox: the key's age on the service's clock", () => {
  const dir = tempDir('desk-service-clock-');
  let sandbox: RunningSandbox;
  let cache: Cache;
  let recorder: CatalogRecorder;
  let events: EventHub;
  let warehouseId: string;
  let skus: string[];
  let loseAnswers = false;
  /** The desk's wall clock minus the real one: set freely, as a worker or a dead battery would. */
  let deskOffsetMs = 0;

  // The adjust request reaches the service and is applied; its answer is lost on the way back
  // (the connection breaks), which is all the desk can tell.
  const lossyFetch: typeof fetch = async (input, init) => {
    const answer = await fetch(input, init);
    if (!ADJUST.test(new URL(String(input)).pathname) || !loseAnswers) return answer;
    await answer.arrayBuffer();
    throw new TypeError('fetch failed', { cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }) });
  };
  let api: ApiClient;
  const session = () =>
    new Outbox({ cache, recorder, events, api: () => api, online: () => true, account: () => 'demo', now: () => new Date(Date.now() + deskOffsetMs) });
  /** Real time passes: the service's clock and the desk's both move on. */
  const elapse = (ms: number) => {
    deskOffsetMs += ms;
    sandbox.advanceClock(ms);
  };
  const adjust = (sku: string, delta: number): AdjustInput => ({ sku, warehouseId, delta, reason: 'found' });
  const applications = (sku: string) => sandbox.adjustmentsFor(sku).length;
  const entryOf = (id: string) => cache.outbox.get(id)!.entry;

  /** Sends an adjustment whose answer is lost: applied once at the service, queued at the desk. */
  async function sentAnswerLost(outbox: Outbox, sku: string, delta: number) {
    loseAnswers = true;
    const entry = outbox.enqueue(adjust(sku, delta));
    await outbox.idle();
    loseAnswers = false;
    expect(entryOf(entry.id)).toMatchObject({ state: 'queued', firstSentAt: expect.any(String), lastError: { code: 'network_error' } });
    expect(applications(sku)).toBe(1);
    return entry;
  }

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    api = createApiClient({
      baseUrl: sandbox.baseUrl,
      credentials: async () => ({ ...DEMO_OWNERS.desk }),
      maxRetries: 0,
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
    deskOffsetMs = 0;
    loseAnswers = false;
  });

  it('first sent with the desk 48 h ahead, clock put right, 25 h later: uncertain, never resent with the key the service forgot', async () => {
    const outbox = session();
    const sku = skus[0]!;
    deskOffsetMs = 48 * HOUR;
    const entry = await sentAnswerLost(outbox, sku, 3);

    deskOffsetMs = 0; // the clock is put right
    elapse(25 * HOUR);
    await outbox.kick();
    expect(entryOf(entry.id).state).toBe('uncertain');
    expect(applications(sku)).toBe(1);
  });

  it('desk clock set back 3 h after the first send, 25 h later: uncertain, not applied twice', async () => {
    const outbox = session();
    const sku = skus[1]!;
    const entry = await sentAnswerLost(outbox, sku, 2);

    deskOffsetMs -= 3 * HOUR;
    elapse(25 * HOUR);
    await outbox.kick();
    expect(entryOf(entry.id).state).toBe('uncertain');
    expect(applications(sku)).toBe(1);
  });

  it('first sent with the desk 48 h ahead, clock put right, 2 h later: resent with its key and replayed, applied once', async () => {
    const outbox = session();
    const sku = skus[2]!;
    deskOffsetMs = 48 * HOUR;
    const entry = await sentAnswerLost(outbox, sku, 4);

    deskOffsetMs = 0;
    elapse(2 * HOUR);
    await outbox.kick();
    expect(entryOf(entry.id).state).toBe('applied');
    expect(applications(sku)).toBe(1);
  });

  it('desk clock jumps 30 h ahead within the horizon: the service says 1 h passed, so it is resent with its key, applied once', async () => {
    const outbox = session();
    const sku = skus[3]!;
    const entry = await sentAnswerLost(outbox, sku, 5);

    deskOffsetMs += 30 * HOUR;
    elapse(HOUR);
    await outbox.kick();
    expect(entryOf(entry.id).state).toBe('applied');
    expect(applications(sku)).toBe(1);
  });

  it('a key whose first send has no time on the service clock (sent before the desk learned it): uncertain, the desk cannot vouch for its age', async () => {
    const outbox = session();
    const sku = skus[4]!;
    const entry = await sentAnswerLost(outbox, sku, 1);
    cache.db.prepare('UPDATE outbox SET key_sent_service_at = NULL WHERE id = ?').run(entry.id);

    elapse(HOUR);
    await outbox.kick();
    expect(entryOf(entry.id).state).toBe('uncertain');
    expect(applications(sku)).toBe(1);
  });
});
