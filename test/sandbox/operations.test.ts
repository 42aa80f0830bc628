// Every operation's success path and every error code it can give, each answer checked against
// the OpenAPI document by ApiClient.call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allOperations, operationPath } from '../../src/shared/api/operations';
import { expectError, findShipment, startTestSandbox, validShipment, type Loose, type Reply, type TestSandbox } from './helpers';

let t: TestSandbox;
let warehouses: Loose[];

beforeAll(async () => {
  t = await startTestSandbox();
  warehouses = (await t.api.call('listWarehouses', { token: t.desk })).body.data;
});
afterAll(() => t.stop());

const ams = (): string => warehouses[0].id;

describe('getToken', () => {
  it('issues a bearer token for the demo credentials', async () => {
    const reply = await t.api.call('getToken', { body: { client_id: 'desk-demo', client_secret: 'desk-demo-secret' } });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    expect(reply.body.access_token).not.toBe(t.desk);
  });

  it('answers 401 invalid_credentials for a wrong secret and an unknown client alike', async () => {
    const wrong = await t.api.call('getToken', { body: { client_id: 'desk-demo', client_secret: 'nope' } });
    const unknown = await t.api.call('getToken', { body: { client_id: 'nobody', client_secret: 'desk-demo-secret' } });
    expectError(wrong, 401, 'invalid_credentials');
    expectError(unknown, 401, 'invalid_credentials');
    expect(unknown.body.error.message).toBe(wrong.body.error.message);
  });

  it('answers 400 for bad JSON and wrong types, 422 for missing and unknown fields', async () => {
    expectError(await t.api.call('getToken', { raw: '{"client_id":' }), 400, 'invalid_request');
    expectError(await t.api.call('getToken', { body: { client_id: 1, client_secret: 'x' } }), 400, 'invalid_request');
    const missing = await t.api.call('getToken', { body: { client_id: 'desk-demo' } });
    expectError(missing, 422, 'validation_failed');
    expect(missing.body.error.details).toEqual([{ field: 'client_secret', problem: 'is required' }]);
    const unknown = await t.api.call('getToken', { body: { client_id: 'a', client_secret: 'b', scope: 'all' } });
    expectError(unknown, 422, 'validation_failed');
    expect(unknown.body.error.details).toEqual([{ field: 'scope', problem: 'is not allowed' }]);
  });
});

describe('authentication of protected operations', () => {
  it('answers 401 unauthorized without a token or with an unknown one, on every protected operation', async () => {
    for (const info of allOperations().values()) {
      if (!info.requiresAuth) continue;
      const params = Object.fromEntries(info.pathParams.map((p) => [p, p === 'sku' ? 'WD-000001' : 'shp_aaaaaaaaaaaaaaaaaaaa']));
      const none = await t.api.call(info.operationId, { params: params as never, token: null });
      expectError(none, 401, 'unauthorized');
      const bad = await t.api.call(info.operationId, { params: params as never, token: 'wdt_not-a-real-token' });
      expectError(bad, 401, 'unauthorized');
    }
  });

  it('answers 401 token_expired after expiry, and a new token works', async () => {
    const token = await t.api.token('desk');
    t.sandbox.expireTokens();
    expectError(await t.api.call('listWarehouses', { token }), 401, 'token_expired');
    const fresh = await t.api.token('desk');
    expect((await t.api.call('listWarehouses', { token: fresh })).status).toBe(200);
    // The shared tokens of this file expired too: take new ones.
    t.desk = fresh;
    t.other = await t.api.token('other');
  });
});

