import type Database from 'better-sqlite3';

/** What a carrier's parcel label carries that names a shipment: a parcel's SSCC or the tracking number (upper case, no spaces). */
export type CarrierLabel = { kind: 'sscc'; sscc: string } | { kind: 'tracking_number'; trackingNumber: string };

/**
 * The cached shipments a carrier label names. Shipments are cached as they are seen (a few
 * hundred at most), so these read the stored records without an index of their own.
 */
export class ShipmentLabelQueries {
  readonly #byTrackingNumber: Database.Statement<[string], { token: string }>;
  readonly #bySscc: Database.Statement<[string], { token: string }>;

  constructor(db: Database.Database) {
    this.#byTrackingNumber = db.prepare(
      "SELECT token FROM shipments WHERE replace(upper(json_extract(record_json, '$.trackingNumber')), ' ', '') = ? ORDER BY created_at DESC LIMIT 1",
    );
    this.#bySscc = db.prepare(
      "SELECT token FROM shipments WHERE EXISTS (SELECT 1 FROM json_each(record_json, '$.parcels') WHERE json_extract(value, '$.sscc') = ?) ORDER BY created_at DESC LIMIT 1",
    );
  }

  /** The token of the newest cached shipment with this label, or null. */
  token(label: CarrierLabel): string | null {
    const row = label.kind === 'sscc' ? this.#bySscc.get(label.sscc) : this.#byTrackingNumber.get(label.trackingNumber);
    return row?.token ?? null;
  }
}
