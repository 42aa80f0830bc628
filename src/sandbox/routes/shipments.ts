// Shipments operations: create, list, read, cancel, delete, and the carrier-neutral
// green-index and transit-time calculations.
import type {
  Address,
  AddressInput,
  Parcel,
  ParcelInput,
  Party,
  PartyInput,
  ServiceLevel,
  Shipment,
  ShipmentScope,
  ShipmentStatus,
} from '../../shared/api/types';
import { parseTimestamp, toTimestamp } from '../clock';
import { statementCache, type Handlers, type SandboxServices } from '../context';
import { ApiError, shipmentNotFound, validationFailed } from '../errors';
import { isAssignedCountry, NOT_A_COUNTRY } from '../iso-countries';
import { isSupportedCountry, type Place } from '../geo';
import { greenIndex } from '../green-index';
import { newShipmentToken } from '../ids';
import { todayUtc, transitTime } from '../transit-time';

const TOKEN_PATTERN = /^shp_[a-z0-9]{20}$/;
const DEFAULT_LIMIT = 50;
/** Tracking numbers are compared as carriers print them apart: letter case and spaces do not count. */
const TRACKING_NUMBER_KEY = "replace(upper(tracking_number), ' ', '')";
const normaliseTrackingNumber = (value: string): string => value.replaceAll(' ', '').toUpperCase();

export interface ShipmentRow {
  seq: number;
  token: string;
  owner_id: number;
  reference: string | null;
  scope: number;
  status: string;
  carrier: string;
  service: string;
  tracking_number: string | null;
  sender: string;
  recipient: string;
  parcels: string;
  created_at: number;
  updated_at: number;
  cancelled_at: number | null;
}

/** The stored form of an address: every optional field present (null when not given). */
export function storedAddress(address: AddressInput): Address {
  return {
    line1: address.line1,
    line2: address.line2 ?? null,
    city: address.city,
    postal_code: address.postal_code,
    country: address.country,
  };
}

export function storedParty(party: PartyInput): Party {
  return {
    name: party.name,
    company: party.company ?? null,
    email: party.email ?? null,
    phone: party.phone ?? null,
    address: storedAddress(party.address),
  };
}

export function storedParcel(parcel: ParcelInput): Parcel {
  return { weight_grams: parcel.weight_grams, dimensions_mm: parcel.dimensions_mm ?? null };
}

export function shipmentRecord(row: ShipmentRow): Shipment {
  return {
    token: row.token,
    reference: row.reference,
    scope: row.scope as ShipmentScope,
    status: row.status as ShipmentStatus,
    carrier: row.carrier,
    service: row.service as ServiceLevel,
    tracking_number: row.tracking_number,
    sender: JSON.parse(row.sender) as Party,
    recipient: JSON.parse(row.recipient) as Party,
    parcels: JSON.parse(row.parcels) as Parcel[],
    created_at: toTimestamp(row.created_at),
    updated_at: toTimestamp(row.updated_at),
    cancelled_at: row.cancelled_at === null ? null : toTimestamp(row.cancelled_at),
  };
}

const UNSUPPORTED_COUNTRY = 'is not supported by the calculation';

function checkCountries(entries: [field: string, place: Place][]): void {
  const details = entries
    .filter(([, place]) => !isSupportedCountry(place.country))
    // The same words as the contract's rule (country-supported); a stored shipment's route names the country.
    .map(([field, place]) => ({ field, problem: field === 'shipment_token' ? `has a country the calculation does not support (${place.country})` : UNSUPPORTED_COUNTRY }));
  if (details.length > 0) throw new ApiError('validation_failed', 'The route has a country the calculation does not support.', details);
}

const placeOf = (address: Address): Place => ({ country: address.country, postal_code: address.postal_code });

/** The route a calculation was given: refused when the calculation does not cover a country. */
function checkGivenRoute(route: { origin: Place; destination: Place }): void {
  checkCountries([
    ['origin.country', route.origin],
    ['destination.country', route.destination],
  ]);
}

export function shipmentHandlers(services: SandboxServices): Pick<
  Handlers,
  'createShipment' | 'listShipments' | 'readShipment' | 'cancelShipment' | 'deleteShipment' | 'greenIndex' | 'transitTime'