describe('listWarehouses', () => {
  it('lists the 3 demo warehouses with addresses', async () => {
    const reply = await t.api.call('listWarehouses', { token: t.desk });
    expect(reply.body.data.map((w: Loose) => w.code)).toEqual(['AMS1', 'DUI1', 'LYS1']);
    expect(reply.body.next_cursor).toBeNull();
    for (const w of reply.body.data) expect(w.id).toMatch(/^wh_[A-Za-z0-9]+$/);
  });

  it('pages with limit and cursor', async () => {
    const first = await t.api.call('listWarehouses', { token: t.desk, body: { limit: 2 } });
    expect(first.body.data).toHaveLength(2);
    const second = await t.api.call('listWarehouses', { token: t.desk, body: { limit: 2, cursor: first.body.next_cursor } });
    expect(second.body.data.map((w: Loose) => w.code)).toEqual(['LYS1']);
    expect(second.body.next_cursor).toBeNull();
  });

  it('refuses limits out of 1..500 (422), a non-integer limit (400) and foreign cursors (422)', async () => {
    for (const limit of [0, 501, -1]) expectError(await t.api.call('listWarehouses', { token: t.desk, body: { limit } }), 422, 'validation_failed');
    expectError(await t.api.call('listWarehouses', { token: t.desk, body: { limit: '10' } }), 400, 'invalid_request');
    expectError(await t.api.call('listWarehouses', { token: t.desk, body: { limit: 2.5 } }), 400, 'invalid_request');
    const bogus = await t.api.call('listWarehouses', { token: t.desk, body: { cursor: 'eyJ2IjoxfQ.abc' } });
    expectError(bogus, 422, 'validation_failed');
    expect(bogus.body.error.details[0].field).toBe('cursor');
    const stockCursor = (await t.api.call('listStock', { token: t.desk, body: { limit: 1 } })).body.next_cursor;
    expectError(await t.api.call('listWarehouses', { token: t.desk, body: { cursor: stockCursor } }), 422, 'validation_failed');
  });
});

describe('listProducts', () => {
  it('lists products with a valid EAN-13 each, 50 by default', async () => {
    const reply = await t.api.call('listProducts', { token: t.desk });
    expect(reply.body.data).toHaveLength(50);
    expect(reply.body.data[0].sku).toBe('WD-000001');
    for (const p of reply.body.data) expect(p.barcodes.some((b: string) => b.length === 13)).toBe(true);
  });

  it('filters by sku_prefix, by barcode in any GTIN length, and by updated_since', async () => {
    const prefix = await t.api.call('listProducts', { token: t.desk, body: { sku_prefix: 'WD-00001' } });
    expect(prefix.body.data.map((p: Loose) => p.sku)).toEqual(['WD-000010', 'WD-000011', 'WD-000012', 'WD-000013', 'WD-000014', 'WD-000015', 'WD-000016', 'WD-000017', 'WD-000018', 'WD-000019']);
    const wd13 = prefix.body.data.find((p: Loose) => p.sku === 'WD-000013');
    const ean = wd13.barcodes[0] as string;
    expect(ean.startsWith('0')).toBe(true);
    for (const barcode of [ean, ean.slice(1), `0${ean}`]) {
      const found = await t.api.call('listProducts', { token: t.desk, body: { barcode } });
      expect(found.body.data.map((p: Loose) => p.sku)).toEqual(['WD-000013']);
    }
    const wd14 = prefix.body.data.find((p: Loose) => p.sku === 'WD-000014');
    expect(wd14.barcodes).toHaveLength(2);
    const byCase = await t.api.call('listProducts', { token: t.desk, body: { barcode: wd14.barcodes[1] } });
    expect(byCase.body.data.map((p: Loose) => p.sku)).toEqual(['WD-000014']);
    const none = await t.api.call('listProducts', { token: t.desk, body: { updated_since: '2100-01-01T00:00:00Z' } });
    expect(none.body.data).toEqual([]);
  });

  it('refuses a barcode with a wrong check digit or length, and a bad sku_prefix (422)', async () => {
    const wrongDigit = await t.api.call('listProducts', { token: t.desk, body: { barcode: '8712345678901' } });
    expectError(wrongDigit, 422, 'validation_failed');
    expect(wrongDigit.body.error.details).toEqual([{ field: 'barcode', problem: 'has a wrong check digit' }]);
    expectError(await t.api.call('listProducts', { token: t.desk, body: { barcode: '12345' } }), 422, 'validation_failed');
    expectError(await t.api.call('listProducts', { token: t.desk, body: { sku_prefix: 'WD*' } }), 422, 'validation_failed');
    expectError(await t.api.call('listProducts', { token: t.desk, body: { updated_since: 'yesterday' } }), 422, 'validation_failed');
  });
});

