// The mapping layer with real sandbox answers: every record it builds passes the zod schema of
// src/shared/ipc/records.ts, and every request it builds passes the contract and the sandbox.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../../../../src/main/kernel/api/client';
import {
  toAdjustRequest,
  toAppliedAdjustment,
  toCreateShipmentRequest,
  toGreenIndex,
  toGreenIndexRequest,
  toIsoUtc,
  toProduct,
  toShipment,
  toStock,
  toTransitTime,
  toTransitTimeRequest,
  toWarehouse,
} from '../../../../src/main/kernel/api/mapping';
import { DEMO_OWNERS, startSandbox, type RunningSandbox } from '../../../../src/sandbox/index';
import { validateRequestBody, type Shipment as ShipmentWire, type StockItem as StockItemWire } from '../../../../src/shared/api';
import {
  AdjustInput,
  GreenIndex,
  GreenIndexInput,
  Product,
  Shipment,
  ShipmentDraft,
  Stock,
  TransitTime,
  TransitTimeInput,
  Warehouse,
} from '../../../../src/shared/ipc/records';

let sandbox: RunningSandbox;
let api: ApiClient;
const confirmedAt = '2025-01-06T08:00:00.000Z';

beforeAll(async () => {
  sandbox = await startSandbox({ demo: { skus: 60, shipments: 30, seed: 7 }, rateLimit: false });
  api = createApiClient({ baseUrl: sandbox.baseUrl, credentials: async () => ({ ...DEMO_OWNERS.desk }) });
});
afterAll(async () => {
  await sandbox?.close();
});

/** Every page of a list operation. */
async function all<T>(page: (cursor: string | null) => Promise<{ body: { data: T[]; next_cursor: string | null } }>): Promise<T[]> {
  const out: T[] = [];
  let cursor: string | null = null;
  do {
    const { body } = await page(cursor);
    out.push(...body.data);
    cursor = body.next_cursor;
  } while (cursor !== null);
  return out;
}

function expectValid(schema: { safeParse(v: unknown): { success: boolean; error?: unknown } }, value: unknown): void {
  const result = schema.safeParse(value);
  if (!result.success) throw new Error(`record does not pass its schema: ${JSON.stringify(result.error)}\n${JSON.stringify(value)}`);
}

describe('wire -> records, with every record the sandbox has', () => {
  it('warehouses, products, stock and shipments pass their record schemas', async () => {
    const warehouses = await all((cursor) => api.listWarehouses({ limit: 500, cursor }));
    const products = await all((cursor) => api.listProducts({ limit: 25, cursor }));
    const stock = await all((cursor) => api.listStock({ limit: 25, cursor }));
    const shipments = await all((cursor) => api.listShipments({ limit: 10, cursor }));
    expect(warehouses.length).toBeGreaterThan(0);
    expect(products).toHaveLength(60);
    expect(stock).toHaveLength(60);
    expect(shipments.length).toBe(30);

    for (const w of warehouses) expectValid(Warehouse, toWarehouse(w, confirmedAt));
    const barcodesBySku = new Map(products.map((p) => [p.sku, p.barcodes]));
    for (const p of products) expectValid(Product, toProduct(p, confirmedAt));
    for (const s of stock) expectValid(Stock, toStock(s, confirmedAt, 'service', barcodesBySku.get(s.sku)));
    for (const s of shipments) expectValid(Shipment, toShipment(s, confirmedAt, 'cache'));
    // Every state of the demo data maps (so the UI's status enum covers the wire's).
    expect(new Set(shipments.map((s) => toShipment(s, confirmedAt, 'service').status)).size).toBe(5);
  });

  it('maps the fields a worker sees, with totals over all warehouses', async () => {
    const [wire] = (await api.listStock({ limit: 1 })).body.data;
    const stock = toStock(wire!, confirmedAt, 'service', ['8710000000017']);
    expect(stock).toMatchObject({ sku: wire!.sku, name: wire!.name, version: wire!.version, barcodes: ['8710000000017'], confirmedAt, source: 'service' });
    expect(stock.levels).toEqual(wire!.levels.map((l) => ({ warehouseId: l.warehouse_id, onHand: l.on_hand, reserved: l.reserved, available: l.available })));
    expect(stock.totals.onHand).toBe(wire!.levels.reduce((n, l) => n + l.on_hand, 0));
    expect(stock.totals.available).toBe(wire!.levels.reduce((n, l) => n + l.available, 0));
  });

  it('green index and transit time pass their schemas, by route and by shipment', async () => {
    const [shipment] = (await api.listShipments({ limit: 1 })).body.data;
    const route = GreenIndexInput.parse({ origin: { country: 'NL', postalCode: '1011 AB' }, destination: { country: 'US', postalCode: '10001' }, parcels: [{ weightGrams: 2500 }] });
    for (const input of [route, GreenIndexInput.parse({ shipmentToken: shipment!.token })]) {
      const body = toGreenIndexRequest(input);
      expect(validateRequestBody('greenIndex', body).ok).toBe(true);
      expectValid(GreenIndex, toGreenIndex((await api.greenIndex(body)).body));
    }
    const transit = [
      TransitTimeInput.parse({ origin: { country: 'NL', postalCode: '1011' }, destination: { country: 'DE', postalCode: '10115' }, shipDate: '2025-01-04' }),
      TransitTimeInput.parse({ origin: { country: 'NL', postalCode: '1011' }, destination: { country: 'DE', postalCode: '10115' } }),
      TransitTimeInput.parse({ shipmentToken: shipment!.token }),
    ];
    for (const input of transit) {
      const body = toTransitTimeRequest(input);
      expect(validateRequestBody('transitTime', body).ok).toBe(true);
      const record = toTransitTime((await api.transitTime(body)).body);
      expectValid(TransitTime, record);
      expect(record.services.map((s) => s.serviceLevel)).toEqual(['economy', 'standard', 'express']);
    }
  });

  it('normalises timestamps to UTC with milliseconds and tolerates what the contract allows', () => {
    expect(toIsoUtc('2025-01-06T09:00:00+01:00')).toBe('2025-01-06T08:00:00.000Z');
    expect(toIsoUtc('2025-01-06t08:00:00z')).toBe('2025-01-06T08:00:00.000Z');
    const wire: StockItemWire = { sku: 'WD-1', name: 'x', levels: [], updated_at: '2025-01-06T10:00:00.5+02:00', version: 1 };
    const stock = toStock(wire, confirmedAt, 'cache');
    expect(stock).toMatchObject({ updatedAt: '2025-01-06T08:00:00.500Z', totals: { onHand: 0, reserved: 0, available: 0 }, barcodes: [] });
    expectValid(Stock, stock);

    const address = { line1: 'Kade 1', city: 'Amsterdam', postal_code: '1011 AB', country: 'NL' };
    const shipment: ShipmentWire = {
      token: 'shp_aaaaaaaaaaaaaaaaaaaa',
      reference: null,
      scope: 1,
      status: 'created',
      carrier: 'dhl',
      service: 'standard',
      tracking_number: null,
      sender: { name: 'A', address },
      recipient: { name: 'B', address: { ...address, line2: null } },
      // A parcel "not measured" (0 mm) and one without dimensions.
      parcels: [{ weight_grams: 10, dimensions_mm: { length: 0, width: 0, height: 0 } }, { weight_grams: 20 }],
      created_at: '2025-01-06T08:00:00Z',
      updated_at: '2025-01-06T08:00:00Z',
      cancelled_at: null,
    };
    const record = toShipment(shipment, confirmedAt, 'service');
    expectValid(Shipment, record);
    expect(record.reference).toBe('');
    expect(record.parcels.map((p) => p.dimensionsMm)).toEqual([null, null]);
    expect(record.createdAt).toBe('2025-01-06T08:00:00.000Z');
  });
});

