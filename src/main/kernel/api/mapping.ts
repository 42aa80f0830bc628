// The thin mapping layer between the wire (snake_case, resources/openapi.yaml) and the app's records
// (camelCase, src/shared/ipc/records.ts) of the shared catalog and the operations several
// capabilities use. A resource only one capability keeps is mapped in that capability's store
// (`to<Record>` beside its table's reads and writes). Whoever connects the app to a service that
// differs from our assumptions changes the OpenAPI document and these functions, never the UI or the cache.
import type { z } from 'zod';
import type {
  AdjustResult as AdjustResultWire,
  AdjustStockRequest,
  Address as AddressWire,
  CreateShipmentRequest,
  Dimensions as DimensionsWire,
  GreenIndexRequest,
  GreenIndexResult as GreenIndexWire,
  Party as PartyWire,
  Product as ProductWire,
  Shipment as ShipmentWire,
  StockItem as StockItemWire,
  TransitTimeRequest,
  TransitTimeResult as TransitTimeWire,
  Warehouse as WarehouseWire,
} from '../../../shared/api';
import type {
  AdjustInput,
  Address,
  GreenIndex,
  GreenIndexInput,
  Product,
  Shipment,
  ShipmentDraft,
  Stock,
  TransitTime,
  TransitTimeInput,
  Warehouse,
} from '../../../shared/ipc/records';
import type { ApiAnswer } from './client';

type Source = 'service' | 'cache';
type DimensionsRecord = NonNullable<Product['dimensionsMm']>;
type PartyRecord = Shipment['sender'];
type ParcelRecord = Shipment['parcels'][number];
export type GreenIndexInputRecord = z.infer<typeof GreenIndexInput>;
export type TransitTimeInputRecord = z.infer<typeof TransitTimeInput>;

/** Limits of the record's Dimensions (records.ts); the wire allows 0, which means "not measured". */
const MAX_DIMENSION_MM = 10_000;

/**
 * Every wire timestamp in one form, UTC with milliseconds (`2025-01-06T08:00:00.000Z`): the
 * contract allows any RFC 3339 offset, the records and the cache compare them as strings.
 * A value that is not a date at all cannot pass the response validator, so it never gets here.
 */
export function toIsoUtc(timestamp: string): string {
  const ms = Date.parse(timestamp);
  return Number.isNaN(ms) ? timestamp : new Date(ms).toISOString();
}

function toAddress(wire: AddressWire): Address {
  const address: Address = { line1: wire.line1, city: wire.city, postalCode: wire.postal_code, country: wire.country };
  if (wire.line2 !== undefined) address.line2 = wire.line2;
  return address;
}

/** Dimensions the record can hold, or null for "unknown" (a 0 or an absurd value). */
function toDimensions(wire: DimensionsWire | null | undefined): DimensionsRecord | null {
  if (wire === null || wire === undefined) return null;
  const { length, width, height } = wire;
  const fits = (n: number): boolean => Number.isInteger(n) && n >= 1 && n <= MAX_DIMENSION_MM;
  return fits(length) && fits(width) && fits(height) ? { length, width, height } : null;
}

function toParty(wire: PartyWire): PartyRecord {
  return { name: wire.name, address: toAddress(wire.address) };
}

export function toWarehouse(wire: WarehouseWire, confirmedAt: string): Warehouse {
  return { id: wire.id, code: wire.code, name: wire.name, address: toAddress(wire.address), confirmedAt };
}

export function toProduct(wire: ProductWire, confirmedAt: string): Product {
  return {
    sku: wire.sku,
    name: wire.name,
    barcodes: [...wire.barcodes],
    weightGrams: wire.weight_grams,
    dimensionsMm: toDimensions(wire.dimensions_mm),
    updatedAt: toIsoUtc(wire.updated_at),
    confirmedAt,
  };
}

/**
 * A stock item with its totals over all levels. The wire stock item has no barcodes (they belong
 * to the product): pass the product's, when known, as `barcodes`.
 */
export function toStock(wire: StockItemWire, confirmedAt: string, source: Source, barcodes: readonly string[] = []): Stock {
  const totals = { onHand: 0, reserved: 0, available: 0 };
  const levels = wire.levels.map((level) => {
    totals.onHand += level.on_hand;
    totals.reserved += level.reserved;
    totals.available += level.available;
    return { warehouseId: level.warehouse_id, onHand: level.on_hand, reserved: level.reserved, available: level.available };
  });
  return {
    sku: wire.sku,
    name: wire.name,
    barcodes: [...barcodes],
    levels,
    totals,
    version: wire.version,
    updatedAt: toIsoUtc(wire.updated_at),
    confirmedAt,
    source,
  };
}