describe('listStock and readStock', () => {
  it('lists stock items with levels, version and updated_at', async () => {
    const reply = await t.api.call('listStock', { token: t.desk, body: { limit: 10 } });
    expect(reply.body.data).toHaveLength(10);
    for (const item of reply.body.data) {
      expect(item.version).toBeGreaterThanOrEqual(1);
      for (const level of item.levels) expect(level.available).toBe(Math.max(0, level.on_hand - level.reserved));
    }
  });

  it('filters by warehouse (only that level) and refuses an unknown warehouse (422)', async () => {
    const reply = await t.api.call('listStock', { token: t.desk, body: { warehouse_id: ams(), limit: 500 } });
    expect(reply.body.data.length).toBeGreaterThan(0);
    for (const item of reply.body.data) expect(item.levels.map((l: Loose) => l.warehouse_id)).toEqual([ams()]);
    const unknown = await t.api.call('listStock', { token: t.desk, body: { warehouse_id: 'wh_doesnotexist' } });
    expectError(unknown, 422, 'validation_failed');
    expect(unknown.body.error.details).toEqual([{ field: 'warehouse_id', problem: 'is not one of your warehouses' }]);
  });

  it('reads one stock item; 404 stock_item_not_found for a missing or malformed SKU', async () => {
    const item = await t.api.call('readStock', { token: t.desk, params: { sku: 'WD-000002' } });
    expect(item.body.sku).toBe('WD-000002');
    expectError(await t.api.call('readStock', { token: t.desk, params: { sku: 'WD-999999' } }), 404, 'stock_item_not_found');
    expectError(await t.api.call('readStock', { token: t.desk, params: { sku: 'not a sku' } }), 404, 'stock_item_not_found');
    expectError(await t.api.call('readStock', { token: t.desk, params: { sku: 'WD-000002' }, body: { extra: 1 } }), 422, 'validation_failed');
  });
});

