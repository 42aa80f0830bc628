// The cross-owner matrix: every operation of the API, called with one owner's token on the other
// owner's identifiers (every warehouse, shipment token, reference, a spread of SKUs and barcodes,
// cursors), in both directions. Each answer must be exactly what a missing identifier gets
// (404 / 422) or an empty list, must not contain a single identifier of the other owner, and
// nothing of the other owner may change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allOperations, type OperationId } from '../../src/shared/api';
import { DEMO_OWNERS } from '../../src/sandbox/index';
import { databaseState, expectError, startTestSandbox, validShipment, type CallOptions, type Loose, type Reply, type TestSandbox } from '../sandbox/helpers';

type Owner = 'desk' | 'other';
interface OwnerData {
  token: string;
  warehouses: string[];
  skus: string[];
  barcodes: string[];
  shipments: Loose[];
  cursors: Partial<Record<'listStock' | 'listProducts' | 'listShipments' | 'listWarehouses', string>>;
}

let t: TestSandbox;
const data = {} as Record<Owner, OwnerData>;
const covered = new Set<OperationId>();
const MISSING = { sku: 'ZZ-404404', token: 'shp_00000000000000000000', warehouse: 'wh_missing000', barcode: '00000000' };

async function pageAll(token: string, op: 'listStock' | 'listProducts' | 'listShipments' | 'listWarehouses'): Promise<{ rows: Loose[]; cursor?: string }> {
  const rows: Loose[] = [];
  let cursor: string | null = null;
  let first: string | undefined;
  do {
    const page: Reply<Loose> = await t.api.call(op, { token, body: { limit: op === 'listWarehouses' ? 1 : 200, cursor } });
    rows.push(...page.body.data);
    cursor = page.body.next_cursor;
    first ??= cursor ?? undefined;
  } while (cursor);
  return { rows, cursor: first };
}

beforeAll(async () => {
  t = await startTestSandbox();
  for (const owner of ['desk', 'other'] as const) {
    const token = owner === 'desk' ? t.desk : t.other;
    const products = await pageAll(token, 'listProducts');
    const stock = await pageAll(token, 'listStock');
    const shipments = await pageAll(token, 'listShipments');
    const warehouses = await pageAll(token, 'listWarehouses');
    const spread = products.rows.filter((_p, i) => i % Math.max(1, Math.floor(products.rows.length / 12)) === 0);
    data[owner] = {
      token,
      warehouses: warehouses.rows.map((w) => w.id),
      skus: spread.map((p) => p.sku),
      barcodes: spread.flatMap((p) => p.barcodes as string[]),
      shipments: shipments.rows,
      cursors: { listProducts: products.cursor, listStock: stock.cursor, listShipments: shipments.cursor, listWarehouses: warehouses.cursor },
    };
  }
}, 60_000);
afterAll(async () => {
  await t.stop();
});

function identifiersOf(owner: Owner): string[] {
  const d = data[owner];
  return [...d.warehouses, ...d.skus, ...d.barcodes, ...d.shipments.map((s) => s.token as string), ...d.shipments.map((s) => s.reference as string | null).filter((r): r is string => !!r && r.length >= 6)];
}

/**
 * Every identifier of an owner that must never show up in the other owner's answers (references
 * are free text, so one the caller also uses itself is no secret).
 */
function secretsOf(owner: Owner): string[] {
  const own = new Set(identifiersOf(owner === 'desk' ? 'other' : 'desk'));
  return identifiersOf(owner).filter((id) => !own.has(id));
}

function expectNoneOf(reply: Reply<Loose>, foreign: string[], label: string): void {
  // As whole JSON string values (`"ORD-1"` is not leaked by `"OT-ORD-1"`).
  const leaked = foreign.filter((id) => reply.text.includes(JSON.stringify(id)));
  expect(leaked, `${label} leaked the other owner's identifiers: ${reply.text.slice(0, 300)}`).toEqual([]);
}

/** The answer for a foreign identifier equals the answer for a missing one, word for word. */
function expectSameAs(foreign: Reply<Loose>, missing: Reply<Loose>, label: string): void {
  expect(foreign.status, label).toBe(missing.status);
  expect(foreign.body?.error?.code, label).toBe(missing.body?.error?.code);
  expect(foreign.body?.error?.message, label).toBe(missing.body?.error?.message);
  expect(JSON.stringify(foreign.body?.error?.details ?? null).replaceAll(MISSING.warehouse, '?').replaceAll(MISSING.sku, '?'), label).toBe(
    JSON.stringify(missing.body?.error?.details ?? null).replaceAll(MISSING.warehouse, '?').replaceAll(MISSING.sku, '?'),
  );
}