> {
  const { db, cursors, clock } = services;
  const prepare = statementCache(db);
  const byToken = db.prepare<[number, string], ShipmentRow>('SELECT * FROM shipments WHERE owner_id = ? AND token = ?');
  const insert = db.prepare(
    `INSERT INTO shipments (token, owner_id, reference, scope, status, carrier, service, tracking_number, sender, recipient, parcels, created_at, updated_at, cancelled_at)
     VALUES (@token, @owner_id, @reference, @scope, 'created', @carrier, @service, @tracking_number, @sender, @recipient, @parcels, @at, @at, NULL)`,
  );
  const tokenTaken = db.prepare<[string], { one: number }>('SELECT 1 AS one FROM shipments WHERE token = ?');
  const cancel = db.prepare("UPDATE shipments SET status = 'cancelled', cancelled_at = ?, updated_at = ? WHERE seq = ?");
  const remove = db.prepare('DELETE FROM shipments WHERE seq = ?');

  function find(ownerId: number, token: string): ShipmentRow {
    // A malformed token names nothing: the same 404 as a missing or another owner's one.
    const row = TOKEN_PATTERN.test(token) ? byToken.get(ownerId, token) : undefined;
    if (!row) throw shipmentNotFound();
    return row;
  }

  /** A stored shipment's route for a calculation (sender to recipient), checked like a given one. */
  function shipmentRoute(ownerId: number, token: string): { shipment: Shipment; origin: Place; destination: Place } {
    const shipment = shipmentRecord(find(ownerId, token));
    const origin = placeOf(shipment.sender.address);
    const destination = placeOf(shipment.recipient.address);
    checkCountries([
      ['shipment_token', origin],
      ['shipment_token', destination],
    ]);
    return { shipment, origin, destination };
  }

  return {
    createShipment({ owner, body }) {
      const scope = body.scope ?? 1;
      const tracking = body.tracking_number ?? null;
      if (scope === 2 && tracking === null) {
        throw validationFailed('tracking_number', "is required for scope 2 (the carrier's number of a shipment booked elsewhere)");
      }
      if (scope === 1 && tracking !== null) {
        throw validationFailed('tracking_number', 'must be absent for scope 1 (the service assigns it)');
      }
      const badCountries = (['sender', 'recipient'] as const)
        .filter((party) => !isAssignedCountry(body[party].address.country))
        .map((party) => ({ field: `${party}.address.country`, problem: NOT_A_COUNTRY }));
      if (badCountries.length > 0) throw new ApiError('validation_failed', 'An address names no country.', badCountries);
      let token = newShipmentToken();
      while (tokenTaken.get(token)) token = newShipmentToken();
      const at = clock.now();
      insert.run({
        token,
        owner_id: owner.id,
        reference: body.reference ?? null,
        scope,
        carrier: body.carrier,
        service: body.service ?? 'standard',
        tracking_number: tracking,
        sender: JSON.stringify(storedParty(body.sender)),
        recipient: JSON.stringify(storedParty(body.recipient)),
        parcels: JSON.stringify(body.parcels.map(storedParcel)),
        at,
      });
      return shipmentRecord(find(owner.id, token));
    },

    listShipments({ owner, body }) {
      const limit = body.limit ?? DEFAULT_LIMIT;
      const filters = {
        status: body.status,
        reference: body.reference,
        tracking_number: body.tracking_number && normaliseTrackingNumber(body.tracking_number),
        sscc: body.sscc,
        created_since: body.created_since && parseTimestamp(body.created_since),
        updated_since: body.updated_since && parseTimestamp(body.updated_since),
      };
      const fingerprint = cursors.fingerprint(owner.id, 'listShipments', filters);
      const after = cursors.decode(body.cursor, fingerprint);
      const where = ['owner_id = @owner', 'seq > @after'];
      if (filters.status !== undefined) where.push('status = @status');
      if (filters.reference !== undefined) where.push('reference = @reference');
      if (filters.tracking_number !== undefined) where.push(`${TRACKING_NUMBER_KEY} = @tracking_number`);
      if (filters.sscc !== undefined) where.push("EXISTS (SELECT 1 FROM json_each(shipments.parcels) WHERE json_extract(value, '$.sscc') = @sscc)");
      if (filters.created_since !== undefined) where.push('created_at >= @created_since');
      if (filters.updated_since !== undefined) where.push('updated_at >= @updated_since');
      const rows = prepare(`SELECT * FROM shipments WHERE ${where.join(' AND ')} ORDER BY seq LIMIT @limit`).all({
        owner: owner.id,
        after,
        status: filters.status ?? null,
        reference: filters.reference ?? null,
        tracking_number: filters.tracking_number ?? null,
        sscc: filters.sscc ?? null,
        created_since: filters.created_since ?? null,
        updated_since: filters.updated_since ?? null,
        limit: limit + 1,
      }) as ShipmentRow[];
      const page = cursors.page(rows, limit, fingerprint);
      return { data: page.rows.map(shipmentRecord), next_cursor: page.nextCursor };
    },

    readShipment({ owner, params }) {
      return shipmentRecord(find(owner.id, params.token));
    },

    cancelShipment({ owner, params }) {
      const row = find(owner.id, params.token);
      if (row.status === 'cancelled') return shipmentRecord(row);
      if (row.status !== 'created' && row.status !== 'label_ready') {
        throw new ApiError('shipment_not_cancellable', `A shipment that is ${row.status} cannot be cancelled.`);
      }
      const at = clock.nextUpdate(row.updated_at);
      cancel.run(at, at, row.seq);
      return shipmentRecord(find(owner.id, params.token));
    },

    deleteShipment({ owner, params }) {
      const row = find(owner.id, params.token);
      if (row.scope !== 2) {
        throw new ApiError('shipment_not_deletable', 'Only scope 2 shipments can be deleted; cancel a scope 1 shipment instead.');
      }
      remove.run(row.seq);
      return { deleted: true, token: row.token };
    },

    greenIndex({ owner, body }) {
      if ('shipment_token' in body) {
        const { shipment, origin, destination } = shipmentRoute(owner.id, body.shipment_token);
        return greenIndex(origin, destination, shipment.parcels.map((p) => p.weight_grams));
      }
      checkGivenRoute(body);
      return greenIndex(body.origin, body.destination, body.parcels.map((p) => p.weight_grams));
    },

    transitTime({ owner, body }) {
      const shipDate = body.ship_date ?? todayUtc();
      if (shipDate < '2000-01-01' || shipDate > '2100-12-31') {
        throw validationFailed('ship_date', 'must be between 2000-01-01 and 2100-12-31');
      }
      if ('shipment_token' in body) {
        const { shipment, origin, destination } = shipmentRoute(owner.id, body.shipment_token);
        return transitTime(origin, destination, shipDate, shipment.service);
      }
      checkGivenRoute(body);
      return transitTime(body.origin, body.destination, shipDate, 'standard');
    },
  };
}