describe('adjustStock', () => {
  const adjust = (sku: string, body: Record<string, unknown>, key?: string) =>
    t.api.call('adjustStock', { token: t.desk, params: { sku }, body, idempotencyKey: key ?? crypto.randomUUID() });

  it('adds delta, grows version by one, moves updated_at, returns the adjustment', async () => {
    const before = (await t.api.call('readStock', { token: t.desk, params: { sku: 'WD-000003' } })).body;
    const levelBefore = before.levels.find((l: Loose) => l.warehouse_id === ams())?.on_hand ?? 0;
    const reply = await adjust('WD-000003', { warehouse_id: ams(), delta: 7, reason: 'received', note: 'Pallet 4\nchecked' });
    expect(reply.status).toBe(200);
    const after = reply.body.stock_item;
    expect(after.version).toBe(before.version + 1);
    expect(Date.parse(after.updated_at)).toBeGreaterThan(Date.parse(before.updated_at));
    expect(after.levels.find((l: Loose) => l.warehouse_id === ams()).on_hand).toBe(levelBefore + 7);
    expect(reply.body.adjustment).toMatchObject({ sku: 'WD-000003', warehouse_id: ams(), delta: 7, reason: 'received', note: 'Pallet 4\nchecked' });
    expect(reply.body.adjustment.id).toMatch(/^adj_/);
    const read = await t.api.call('readStock', { token: t.desk, params: { sku: 'WD-000003' } });
    expect(read.body).toEqual(after);
  });

  it('creates the level in a warehouse that had none', async () => {
    let sku = '';
    let warehouse = '';
    for (let i = 1; i <= 300 && !sku; i++) {
      const candidate = `WD-${String(i).padStart(6, '0')}`;
      const item = (await t.api.call('readStock', { token: t.desk, params: { sku: candidate } })).body;
      const missing = warehouses.find((w) => !item.levels.some((l: Loose) => l.warehouse_id === w.id));
      if (missing) [sku, warehouse] = [candidate, missing.id];
    }
    expect(sku).not.toBe('');
    const reply = await adjust(sku, { warehouse_id: warehouse, delta: 3, reason: 'found' });
    expect(reply.body.stock_item.levels.find((l: Loose) => l.warehouse_id === warehouse)).toEqual({ warehouse_id: warehouse, on_hand: 3, reserved: 0, available: 3 });
  });

  it('never takes on_hand below zero: 409 insufficient_stock, nothing changed', async () => {
    const before = (await t.api.call('readStock', { token: t.desk, params: { sku: 'WD-000004' } })).body;
    const onHand = before.levels.find((l: Loose) => l.warehouse_id === ams())?.on_hand ?? 0;
    const refused = await adjust('WD-000004', { warehouse_id: ams(), delta: -(onHand + 1), reason: 'lost' });
    expectError(refused, 409, 'insufficient_stock');
    expect(refused.body.error.details[0].field).toBe('delta');
    expect((await t.api.call('readStock', { token: t.desk, params: { sku: 'WD-000004' } })).body).toEqual(before);
    if (onHand > 0) {
      const toZero = await adjust('WD-000004', { warehouse_id: ams(), delta: -onHand, reason: 'count_correction' });
      expect(toZero.body.stock_item.levels.find((l: Loose) => l.warehouse_id === ams()).on_hand).toBe(0);
    }
  });

  it('requires a valid Idempotency-Key header (400)', async () => {
    const missing = await t.api.call('adjustStock', { token: t.desk, params: { sku: 'WD-000005' }, body: { warehouse_id: ams(), delta: 1, reason: 'found' } });
    expectError(missing, 400, 'invalid_request');
    expect(missing.body.error.details).toEqual([{ field: 'header:Idempotency-Key', problem: 'is required' }]);
    expectError(await adjust('WD-000005', { warehouse_id: ams(), delta: 1, reason: 'found' }, 'has space'), 400, 'invalid_request');
    expectError(await adjust('WD-000005', { warehouse_id: ams(), delta: 1, reason: 'found' }, 'x'.repeat(256)), 400, 'invalid_request');
  });

  it('answers 400 for wrong types and 422 with field details for broken rules', async () => {
    expectError(await adjust('WD-000005', { warehouse_id: ams(), delta: '1', reason: 'found' }), 400, 'invalid_request');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ warehouse_id: ams(), delta: 0, reason: 'found' }, 'delta', 'must not be 0'],
      [{ warehouse_id: ams(), delta: 1_000_001, reason: 'found' }, 'delta', 'must be at most 1000000'],
      [{ warehouse_id: ams(), delta: -1_000_001, reason: 'lost' }, 'delta', 'must be at least -1000000'],
      [{ warehouse_id: ams(), delta: 1, reason: 'stolen' }, 'reason', 'must be one of: received, damaged, lost, found, count_correction, returned, other'],
      [{ warehouse_id: ams(), delta: 1 }, 'reason', 'is required'],
      [{ warehouse_id: ams(), delta: 1, reason: 'found', note: 'x'.repeat(501) }, 'note', 'must be at most 500 characters'],
      [{ warehouse_id: ams(), delta: 1, reason: 'found', note: 'bell\u0007' }, 'note', 'must not contain control characters other than line breaks and tabs'],
      [{ warehouse_id: 'wh_unknown1', delta: 1, reason: 'found' }, 'warehouse_id', 'is not one of your warehouses'],
      [{ warehouse_id: ams(), delta: 1, reason: 'found', sku: 'WD-000001' }, 'sku', 'is not allowed'],
    ];
    for (const [body, field, problem] of cases) {
      const reply = await adjust('WD-000005', body);
      expectError(reply, 422, 'validation_failed');
      expect(reply.body.error.details, JSON.stringify(body).slice(0, 100)).toContainEqual({ field, problem });
    }
  });

  it('answers 404 stock_item_not_found for an unknown SKU', async () => {
    expectError(await adjust('WD-999999', { warehouse_id: ams(), delta: 1, reason: 'found' }), 404, 'stock_item_not_found');
  });

  it('replays the same key and body without applying again; another body is 409 idempotency_key_reused', async () => {
    const key = crypto.randomUUID();
    const body = { warehouse_id: ams(), delta: 2, reason: 'returned' };
    const first = await adjust('WD-000006', body, key);
    const again = await adjust('WD-000006', { reason: 'returned', delta: 2, warehouse_id: ams() }, key);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.text).toBe(first.text);
    expect(t.sandbox.adjustmentsFor('WD-000006').filter((a) => a.idempotencyKey === key)).toHaveLength(1);
    expectError(await adjust('WD-000006', { ...body, delta: 3 }, key), 409, 'idempotency_key_reused');
    expectError(await adjust('WD-000007', body, key), 409, 'idempotency_key_reused');
    expect((await t.api.call('readStock', { token: t.desk, params: { sku: 'WD-000006' } })).body).toEqual(first.body.stock_item);
  });

  it('stores a refusal as the final result of its key', async () => {
    const key = crypto.randomUUID();
    const body = { warehouse_id: ams(), delta: -1_000_000, reason: 'lost' };
    const first = await adjust('WD-000008', body, key);
    expectError(first, 409, 'insufficient_stock');
    await adjust('WD-000008', { warehouse_id: ams(), delta: 1_000_000, reason: 'received' });
    const replay = await adjust('WD-000008', body, key);
    expectError(replay, 409, 'insufficient_stock');
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body.error.request_id).not.toBe(first.body.error.request_id);
  });
});

