// Owner isolation: every operation tried with the other owner's token on the desk owner's ids
// (and the reverse) answers exactly like a missing resource, and lists show only one's own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseState, expectError, findShipment, startTestSandbox, validShipment, type Loose, type TestSandbox } from './helpers';

let t: TestSandbox;
let deskWarehouse: string;
let otherWarehouse: string;
let deskShipments: Loose[];

beforeAll(async () => {
  t = await startTestSandbox();
  deskWarehouse = (await t.api.call('listWarehouses', { token: t.desk })).body.data[0].id;
  otherWarehouse = (await t.api.call('listWarehouses', { token: t.other })).body.data[0].id;
  deskShipments = [
    await findShipment(t, (s) => s.scope === 2 && s.status === 'created'),
    await findShipment(t, (s) => s.scope === 1 && s.status === 'label_ready'),
  ];
});
afterAll(() => t.stop());

/** Same code and message: nothing in the answer tells "another owner's" from "missing". */
function sameAnswer(a: Loose, b: Loose): void {
  expect(a.status).toBe(b.status);
  expect(a.body.error.code).toBe(b.body.error.code);
  expect(a.body.error.message).toBe(b.body.error.message);
  expect(a.body.error.details).toEqual(b.body.error.details);
}

describe('owner isolation', () => {
  it('lists show only the own warehouses, products, stock and shipments', async () => {
    const other = {
      warehouses: (await t.api.call('listWarehouses', { token: t.other, body: { limit: 500 } })).body.data,
      products: (await t.api.call('listProducts', { token: t.other, body: { limit: 500 } })).body.data,
      stock: (await t.api.call('listStock', { token: t.other, body: { limit: 500 } })).body.data,
      shipments: (await t.api.call('listShipments', { token: t.other, body: { limit: 500 } })).body.data,
    };
    expect(other.warehouses.map((w: Loose) => w.code)).toEqual(['BCN1', 'MIL1']);
    expect(other.products.length).toBe(25);
    expect(other.products.every((p: Loose) => p.sku.startsWith('OT-'))).toBe(true);
    expect(other.stock.every((s: Loose) => s.sku.startsWith('OT-'))).toBe(true);
    expect(other.shipments.length).toBe(12);
    const deskTokens = new Set(deskShipments.map((s) => s.token));
    expect(other.shipments.some((s: Loose) => deskTokens.has(s.token))).toBe(false);
  });

  it('filters never reach into another owner: sku_prefix, barcode and warehouse', async () => {
    expect((await t.api.call('listProducts', { token: t.other, body: { sku_prefix: 'WD-' } })).body.data).toEqual([]);
    expect((await t.api.call('listStock', { token: t.other, body: { sku_prefix: 'WD-' } })).body.data).toEqual([]);
    const deskProduct = (await t.api.call('listProducts', { token: t.desk, body: { limit: 1 } })).body.data[0];
    expect((await t.api.call('listProducts', { token: t.other, body: { barcode: deskProduct.barcodes[0] } })).body.data).toEqual([]);
    const foreign = await t.api.call('listStock', { token: t.other, body: { warehouse_id: deskWarehouse } });
    const missing = await t.api.call('listStock', { token: t.other, body: { warehouse_id: 'wh_missing000' } });
    expectError(foreign, 422, 'validation_failed');
    sameAnswer(foreign, missing);
    const deskReference = deskShipments.find((s) => s.reference !== null)?.reference as string;
    const shipmentsByRef = await t.api.call('listShipments', { token: t.other, body: { reference: deskReference } });
    expect(shipmentsByRef.body.data).toEqual([]);
  });

  it('another owner cannot read, adjust, cancel, delete or calculate with the desk owner\'s ids', async () => {
    const before = databaseState(t.sandbox.dbPath);
    const sku = 'WD-000001';
    const readForeign = await t.api.call('readStock', { token: t.other, params: { sku } });
    const readMissing = await t.api.call('readStock', { token: t.other, params: { sku: 'WD-999999' } });
    expectError(readForeign, 404, 'stock_item_not_found');
    sameAnswer(readForeign, readMissing);

    const adjustForeign = await t.api.call('adjustStock', { token: t.other, params: { sku }, body: { warehouse_id: otherWarehouse, delta: 1, reason: 'found' }, idempotencyKey: crypto.randomUUID() });
    const adjustMissing = await t.api.call('adjustStock', { token: t.other, params: { sku: 'WD-999999' }, body: { warehouse_id: otherWarehouse, delta: 1, reason: 'found' }, idempotencyKey: crypto.randomUUID() });
    expectError(adjustForeign, 404, 'stock_item_not_found');
    sameAnswer(adjustForeign, adjustMissing);

    // Own SKU, the desk owner's warehouse: the same 422 as an unknown warehouse.
    const ownSku = 'OT-000001';
    const foreignWarehouse = await t.api.call('adjustStock', { token: t.other, params: { sku: ownSku }, body: { warehouse_id: deskWarehouse, delta: 1, reason: 'found' }, idempotencyKey: crypto.randomUUID() });
    const unknownWarehouse = await t.api.call('adjustStock', { token: t.other, params: { sku: ownSku }, body: { warehouse_id: 'wh_missing000', delta: 1, reason: 'found' }, idempotencyKey: crypto.randomUUID() });
    expectError(foreignWarehouse, 422, 'validation_failed');
    sameAnswer(foreignWarehouse, unknownWarehouse);

    const missingToken = 'shp_00000000000000000000';
    for (const shipment of deskShipments) {
      for (const operationId of ['readShipment', 'cancelShipment', 'deleteShipment'] as const) {
        const foreign = await t.api.call(operationId, { token: t.other, params: { token: shipment.token } });
        const missing = await t.api.call(operationId, { token: t.other, params: { token: missingToken } });
        expectError(foreign, 404, 'shipment_not_found');
        sameAnswer(foreign, missing);
      }
      for (const operationId of ['greenIndex', 'transitTime'] as const) {
        const foreign = await t.api.call(operationId, { token: t.other, body: { shipment_token: shipment.token } });
        const missing = await t.api.call(operationId, { token: t.other, body: { shipment_token: missingToken } });
        expectError(foreign, 404, 'shipment_not_found');
        sameAnswer(foreign, missing);
      }
    }
    expect(databaseState(t.sandbox.dbPath)).toEqual(before);
    for (const shipment of deskShipments) {
      expect((await t.api.call('readShipment', { token: t.desk, params: { token: shipment.token } })).body).toEqual(shipment);
    }
  });

  it('the desk owner cannot reach the other owner\'s records either', async () => {
    const otherShipment = await findShipment(t, () => true, t.other);
    expectError(await t.api.call('readShipment', { token: t.desk, params: { token: otherShipment.token } }), 404, 'shipment_not_found');
    expectError(await t.api.call('readStock', { token: t.desk, params: { sku: 'OT-000001' } }), 404, 'stock_item_not_found');
  });

  it('scopes Idempotency-Keys per owner: the same key works independently for both', async () => {
    const key = crypto.randomUUID();
    const desk = await t.api.call('createShipment', { token: t.desk, body: validShipment({ reference: 'ISO-KEY' }), idempotencyKey: key });
    const other = await t.api.call('createShipment', { token: t.other, body: validShipment({ reference: 'ISO-KEY' }), idempotencyKey: key });
    expect(desk.status).toBe(200);
    expect(other.status).toBe(200);
    expect(other.body.token).not.toBe(desk.body.token);
    expectError(await t.api.call('readShipment', { token: t.other, params: { token: desk.body.token } }), 404, 'shipment_not_found');
  });

  it('a cursor of one owner is refused for the other (422), not followed', async () => {
    const deskCursor = (await t.api.call('listStock', { token: t.desk, body: { limit: 1 } })).body.next_cursor;
    const reply = await t.api.call('listStock', { token: t.other, body: { limit: 1, cursor: deskCursor } });
    expectError(reply, 422, 'validation_failed');
    expect(reply.body.error.details[0].field).toBe('cursor');
  });
});
