import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDeskCore, type DeskCore } from '../../../src/main/composition/desk-core';
import { createKeytarStore } from '../../../src/main/kernel/secrets';
import { CHANNEL_NAMES } from '../../../src/shared/ipc/contract';
import type { OutboxEntry, Shipment, ShipmentDraft } from '../../../src/shared/ipc/records';
import { DEMO_OWNERS, type RunningSandbox } from '../../../src/sandbox';
import { recordEvents } from './support/events';
import { tokenSpyingFetch } from './support/fetch-spy';
import { ipcClient } from './support/ipc';
import { filesContaining } from './support/scan-files';
import { tempDir } from './support/temp-dir';

/**
 * The whole core in demo mode, driven through the real IPC router, every answer checked against the
 * contract. `stock.adjust` waits a bounded time (2.5 s) for the service's verdict: which of the two
 * comes first is decided here on a fake clock (setTimeout), never by how fast the machine is.
 */
describe('desk core in demo mode, through the IPC router', () => {
  const dir = tempDir('desk-core-demo-');
  const spy = tokenSpyingFetch();
  let core: DeskCore;
  let sandbox: RunningSandbox;
  let ipc: ReturnType<typeof ipcClient>;
  let events: ReturnType<typeof recordEvents>;
  let warehouseId: string;

  beforeAll(async () => {
    core = await createDeskCore({
      dataDir: dir.path,
      secrets: createKeytarStore(),
      demoSandbox: { demo: { skus: 80, shipments: 15 }, rateLimit: false },
      syncIntervalMs: 600_000,
      fetch: spy.fetch,
    });
    events = recordEvents(core.events);
    ipc = ipcClient(core);
    sandbox = core.sandbox()!;
  });
  afterAll(async () => {
    await core?.close();
    dir.remove();
  });

  it('has a handler for every channel of the contract', () => {
    expect(Object.keys(core.handlers).sort()).toEqual([...CHANNEL_NAMES].sort());
  });

  it('starts in demo mode with no account, the sandbox on the loopback', async () => {
    expect(sandbox.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await ipc.call('account.status')).toEqual({ mode: 'demo', baseUrl: sandbox.baseUrl, clientId: DEMO_OWNERS.desk.clientId, keychain: 'available' });
    expect(await ipc.call('app.info')).toMatchObject({ demo: true, notices: [] });
    expect(sandbox.dbPath).toBe(join(dir.path, 'demo-sandbox.sqlite'));
  });

  it('syncs the demo data into the cache', async () => {
    const status = await ipc.call('sync.now');
    expect(status).toMatchObject({ state: 'idle', lastError: null });
    expect(status.lastSyncedAt).not.toBeNull();
    const warehouses = await ipc.call('warehouses.list');
    expect(warehouses.map((w) => w.code)).toEqual(['AMS1', 'DUI1', 'LYS1']);
    warehouseId = warehouses[0]!.id;
    expect((await ipc.call('stock.search', { query: 'wd-00001' })).total).toBe(10);
    expect((await ipc.call('sync.status')).state).toBe('idle');
    expect((await ipc.call('account.connectivity')).online).toBe(true);
  });

  it('looks up a demo SKU and its barcode from the cache, then pushes the fresh record', async () => {
    const found = await ipc.call('stock.lookup', { code: 'WD-000005' });
    expect(found).toMatchObject({ kind: 'stock', matchedBy: 'sku', refreshing: true, stock: { sku: 'WD-000005', source: 'cache' } });
    await events.waitFor('stock.updated', (s) => s.sku === 'WD-000005' && s.source === 'service');
    const barcode = found.kind === 'stock' ? found.stock.barcodes[0]! : '';
    expect(await ipc.call('stock.lookup', { code: `(01)${barcode.padStart(14, '0')}` })).toMatchObject({ kind: 'stock', matchedBy: 'gtin', stock: { sku: 'WD-000005' } });
    expect(await ipc.call('stock.lookup', { code: 'WD-999999' })).toEqual({ kind: 'not_found', code: 'WD-999999', searched: 'service' });
  });

  it('adjusts stock: applied once, the cache and the events follow; a refusal is kept', async () => {
    const before = (await ipc.call('stock.lookup', { code: 'WD-000006' })) as { kind: 'stock'; stock: { levels: Array<{ warehouseId: string; onHand: number }> } };
    const level = before.stock.levels[0]!;
    // On a fake clock the answer's 2.5 s bound never runs out: the verdict always comes first, as
    // it does on any machine that answers in time (the bound itself is the next test's subject).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let entry: OutboxEntry;
    let refused: OutboxEntry;
    try {
      entry = await ipc.call('stock.adjust', { sku: 'WD-000006', warehouseId: level.warehouseId, delta: 3, reason: 'received', note: 'pallet 7' });
      refused = await ipc.call('stock.adjust', { sku: 'WD-000006', warehouseId: level.warehouseId, delta: -1_000_000, reason: 'lost' });
    } finally {
      vi.useRealTimers();
    }
    expect(entry).toMatchObject({ state: 'applied', applied: { onHandAfter: level.onHand + 3 } });
    await events.waitFor('stock.updated', (s) => s.sku === 'WD-000006' && s.levels.some((l) => l.warehouseId === level.warehouseId && l.onHand === level.onHand + 3));
    const rows = await ipc.call('stock.search', { query: 'WD-000006', warehouseId: level.warehouseId });
    expect(rows.rows[0]!.onHand).toBe(level.onHand + 3);

    expect(refused).toMatchObject({ state: 'rejected', lastError: { code: 'insufficient_stock' } });
    const listed = await ipc.call('outbox.list', { states: ['rejected'] });
    expect(listed.entries.map((e) => e.id)).toContain(refused.id);
    expect(await ipc.call('outbox.discard', { id: refused.id })).toMatchObject({ state: 'discarded' });
    expect((await ipc.fail('outbox.retry', { id: entry.id })).code).toBe('outbox_not_retryable');
    expect((await ipc.fail('stock.adjust', { sku: 'WD-000006', warehouseId: 'wh_nowhere', delta: 1, reason: 'found' })).code).toBe('invalid_argument');
  });

  it('answers an adjustment as sending when no verdict came by the 2.5 s bound; the verdict follows as an event', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const release = spy.hold(); // the service's answers wait: no verdict can arrive
    try {
      let answered = false;
      const answering = ipc.call('stock.adjust', { sku: 'WD-000007', warehouseId, delta: 1, reason: 'found', note: 'bound' }).finally(() => (answered = true));
      await new Promise((resolve) => setImmediate(resolve));
      await vi.advanceTimersByTimeAsync(2_499);
      expect(answered, 'answered before the bound with no verdict').toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      const answer = await answering;
      expect(answer.state).toBe('sending');
      release();
      await events.waitFor('outbox.changed', (e) => e.id === answer.id && e.state === 'applied');
      expect(sandbox.adjustmentsFor('WD-000007').filter((a) => a.note === 'bound')).toHaveLength(1);
    } finally {
      release();
      vi.useRealTimers();
    }
  });

  it('reads, lists, cancels and deletes shipments, and creates one exactly once', async () => {
    const list = await ipc.call('shipments.list', { limit: 50 });
    expect(list.source).toBe('service');
    const byStatus = (status: string, scope: number) => list.shipments.find((s) => s.status === status && s.scope === scope)!;
    const scope2 = byStatus('created', 2);
    const scope1 = list.shipments.find((s) => s.scope === 1 && (s.status === 'created' || s.status === 'label_ready'))!;

    const read = await ipc.call('shipments.read', { token: scope1.token });
    expect(read).toMatchObject({ token: scope1.token, source: 'service' });
    expect(await ipc.call('stock.lookup', { code: scope1.token })).toEqual({ kind: 'shipment', code: scope1.token, token: scope1.token });

    expect(await ipc.call('shipments.cancel', { token: scope1.token })).toMatchObject({ status: 'cancelled', cancelledAt: expect.any(String) });
    expect((await ipc.fail('shipments.delete', { token: scope1.token })).code).toBe('shipment_not_deletable');
    expect(await ipc.call('shipments.delete', { token: scope2.token })).toEqual({ token: scope2.token, deleted: true });
    expect((await ipc.fail('shipments.read', { token: scope2.token })).code).toBe('shipment_not_found');

    const draft: ShipmentDraft = {
      clientRequestId: randomUUID(),
      reference: 'ORD-TEST-1',
      scope: 1,
      carrier: 'dhl',
      service: 'standard',
      sender: { name: 'Warehouse Desk Demo', address: { line1: 'Moezelhavenweg 9', city: 'Amsterdam', postalCode: '1043 AM', country: 'NL' } },
      recipient: { name: 'Jonas Müller', address: { line1: 'Torstraße 1', city: 'Berlin', postalCode: '10119', country: 'DE' } },
      parcels: [{ weightGrams: 1200, dimensionsMm: { length: 300, width: 200, height: 100 } }],
    };
    const created = await ipc.call('shipments.create', draft);
    expect(created).toMatchObject({ reference: 'ORD-TEST-1', status: 'created', scope: 1, source: 'service' });
    const again: Shipment = await ipc.call('shipments.create', draft);
    expect(again.token).toBe(created.token);
    expect((await ipc.call('shipments.list', { reference: 'ORD-TEST-1' })).shipments).toHaveLength(1);

    // Newest first, and a reference found by any part of it in any case: the service does
    // neither, so its whole list is read into the cache and paged from there.
    const newest = await ipc.call('shipments.list', { order: 'newest', limit: 5 });
    expect(newest.source).toBe('service');
    expect(newest.shipments[0]!.token).toBe(created.token);
    const times = newest.shipments.map((s) => s.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    const next = await ipc.call('shipments.list', { order: 'newest', limit: 5, cursor: newest.nextCursor! });
    expect(next.shipments[0]!.createdAt <= times[4]!).toBe(true);
    expect(next.shipments.some((s) => newest.shipments.some((n) => n.token === s.token))).toBe(false);
    expect((await ipc.call('shipments.list', { search: 'rd-test-', order: 'newest' })).shipments.map((s) => s.token)).toEqual([created.token]);
    const partial = await ipc.call('shipments.list', { search: 'ord-10001', order: 'oldest', limit: 50 });
    expect(partial.shipments.length).toBeGreaterThan(1);
    for (const s of partial.shipments) expect(s.reference).toMatch(/^ORD-10001\d$/);

    const green = await ipc.call('shipments.greenIndex', { shipmentToken: created.token });
    expect(green.co2eGrams).toBeGreaterThan(0);
    const transit = await ipc.call('shipments.transitTime', { origin: { country: 'NL', postalCode: '1043 AM' }, destination: { country: 'DE', postalCode: '10119' }, shipDate: '2026-03-02' });
    expect(transit.businessDaysMin).toBeLessThanOrEqual(transit.businessDaysMax);
  });

  it('lists products from the service, reads and changes settings', async () => {
    const products = await ipc.call('products.list', { skuPrefix: 'WD-00002', limit: 5 });
    expect(products).toMatchObject({ source: 'service', nextCursor: expect.any(String) });
    expect(products.products).toHaveLength(5);
    expect((await ipc.fail('products.list', { barcode: '4012345678902' })).code).toBe('invalid_argument');
    const settings = await ipc.call('settings.get');
    const updated = await ipc.call('settings.update', { scanner: { maxInterKeyMs: 35 }, soundsMuted: true });
    expect(updated).toEqual({ ...settings, scanner: { ...settings.scanner, maxInterKeyMs: 35 }, soundsMuted: true });
    expect(JSON.parse(readFileSync(join(dir.path, 'settings.json'), 'utf8')).preferences.scanner.maxInterKeyMs).toBe(35);
    expect((await ipc.fail('settings.update', { confirmAdjustmentsFrom: 0 })).code).toBe('invalid_argument');
  });

  it('offline: answers from the cache, queues adjustments, refuses what needs the service; back online it replays', async () => {
    const shipment = (await ipc.call('shipments.list', { limit: 5 })).shipments[0]!;
    sandbox.setFaults({ unreachable: true });
    // The first failed request tells the core it is offline.
    expect(await ipc.call('stock.lookup', { code: 'WD-000070' })).toMatchObject({ kind: 'stock' });
    await events.waitFor('connectivity.changed', (c) => !c.online);
    expect((await ipc.call('account.connectivity')).online).toBe(false);

    expect(await ipc.call('stock.lookup', { code: 'WD-000071' })).toMatchObject({ kind: 'stock', refreshing: false, stock: { source: 'cache' } });
    expect(await ipc.call('stock.lookup', { code: 'NOT-CACHED' })).toEqual({ kind: 'not_found', code: 'NOT-CACHED', searched: 'cache' });
    expect(await ipc.call('shipments.read', { token: shipment.token })).toMatchObject({ token: shipment.token, source: 'cache' });
    expect((await ipc.call('shipments.list', {})).source).toBe('cache');
    expect((await ipc.call('products.list', { skuPrefix: 'WD-00003' })).source).toBe('cache');
    expect((await ipc.fail('shipments.cancel', { token: shipment.token })).code).toBe('offline');
    expect((await ipc.fail('shipments.greenIndex', { shipmentToken: shipment.token })).code).toBe('offline');

    const queued = await ipc.call('stock.adjust', { sku: 'WD-000072', warehouseId, delta: 2, reason: 'found' });
    expect(queued.state).toBe('queued');
    expect((await ipc.call('outbox.list')).counts.queued).toBe(1);

    sandbox.setFaults({ unreachable: false });
    // Any answer from the service brings the core back online: then the outbox goes first.
    await ipc.call('sync.now');
    await events.waitFor('connectivity.changed', (c) => c.online);
    await events.waitFor('outbox.changed', (e) => e.id === queued.id && e.state === 'applied');
    expect(sandbox.adjustmentsFor('WD-000072').filter((a) => a.delta === 2)).toHaveLength(1);
  });

  it('emitted only events that fit the contract', () => {
    expect(ipc.eventProblems).toEqual([]);
    expect(events.of('sync.progress').length).toBeGreaterThan(0);
  });

  it('left no secret and no token in the data folder', async () => {
    await core.close();
    expect(spy.tokens.size).toBeGreaterThan(0);
    expect(filesContaining(dir.path, [DEMO_OWNERS.desk.clientSecret, ...spy.tokens])).toEqual([]);
  });
});