describe('createShipment', () => {
  it('creates a scope 1 shipment in state created with defaults', async () => {
    const reply = await t.api.call('createShipment', { token: t.desk, body: validShipment(), idempotencyKey: crypto.randomUUID() });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ scope: 1, status: 'created', service: 'standard', carrier: 'dhl', tracking_number: null, cancelled_at: null, reference: 'TEST-1' });
    expect(reply.body.token).toMatch(/^shp_[a-z0-9]{20}$/);
    expect(reply.body.recipient).toEqual({ name: 'Jonas Müller', company: null, email: 'jonas@example.com', phone: null, address: { line1: 'Torstraße 1', line2: null, city: 'Berlin', postal_code: '10119', country: 'DE' } });
    expect((await t.api.call('readShipment', { token: t.desk, params: { token: reply.body.token } })).body).toEqual(reply.body);
  });

  it('registers a scope 2 shipment with its tracking number; refuses scope/tracking mismatches (422)', async () => {
    const scope2 = await t.api.call('createShipment', { token: t.desk, body: validShipment({ scope: 2, tracking_number: 'JD0146000033', service: 'express' }), idempotencyKey: crypto.randomUUID() });
    expect(scope2.body).toMatchObject({ scope: 2, tracking_number: 'JD0146000033', service: 'express' });
    const noTracking = await t.api.call('createShipment', { token: t.desk, body: validShipment({ scope: 2 }), idempotencyKey: crypto.randomUUID() });
    expectError(noTracking, 422, 'validation_failed');
    expect(noTracking.body.error.details[0].field).toBe('tracking_number');
    expectError(await t.api.call('createShipment', { token: t.desk, body: validShipment({ tracking_number: 'ABC12345' }), idempotencyKey: crypto.randomUUID() }), 422, 'validation_failed');
    expectError(await t.api.call('createShipment', { token: t.desk, body: validShipment({ scope: 3 }), idempotencyKey: crypto.randomUUID() }), 422, 'validation_failed');
  });

  it('answers 400 without Idempotency-Key or with wrong types, 422 with field paths for broken rules', async () => {
    expectError(await t.api.call('createShipment', { token: t.desk, body: validShipment() }), 400, 'invalid_request');
    expectError(await t.api.call('createShipment', { token: t.desk, body: validShipment({ parcels: 'one' }), idempotencyKey: crypto.randomUUID() }), 400, 'invalid_request');
    const broken = await t.api.call('createShipment', {
      token: t.desk,
      idempotencyKey: crypto.randomUUID(),
      body: validShipment({ parcels: [{ weight_grams: 0 }], recipient: { name: ' ', address: { line1: 'x', city: 'y', postal_code: '1', country: 'de' } } }),
    });
    expectError(broken, 422, 'validation_failed');
    expect(broken.body.error.details).toEqual(
      expect.arrayContaining([
        { field: 'parcels[0].weight_grams', problem: 'must be at least 1' },
        { field: 'recipient.name', problem: 'must not be blank or contain control characters' },
        { field: 'recipient.address.country', problem: 'must be an ISO 3166-1 alpha-2 country code in upper case' },
      ]),
    );
    expectError(await t.api.call('createShipment', { token: t.desk, body: validShipment({ parcels: [] }), idempotencyKey: crypto.randomUUID() }), 422, 'validation_failed');
  });

  it('replays the same key and body; another body is 409 idempotency_key_reused', async () => {
    const key = crypto.randomUUID();
    const before = (await t.api.call('listShipments', { token: t.desk, body: { limit: 500, reference: 'IDEMP-1' } })).body.data.length;
    const first = await t.api.call('createShipment', { token: t.desk, body: validShipment({ reference: 'IDEMP-1' }), idempotencyKey: key });
    const again = await t.api.call('createShipment', { token: t.desk, body: validShipment({ reference: 'IDEMP-1' }), idempotencyKey: key });
    expect(again.text).toBe(first.text);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await t.api.call('listShipments', { token: t.desk, body: { reference: 'IDEMP-1' } })).body.data).toHaveLength(before + 1);
    expectError(await t.api.call('createShipment', { token: t.desk, body: validShipment({ reference: 'IDEMP-2' }), idempotencyKey: key }), 409, 'idempotency_key_reused');
  });
});