describe('records -> wire requests, accepted by the sandbox', () => {
  const party = (name: string, country: string, postalCode: string) => ({
    name,
    address: { line1: `${name} street 1`, line2: null, city: 'City', postalCode, country },
  });

  it('a ShipmentDraft becomes a create request; the created shipment maps back to the draft', async () => {
    const draft = ShipmentDraft.parse({
      clientRequestId: randomUUID(),
      reference: 'ORD-B1-1',
      scope: 1,
      carrier: 'dhl',
      service: 'express',
      sender: party('Desk', 'NL', '1011 AB'),
      recipient: party('Client', 'BE', '1000'),
      parcels: [
        { weightGrams: 1500, dimensionsMm: { length: 400, width: 300, height: 200 } },
        { weightGrams: 300, dimensionsMm: null },
      ],
    });
    const body = toCreateShipmentRequest(draft);
    expect(validateRequestBody('createShipment', body)).toMatchObject({ ok: true });
    const answer = await api.createShipment(body, draft.clientRequestId);
    const shipment = toShipment(answer.body, confirmedAt, 'service');
    expectValid(Shipment, shipment);
    expect(shipment).toMatchObject({ reference: 'ORD-B1-1', scope: 1, carrier: 'dhl', service: 'express', status: 'created', sender: { name: 'Desk' } });
    expect(shipment.parcels).toEqual(draft.parcels);
    // The draft's id is the Idempotency-Key: submitting again gives the same shipment.
    expect((await api.createShipment(body, draft.clientRequestId)).body.token).toBe(answer.body.token);
  });

  it('a scope 2 draft carries the carrier tracking number', async () => {
    const draft = ShipmentDraft.parse({
      clientRequestId: randomUUID(),
      reference: 'ORD-B1-2',
      scope: 2,
      carrier: 'ups',
      service: 'standard',
      trackingNumber: '1Z999AA10123456784',
      sender: party('Desk', 'NL', '1011 AB'),
      recipient: party('Client', 'FR', '75001'),
      parcels: [{ weightGrams: 800, dimensionsMm: null }],
    });
    const created = await api.createShipment(toCreateShipmentRequest(draft), draft.clientRequestId);
    expect(toShipment(created.body, confirmedAt, 'service')).toMatchObject({ scope: 2, trackingNumber: '1Z999AA10123456784' });
  });

  it('an AdjustInput becomes an adjust request; the answer gives the outbox its applied record', async () => {
    const [item] = (await api.listStock({ limit: 1 })).body.data;
    const level = item!.levels[0]!;
    const input = AdjustInput.parse({ sku: item!.sku, warehouseId: level.warehouse_id, delta: 7, reason: 'received', note: 'pallet 4' });
    const body = toAdjustRequest(input);
    expect(body).toEqual({ warehouse_id: level.warehouse_id, delta: 7, reason: 'received', note: 'pallet 4' });
    const answer = await api.adjustStock(input.sku, body, randomUUID());
    const applied = toAppliedAdjustment(answer);
    expect(applied).toEqual({ adjustmentId: answer.body.adjustment.id, onHandAfter: level.on_hand + 7, requestId: answer.requestId });
    expect(toAdjustRequest(AdjustInput.parse({ ...input, note: undefined }))).not.toHaveProperty('note');
  });
});