const directions: [Owner, Owner][] = [
  ['desk', 'other'],
  ['other', 'desk'],
];

describe.each(directions)('%s token on %s identifiers', (caller, victim) => {
  const me = (): OwnerData => data[caller];
  const them = (): OwnerData => data[victim];
  const call = async <Op extends OperationId>(op: Op, options: CallOptions<Op>, label: string): Promise<Reply<Loose>> => {
    covered.add(op);
    const reply = await t.api.call(op, { token: me().token, ...options });
    expectNoneOf(reply, secretsOf(victim), `${op} ${label}`);
    return reply;
  };

  it('lists: only own records, empty for the other owner\'s filters, and foreign cursors refused', async () => {
    const before = databaseState(t.sandbox.dbPath);
    for (const op of ['listWarehouses', 'listProducts', 'listStock', 'listShipments'] as const) {
      const all = await call(op, { body: { limit: 500 } }, 'unfiltered');
      expect(all.status).toBe(200);
      const foreignCursor = them().cursors[op];
      if (foreignCursor) {
        const reply = await call(op, { body: { cursor: foreignCursor } }, 'foreign cursor');
        expectError(reply, 422, 'validation_failed');
      }
    }
    for (const sku of them().skus) {
      for (const op of ['listProducts', 'listStock'] as const) {
        const reply = await call(op, { body: { sku_prefix: sku } }, `sku_prefix ${sku}`);
        expect(reply.body.data, `${op} ${sku}`).toEqual([]);
      }
    }
    const prefix = them().skus[0]?.slice(0, 3) ?? '';
    expect((await call('listProducts', { body: { sku_prefix: prefix } }, `prefix ${prefix}`)).body.data).toEqual([]);
    for (const barcode of them().barcodes) {
      expect((await call('listProducts', { body: { barcode } }, `barcode ${barcode}`)).body.data).toEqual([]);
    }
    for (const warehouse of them().warehouses) {
      const foreign = await call('listStock', { body: { warehouse_id: warehouse } }, `warehouse ${warehouse}`);
      const missing = await call('listStock', { body: { warehouse_id: MISSING.warehouse } }, 'missing warehouse');
      expectError(foreign, 422, 'validation_failed');
      expectSameAs(foreign, missing, `listStock warehouse ${warehouse}`);
    }
    const ownReferences = new Set(me().shipments.map((s) => s.reference));
    for (const shipment of them().shipments.filter((s) => s.reference && !ownReferences.has(s.reference))) {
      expect((await call('listShipments', { body: { reference: shipment.reference } }, `reference ${shipment.reference}`)).body.data).toEqual([]);
    }
    expect(databaseState(t.sandbox.dbPath)).toEqual(before);
  });

  it('stock: read and adjust of the other owner\'s SKUs and warehouses answer as missing, and change nothing', async () => {
    const before = databaseState(t.sandbox.dbPath);
    const ownWarehouse = me().warehouses[0] as string;
    const ownSku = me().skus[0] as string;
    const adjustmentsBefore = them().skus.map((sku) => t.sandbox.adjustmentsFor(sku, victim));
    for (const sku of them().skus) {
      expectSameAs(await call('readStock', { params: { sku } }, sku), await call('readStock', { params: { sku: MISSING.sku } }, 'missing'), `readStock ${sku}`);
      for (const warehouse of [ownWarehouse, them().warehouses[0] as string]) {
        const body = { warehouse_id: warehouse, delta: 1, reason: 'found' };
        const foreign = await call('adjustStock', { params: { sku }, body, idempotencyKey: crypto.randomUUID() }, `${sku} in ${warehouse}`);
        const missing = await call('adjustStock', { params: { sku: MISSING.sku }, body, idempotencyKey: crypto.randomUUID() }, 'missing');
        expectError(foreign, 404, 'stock_item_not_found');
        expectSameAs(foreign, missing, `adjustStock ${sku} ${warehouse}`);
      }
    }
    for (const warehouse of them().warehouses) {
      const body = (w: string): Record<string, unknown> => ({ warehouse_id: w, delta: 1, reason: 'found' });
      const foreign = await call('adjustStock', { params: { sku: ownSku }, body: body(warehouse), idempotencyKey: crypto.randomUUID() }, `own sku in ${warehouse}`);
      const missing = await call('adjustStock', { params: { sku: ownSku }, body: body(MISSING.warehouse), idempotencyKey: crypto.randomUUID() }, 'missing warehouse');
      expectError(foreign, 422, 'validation_failed');
      expectSameAs(foreign, missing, `adjustStock own sku in ${warehouse}`);
    }
    expect(them().skus.map((sku) => t.sandbox.adjustmentsFor(sku, victim))).toEqual(adjustmentsBefore);
    expect(databaseState(t.sandbox.dbPath)).toEqual(before);
  });

  it('shipments: read, cancel, delete, green index and transit time of every foreign token answer as missing, and change nothing', async () => {
    const before = databaseState(t.sandbox.dbPath);
    for (const shipment of them().shipments) {
      for (const op of ['readShipment', 'cancelShipment', 'deleteShipment'] as const) {
        const foreign = await call(op, { params: { token: shipment.token } }, shipment.token);
        expectError(foreign, 404, 'shipment_not_found');
        expectSameAs(foreign, await call(op, { params: { token: MISSING.token } }, 'missing'), `${op} ${shipment.token}`);
      }
      for (const op of ['greenIndex', 'transitTime'] as const) {
        const foreign = await call(op, { body: { shipment_token: shipment.token } }, shipment.token);
        expectError(foreign, 404, 'shipment_not_found');
        expectSameAs(foreign, await call(op, { body: { shipment_token: MISSING.token } }, 'missing'), `${op} ${shipment.token}`);
      }
    }
    expect(databaseState(t.sandbox.dbPath)).toEqual(before);
    // The victim still sees each of its shipments exactly as before.
    for (const shipment of them().shipments.slice(0, 10)) {
      expect((await t.api.call('readShipment', { token: them().token, params: { token: shipment.token } })).body).toEqual(shipment);
    }
  });

  it('writes: a shipment created, and a key used, by one owner stay invisible to the other', async () => {
    const key = crypto.randomUUID();
    const mine = await call('createShipment', { body: validShipment({ reference: `X-${caller}-${key.slice(0, 8)}` }), idempotencyKey: key }, 'create');
    expect(mine.status).toBe(200);
    // The other owner reuses the same Idempotency-Key: its own new shipment, not a replay of ours.
    const theirs = await t.api.call('createShipment', { token: them().token, body: validShipment({ reference: `X-${victim}-${key.slice(0, 8)}` }), idempotencyKey: key });
    expect(theirs.status).toBe(200);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect(theirs.body.token).not.toBe(mine.body.token);
    expectError(await t.api.call('readShipment', { token: them().token, params: { token: mine.body.token } }), 404, 'shipment_not_found');
    // Same for an adjustment key: each owner's SKU is adjusted once, under its own owner.
    const adjustKey = crypto.randomUUID();
    const body = (o: OwnerData): Record<string, unknown> => ({ warehouse_id: o.warehouses[0], delta: 1, reason: 'found' });
    expect((await call('adjustStock', { params: { sku: me().skus[1] as string }, body: body(me()), idempotencyKey: adjustKey }, 'adjust own')).status).toBe(200);
    const other = await t.api.call('adjustStock', { token: them().token, params: { sku: them().skus[1] as string }, body: body(them()), idempotencyKey: adjustKey });
    expect(other.status).toBe(200);
    expect(other.headers.get('idempotent-replayed')).toBeNull();
    expect(t.sandbox.adjustmentsFor(them().skus[1] as string, victim).filter((a) => a.idempotencyKey === adjustKey)).toHaveLength(1);
    expect(t.sandbox.adjustmentsFor(me().skus[1] as string, caller).filter((a) => a.idempotencyKey === adjustKey)).toHaveLength(1);
  });

  it('credentials: one owner\'s client id with the other\'s secret is refused like an unknown client', async () => {
    const mixed = await t.api.call('getToken', { body: { client_id: DEMO_OWNERS[caller].clientId, client_secret: DEMO_OWNERS[victim].clientSecret } });
    const unknown = await t.api.call('getToken', { body: { client_id: 'nobody', client_secret: DEMO_OWNERS[victim].clientSecret } });
    expectError(mixed, 401, 'invalid_credentials');
    expectSameAs(mixed, unknown, 'getToken');
    covered.add('getToken');
  });
});

describe('the matrix', () => {
  it('covered every operation of the document', () => {
    expect([...covered].sort()).toEqual([...allOperations().keys()].sort());
  });
});