describe('listShipments', () => {
  it('has every state and both scopes in the demo data, and filters by status', async () => {
    const all: Loose[] = [];
    let cursor: string | null = null;
    do {
      const page: Reply<Loose> = await t.api.call('listShipments', { token: t.desk, body: { limit: 25, cursor } });
      all.push(...page.body.data);
      cursor = page.body.next_cursor;
    } while (cursor);
    const combos = new Set(all.map((s) => `${s.status}/${s.scope}`));
    for (const status of ['created', 'label_ready', 'in_transit', 'delivered', 'cancelled']) {
      expect(combos).toContain(`${status}/1`);
      expect(combos).toContain(`${status}/2`);
      const filtered = await t.api.call('listShipments', { token: t.desk, body: { status, limit: 500 } });
      expect(filtered.body.data.length).toBe(all.filter((s) => s.status === status).length);
    }
  });

  it('filters by reference, created_since and updated_since', async () => {
    const since = new Date().toISOString();
    const created = await t.api.call('createShipment', { token: t.desk, body: validShipment({ reference: 'FILTER-ME' }), idempotencyKey: crypto.randomUUID() });
    const byRef = await t.api.call('listShipments', { token: t.desk, body: { reference: 'FILTER-ME' } });
    expect(byRef.body.data.map((s: Loose) => s.token)).toEqual([created.body.token]);
    const bySince = await t.api.call('listShipments', { token: t.desk, body: { created_since: since } });
    expect(bySince.body.data.map((s: Loose) => s.token)).toContain(created.body.token);
    expect(bySince.body.data.every((s: Loose) => Date.parse(s.created_at) >= Date.parse(since))).toBe(true);
    const byUpdate = await t.api.call('listShipments', { token: t.desk, body: { updated_since: since, status: 'created' } });
    expect(byUpdate.body.data.map((s: Loose) => s.token)).toContain(created.body.token);
    expectError(await t.api.call('listShipments', { token: t.desk, body: { status: 'lost' } }), 422, 'validation_failed');
  });
});

describe('readShipment', () => {
  it('reads a shipment; 404 shipment_not_found for missing and malformed tokens', async () => {
    const any = await findShipment(t, () => true);
    expect((await t.api.call('readShipment', { token: t.desk, params: { token: any.token } })).body).toEqual(any);
    expectError(await t.api.call('readShipment', { token: t.desk, params: { token: 'shp_00000000000000000000' } }), 404, 'shipment_not_found');
    expectError(await t.api.call('readShipment', { token: t.desk, params: { token: 'SHP_x' } }), 404, 'shipment_not_found');
  });
});