export function toShipment(wire: ShipmentWire, confirmedAt: string, source: Source): Shipment {
  return {
    token: wire.token,
    // The wire allows no reference (null); the record shows an empty one.
    reference: wire.reference ?? '',
    scope: wire.scope,
    status: wire.status,
    carrier: wire.carrier,
    service: wire.service,
    trackingNumber: wire.tracking_number,
    sender: toParty(wire.sender),
    recipient: toParty(wire.recipient),
    parcels: wire.parcels.map((p): ParcelRecord => ({ weightGrams: p.weight_grams, dimensionsMm: toDimensions(p.dimensions_mm), ...(p.sscc ? { sscc: p.sscc } : {}) })),
    createdAt: toIsoUtc(wire.created_at),
    updatedAt: toIsoUtc(wire.updated_at),
    cancelledAt: wire.cancelled_at === null ? null : toIsoUtc(wire.cancelled_at),
    confirmedAt,
    source,
  };
}

export function toGreenIndex(wire: GreenIndexWire): GreenIndex {
  return {
    co2eGrams: wire.co2e_grams,
    grade: wire.grade,
    distanceKm: wire.distance_km,
    method: wire.method,
    modes: wire.modes.map((m) => ({ mode: m.mode, co2eGrams: m.co2e_grams })),
  };
}

export function toTransitTime(wire: TransitTimeWire): TransitTime {
  return {
    businessDaysMin: wire.business_days_min,
    businessDaysMax: wire.business_days_max,
    estimatedDeliveryDate: wire.estimated_delivery_date,
    services: wire.services.map((s) => ({
      serviceLevel: s.service_level,
      businessDaysMin: s.business_days_min,
      businessDaysMax: s.business_days_max,
    })),
  };
}

/** What an outbox entry records when its adjustment was applied (OutboxEntry.applied). */
export function toAppliedAdjustment(answer: ApiAnswer<AdjustResultWire>): { adjustmentId: string; onHandAfter: number; requestId?: string } {
  const { adjustment, stock_item } = answer.body;
  const level = stock_item.levels.find((l) => l.warehouse_id === adjustment.warehouse_id);
  const applied: { adjustmentId: string; onHandAfter: number; requestId?: string } = {
    adjustmentId: adjustment.id,
    onHandAfter: level?.on_hand ?? 0,
  };
  if (answer.requestId !== '') applied.requestId = answer.requestId;
  return applied;
}

// ---------- requests (app record -> wire) ----------

/** The body of `adjustStock`; the SKU goes into the path. */
export function toAdjustRequest(input: AdjustInput): AdjustStockRequest {
  const body: AdjustStockRequest = { warehouse_id: input.warehouseId, delta: input.delta, reason: input.reason };
  if (input.note !== undefined && input.note !== '') body.note = input.note;
  return body;
}

function toAddressInput(address: Address): CreateShipmentRequest['sender']['address'] {
  const wire: CreateShipmentRequest['sender']['address'] = {
    line1: address.line1,
    city: address.city,
    postal_code: address.postalCode,
    country: address.country,
  };
  if (address.line2 !== undefined && address.line2 !== null && address.line2 !== '') wire.line2 = address.line2;
  return wire;
}

function toPartyInput(party: PartyRecord): CreateShipmentRequest['sender'] {
  return { name: party.name, address: toAddressInput(party.address) };
}

/**
 * The body of `createShipment`; the draft's clientRequestId is the Idempotency-Key, not a field.
 * A scope 2 shipment needs the carrier's tracking number, which ShipmentDraft does not carry:
 * pass it as `trackingNumber`.
 */
export function toCreateShipmentRequest(draft: ShipmentDraft): CreateShipmentRequest {
  const body: CreateShipmentRequest = {
    reference: draft.reference,
    scope: draft.scope,
    carrier: draft.carrier,
    service: draft.service,
    sender: toPartyInput(draft.sender),
    recipient: toPartyInput(draft.recipient),
    parcels: draft.parcels.map((p) => (p.dimensionsMm === null ? { weight_grams: p.weightGrams } : { weight_grams: p.weightGrams, dimensions_mm: { ...p.dimensionsMm } })),
  };
  if (draft.trackingNumber !== undefined) body.tracking_number = draft.trackingNumber;
  return body;
}

export function toGreenIndexRequest(input: GreenIndexInputRecord): GreenIndexRequest {
  if ('shipmentToken' in input) return { shipment_token: input.shipmentToken };
  return {
    origin: { country: input.origin.country, postal_code: input.origin.postalCode },
    destination: { country: input.destination.country, postal_code: input.destination.postalCode },
    parcels: input.parcels.map((p) => ({ weight_grams: p.weightGrams })),
  };
}

export function toTransitTimeRequest(input: TransitTimeInputRecord): TransitTimeRequest {
  if ('shipmentToken' in input) return { shipment_token: input.shipmentToken };
  const body: TransitTimeRequest = {
    origin: { country: input.origin.country, postal_code: input.origin.postalCode },
    destination: { country: input.destination.country, postal_code: input.destination.postalCode },
  };
  if (input.shipDate !== undefined) body.ship_date = input.shipDate;
  return body;
}