describe('cancelShipment', () => {
  it('cancels from created and label_ready, sets cancelled_at, moves updated_at', async () => {
    for (const status of ['created', 'label_ready']) {
      const shipment = await findShipment(t, (s) => s.status === status && s.scope === 1);
      const reply = await t.api.call('cancelShipment', { token: t.desk, params: { token: shipment.token } });
      expect(reply.body.status).toBe('cancelled');
      expect(reply.body.cancelled_at).not.toBeNull();
      expect(Date.parse(reply.body.updated_at)).toBeGreaterThan(Date.parse(shipment.updated_at));
    }
  });

  it('returns an already cancelled shipment unchanged', async () => {
    const shipment = await findShipment(t, (s) => s.status === 'cancelled');
    const reply = await t.api.call('cancelShipment', { token: t.desk, params: { token: shipment.token } });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual(shipment);
  });

  it('answers 409 shipment_not_cancellable for in_transit and delivered, 404 for unknown', async () => {
    for (const status of ['in_transit', 'delivered']) {
      const shipment = await findShipment(t, (s) => s.status === status);
      expectError(await t.api.call('cancelShipment', { token: t.desk, params: { token: shipment.token } }), 409, 'shipment_not_cancellable');
      expect((await t.api.call('readShipment', { token: t.desk, params: { token: shipment.token } })).body).toEqual(shipment);
    }
    expectError(await t.api.call('cancelShipment', { token: t.desk, params: { token: 'shp_00000000000000000000' } }), 404, 'shipment_not_found');
  });
});

describe('deleteShipment', () => {
  it('deletes a scope 2 shipment in any state; it is gone afterwards', async () => {
    const shipment = await findShipment(t, (s) => s.scope === 2 && s.status === 'in_transit');
    const reply = await t.api.call('deleteShipment', { token: t.desk, params: { token: shipment.token } });
    expect(reply.body).toEqual({ deleted: true, token: shipment.token });
    expectError(await t.api.call('readShipment', { token: t.desk, params: { token: shipment.token } }), 404, 'shipment_not_found');
    expectError(await t.api.call('deleteShipment', { token: t.desk, params: { token: shipment.token } }), 404, 'shipment_not_found');
    await expect(findShipment(t, (s) => s.token === shipment.token)).rejects.toThrow('no shipment matches');
  });

  it('answers 409 shipment_not_deletable for scope 1', async () => {
    const shipment = await findShipment(t, (s) => s.scope === 1);
    expectError(await t.api.call('deleteShipment', { token: t.desk, params: { token: shipment.token } }), 409, 'shipment_not_deletable');
    expect((await t.api.call('readShipment', { token: t.desk, params: { token: shipment.token } })).body).toEqual(shipment);
  });
});

describe('greenIndex', () => {
  const route = { origin: { country: 'NL', postal_code: '1043 AM' }, destination: { country: 'DE', postal_code: '10119' }, parcels: [{ weight_grams: 2000 }, { weight_grams: 500 }] };

  it('is deterministic and consistent with its documented factors', async () => {
    const a = await t.api.call('greenIndex', { token: t.desk, body: route });
    const b = await t.api.call('greenIndex', { token: t.desk, body: route });
    expect(a.body).toEqual(b.body);
    expect(a.body).toMatchObject({ mode: 'road', method: 'gcd-centroid-v1', weight_grams: 2500 });
    const road = a.body.modes.find((m: Loose) => m.mode === 'road');
    expect(road.factor_g_per_tkm).toBe(62);
    expect(road.co2e_grams).toBeCloseTo(road.distance_km * 0.0025 * 62, 0);
    expect(a.body.co2e_grams).toBe(road.co2e_grams);
    expect(a.body.modes.map((m: Loose) => m.mode)).toEqual(['road', 'rail', 'air']);
  });

  it('works from a shipment token; 404 for an unknown one', async () => {
    const shipment = await findShipment(t, (s) => s.recipient.address.country === 'US');
    const reply = await t.api.call('greenIndex', { token: t.desk, body: { shipment_token: shipment.token } });
    expect(reply.body.mode).toBe('air');
    expect(reply.body.weight_grams).toBe(shipment.parcels.reduce((sum: number, p: Loose) => sum + p.weight_grams, 0));
    expectError(await t.api.call('greenIndex', { token: t.desk, body: { shipment_token: 'shp_00000000000000000000' } }), 404, 'shipment_not_found');
  });

  it('refuses unsupported countries, mixed shapes and bad parcels (422)', async () => {
    const unsupported = await t.api.call('greenIndex', { token: t.desk, body: { ...route, destination: { country: 'QA', postal_code: '1' } } });
    expectError(unsupported, 422, 'validation_failed');
    expect(unsupported.body.error.details[0].field).toBe('destination.country');
    expectError(await t.api.call('greenIndex', { token: t.desk, body: { ...route, shipment_token: 'shp_00000000000000000000' } }), 422, 'validation_failed');
    expectError(await t.api.call('greenIndex', { token: t.desk, body: { ...route, parcels: [] } }), 422, 'validation_failed');
    expectError(await t.api.call('greenIndex', { token: t.desk, body: {} }), 422, 'validation_failed');
  });
});

describe('transitTime', () => {
  it('counts business days only, from the next Monday for a weekend ship date', async () => {
    const body = { origin: { country: 'NL', postal_code: '1043 AM' }, destination: { country: 'NL', postal_code: '1043 AN' }, ship_date: '2025-01-10' };
    const friday = await t.api.call('transitTime', { token: t.desk, body });
    expect(friday.body).toMatchObject({ business_days_min: 1, business_days_max: 1, estimated_delivery_date: '2025-01-13', ship_date: '2025-01-10', service_level: 'standard' });
    const saturday = await t.api.call('transitTime', { token: t.desk, body: { ...body, ship_date: '2025-01-11' } });
    expect(saturday.body).toMatchObject({ ship_date: '2025-01-13', estimated_delivery_date: '2025-01-14' });
    expect(friday.body.services.map((s: Loose) => s.service_level)).toEqual(['economy', 'standard', 'express']);
  });

  it('works from a shipment token with its service level; 404 unknown; 422 bad dates', async () => {
    const shipment = await findShipment(t, (s) => s.service === 'express');
    const reply = await t.api.call('transitTime', { token: t.desk, body: { shipment_token: shipment.token, ship_date: '2025-03-03' } });
    expect(reply.body.service_level).toBe('express');
    expectError(await t.api.call('transitTime', { token: t.desk, body: { shipment_token: 'shp_00000000000000000000' } }), 404, 'shipment_not_found');
    for (const ship_date of ['1999-12-31', '2025-02-30', '10/01/2025']) {
      expectError(await t.api.call('transitTime', { token: t.desk, body: { shipment_token: shipment.token, ship_date } }), 422, 'validation_failed');
    }
  });
});

describe('paths and methods', () => {
  it('answers 405 method_not_allowed with Allow: POST for other methods on every path', async () => {
    for (const info of allOperations().values()) {
      const params = Object.fromEntries(info.pathParams.map((p) => [p, p === 'sku' ? 'WD-000001' : 'shp_aaaaaaaaaaaaaaaaaaaa']));
      const path = operationPath(info.operationId, params as never);
      for (const method of ['GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD']) {
        const reply = await t.api.raw(method, path, { token: t.desk });
        expect(reply.status, `${method} ${path}`).toBe(405);
        expect(reply.headers.get('allow')).toBe('POST');
        expect(reply.headers.get('x-request-id')).toMatch(/^req_/);
        if (method !== 'HEAD') expectError(reply, 405, 'method_not_allowed');
      }
    }
  });

  it('answers 404 not_found for unknown paths, with or without a token', async () => {
    for (const path of ['/', '/1.0', '/1.0/shipments', '/1.0/shipments/list/', '/2.0/shipments/list', '/1.0//shipments/list', '/1.0/logistics/stock/WD-000001/delete']) {
      expectError(await t.api.raw('POST', path, { token: t.desk }), 404, 'not_found');
      expectError(await t.api.raw('POST', path), 404, 'not_found');
    }
  });
});
