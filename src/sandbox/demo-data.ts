// Deterministic demo data: the same seed gives the same warehouses, products, barcodes, stock
// and shipments (ids, tokens and timestamps included). Seeded once per database file, in one
// transaction with prepared statements, so 100,000 SKUs take a few seconds.
import type { Party, ShipmentStatus } from '../shared/api/types';
import { toGtin14, withCheckDigit } from './barcodes';
import type { SandboxDb } from './db/open';
import { gs1CheckDigit, hasGlsCheckDigit, hasUpsCheckDigit } from '../shared/codes/check-digits';
import { seededString } from './ids';
import type { DemoOwnerKey } from './owners';

export interface DemoSettings {
  skus: number;
  shipments: number;
  seed: number;
}

export const DEFAULT_DEMO: DemoSettings = { skus: 2400, shipments: 240, seed: 1 };

/** Fixed reference instant of the demo data, so timestamps are part of the determinism. */
export const DEMO_BASE_MS = Date.parse('2025-01-06T08:00:00.000Z');
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** mulberry32: a tiny, fast, well-mixed 32-bit generator; returns floats in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** SKU number i of a demo owner: `WD-000042` (desk), `OT-000042` (other). */
export function demoSku(owner: DemoOwnerKey, i: number): string {
  return `${owner === 'desk' ? 'WD' : 'OT'}-${String(i).padStart(6, '0')}`;
}

const ownerDigitOf = (owner: DemoOwnerKey): string => (owner === 'desk' ? '1' : '2');

/** The primary EAN-13 of demo SKU number i. Every 13th starts with 0, so its UPC-A form (12 digits) finds it too. */
export function demoEan13(owner: DemoOwnerKey, i: number): string {
  return withCheckDigit(`${i % 13 === 0 ? '04' : '87'}${ownerDigitOf(owner)}${String(i).padStart(9, '0')}`);
}

/** GS1 company prefixes of the demo owners' SSCCs (a German and a Dutch range). */
const SSCC_COMPANY_PREFIX: Record<DemoOwnerKey, string> = { desk: '4012345', other: '8712345' };

/**
 * The SSCC on parcel `parcel` of demo shipment `shipment`: extension digit 3, the owner's GS1
 * company prefix, a 9-digit serial reference, the mod-10 check digit. Unique per owner.
 */
export function demoSscc(owner: DemoOwnerKey, shipment: number, parcel: number): string {
  const body = `3${SSCC_COMPANY_PREFIX[owner]}${String(shipment * 10 + parcel).padStart(9, '0')}`;
  return `${body}${gs1CheckDigit(body)}`;
}

/** A demo carrier tracking number in the carrier's printed format, from 12 seeded characters. */
export function demoTrackingNumber(carrier: string, random: () => number): string {
  return carrierTrackingNumber(carrier, seededString(random, 'lower', 12));
}

interface DemoWarehouse {
  code: string;
  name: string;
  line1: string;
  city: string;
  postal_code: string;
  country: string;
}

const WAREHOUSES: Record<DemoOwnerKey, DemoWarehouse[]> = {
  desk: [
    { code: 'AMS1', name: 'Amsterdam Westpoort', line1: 'Moezelhavenweg 9', city: 'Amsterdam', postal_code: '1043 AM', country: 'NL' },
    { code: 'DUI1', name: 'Duisburg Logport', line1: 'Am Logport 1', city: 'Duisburg', postal_code: '47229', country: 'DE' },
    { code: 'LYS1', name: 'Lyon Saint-Exupéry', line1: 'Rue de la Logistique 4', city: 'Colombier-Saugnieu', postal_code: '69124', country: 'FR' },
  ],
  other: [
    { code: 'BCN1', name: 'Barcelona Zona Franca', line1: 'Carrer 60, 19', city: 'Barcelona', postal_code: '08040', country: 'ES' },
    { code: 'MIL1', name: 'Milano Nord', line1: 'Via della Logistica 3', city: 'Milano', postal_code: '20161', country: 'IT' },
  ],
};

const NOUNS = [
  'Pallet wrap', 'Cable ties', 'Packing tape', 'Shipping box', 'Bubble mailer', 'Label roll', 'Safety gloves',
  'Box cutter', 'Stretch film', 'Corner guard', 'Void fill', 'Strapping band', 'Desiccant pack', 'Castor wheel',
  'Storage bin', 'Scanner cable', 'Printer ribbon', 'Zip bag', 'Foam sheet', 'Kraft paper', 'Hi-vis vest',
  'Tape dispenser', 'Shelf label', 'Pallet collar',
];
const COLOURS = ['black', 'white', 'clear', 'brown', 'blue', 'red', 'green', 'yellow'];
const SIZES = ['XS', 'S', 'M', 'L', 'XL', '50 mm', '75 mm', '100 mm', '500 m', '10 pcs', '100 pcs'];

const RECIPIENTS: { name: string; line1: string; city: string; postal_code: string; country: string }[] = [
  { name: 'Anna de Vries', line1: 'Prinsengracht 263', city: 'Amsterdam', postal_code: '1016 GV', country: 'NL' },
  { name: 'Jonas Müller', line1: 'Torstraße 1', city: 'Berlin', postal_code: '10119', country: 'DE' },
  { name: 'Élodie Martin', line1: '12 rue de Rivoli', city: 'Paris', postal_code: '75004', country: 'FR' },
  { name: 'Lucía García', line1: 'Calle de Alcalá 45', city: 'Madrid', postal_code: '28014', country: 'ES' },
  { name: 'Marco Rossi', line1: 'Via Roma 10', city: 'Torino', postal_code: '10121', country: 'IT' },
  { name: 'Sophie Peeters', line1: 'Meir 50', city: 'Antwerpen', postal_code: '2000', country: 'BE' },
  { name: 'Oliver Smith', line1: '221B Baker Street', city: 'London', postal_code: 'NW1 6XE', country: 'GB' },
  { name: 'Karin Berg', line1: 'Drottninggatan 5', city: 'Stockholm', postal_code: '111 51', country: 'SE' },
  { name: 'Piotr Nowak', line1: 'ul. Marszałkowska 10', city: 'Warszawa', postal_code: '00-590', country: 'PL' },
  { name: 'Tomáš Novák', line1: 'Václavské náměstí 1', city: 'Praha', postal_code: '110 00', country: 'CZ' },
  { name: 'Aoife Byrne', line1: '1 Grafton Street', city: 'Dublin', postal_code: 'D02 Y754', country: 'IE' },
  { name: 'Emily Johnson', line1: '350 Fifth Avenue', city: 'New York', postal_code: '10118', country: 'US' },
  { name: '田中 花子', line1: '1-1 Chiyoda', city: 'Tokyo', postal_code: '100-0001', country: 'JP' },
  { name: 'Liam Wilson', line1: '1 Macquarie Street', city: 'Sydney', postal_code: '2000', country: 'AU' },
  { name: 'Lars Hansen', line1: 'Strøget 20', city: 'København', postal_code: '1160', country: 'DK' },
  { name: 'Eva Gruber', line1: 'Graben 21', city: 'Wien', postal_code: '1010', country: 'AT' },
];

const CARRIERS = ['dhl', 'dpd', 'gls', 'postnl', 'ups'];
const SERVICES = ['standard', 'express', 'economy'] as const;
const STATUSES: ShipmentStatus[] = ['created', 'label_ready', 'in_transit', 'delivered', 'cancelled'];

export function isDemoSeeded(db: SandboxDb): boolean {
  return db.prepare("SELECT 1 FROM meta WHERE key = 'demo_seed'").get() !== undefined;
}

const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
const between = (random: () => number, min: number, max: number): number => min + Math.floor(random() * (max - min + 1));

export function seedDemoData(db: SandboxDb, owners: Record<DemoOwnerKey, number>, settings: DemoSettings): void {
  const insertWarehouse = db.prepare(
    'INSERT INTO warehouses (id, owner_id, code, name, line1, line2, city, postal_code, country, updated_at) VALUES (?, ?, ?, ?, ?, NULL, ?, ?, ?, ?)',
  );
  const insertProduct = db.prepare(
    `INSERT INTO products (owner_id, sku, name, weight_grams, length_mm, width_mm, height_mm, updated_at, stock_version, stock_updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, ?)`,
  );
  const insertBarcode = db.prepare('INSERT INTO barcodes (owner_id, gtin14, product_seq, code, position) VALUES (?, ?, ?, ?, ?)');
  const insertLevel = db.prepare('INSERT INTO stock_levels (product_seq, warehouse_seq, on_hand, reserved) VALUES (?, ?, ?, ?)');
  const insertShipment = db.prepare(
    `INSERT INTO shipments (token, owner_id, reference, scope, status, carrier, service, tracking_number, sender, recipient, parcels, created_at, updated_at, cancelled_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );

  const seedOwner = (key: DemoOwnerKey, skus: number, shipments: number, random: () => number): void => {
    const ownerId = owners[key];
    const ownerDigit = ownerDigitOf(key);
    const warehouses = WAREHOUSES[key].map((w) => {
      const id = `wh_${w.code.toLowerCase()}${seededString(random, 'mixed', 8)}`;
      const seq = Number(insertWarehouse.run(id, ownerId, w.code, w.name, w.line1, w.city, w.postal_code, w.country, DEMO_BASE_MS - 365 * DAY_MS).lastInsertRowid);
      return { ...w, id, seq };
    });

    for (let i = 1; i <= skus; i++) {
      const sku = demoSku(key, i);
      const name = `${pick(random, NOUNS)}, ${pick(random, COLOURS)}, ${pick(random, SIZES)}`;
      const updatedAt = DEMO_BASE_MS - Math.floor(random() * 90 * DAY_MS);
      const productSeq = Number(
        insertProduct.run(ownerId, sku, name, between(random, 20, 25_000), between(random, 20, 1200), between(random, 20, 800), between(random, 5, 600), updatedAt, updatedAt).lastInsertRowid,
      );
      const ean13 = demoEan13(key, i);
      const codes = [ean13];
      if (i % 7 === 0) codes.push(withCheckDigit(`1${ean13.slice(0, 12)}`)); // a GTIN-14 outer case
      if (i % 29 === 0 && i < 1_000_000) codes.push(withCheckDigit(`2${ownerDigit}${String(i).padStart(5, '0').slice(-5)}`)); // a GTIN-8
      codes.forEach((code, position) => insertBarcode.run(ownerId, toGtin14(code), productSeq, code, position));

      warehouses.forEach((warehouse, index) => {
        if (index !== i % warehouses.length && random() >= 0.55) return;
        const onHand = random() < 0.08 ? 0 : Math.floor(random() ** 2 * 800);
        const reserved = onHand > 0 && random() < 0.2 ? Math.floor(random() * Math.min(onHand, 30)) : 0;
        insertLevel.run(productSeq, warehouse.seq, onHand, reserved);
      });
    }

    const home = warehouses[0];
    if (!home) return;
    for (let j = 0; j < shipments; j++) {
      const status = STATUSES[j % STATUSES.length] as ShipmentStatus;
      const scope = j % 3 === 0 ? 2 : 1;
      const carrier = pick(random, CARRIERS);
      const service = pick(random, SERVICES);
      const origin = warehouses[j % warehouses.length] ?? home;
      const to = pick(random, RECIPIENTS);
      const sender: Party = {
        name: key === 'desk' ? 'Warehouse Desk Demo' : 'Other Demo Company',
        company: origin.name,
        email: null,
        phone: null,
        address: { line1: origin.line1, line2: null, city: origin.city, postal_code: origin.postal_code, country: origin.country },
      };
      const recipient: Party = {
        name: to.name,
        company: null,
        email: null,
        phone: null,
        address: { line1: to.line1, line2: null, city: to.city, postal_code: to.postal_code, country: to.country },
      };
      const parcels = Array.from({ length: between(random, 1, 3) }, (_, parcel) => ({
        weight_grams: between(random, 200, 20_000),
        dimensions_mm: { length: between(random, 150, 800), width: between(random, 100, 600), height: between(random, 50, 500) },
        sscc: demoSscc(key, j, parcel),
      }));
      const token = `shp_${seededString(random, 'lower', 20)}`;
      const tracking = scope === 2 || status !== 'created' ? demoTrackingNumber(carrier, random) : null;
      const createdAt = DEMO_BASE_MS - (shipments - j) * 3 * HOUR_MS;
      const updatedAt = createdAt + STATUSES.indexOf(status) * 5 * HOUR_MS;
      insertShipment.run(
        token,
        ownerId,
        j % 10 === 9 ? null : `${key === 'desk' ? 'ORD' : 'OT-ORD'}-${100000 + j}`,
        scope,
        status,
        carrier,
        service,
        tracking,
        JSON.stringify(sender),
        JSON.stringify(recipient),
        JSON.stringify(parcels),
        createdAt,
        updatedAt,
        status === 'cancelled' ? updatedAt : null,
      );
    }
  };

  db.transaction(() => {
    const random = seededRandom(settings.seed);
    seedOwner('desk', settings.skus, settings.shipments, random);
    // The other owner gets its own, smaller data set (for isolation tests and demos).
    seedOwner('other', Math.min(25, settings.skus), Math.min(12, settings.shipments), seededRandom(settings.seed + 1));
    db.prepare("INSERT INTO meta (key, value) VALUES ('demo_seed', ?)").run(JSON.stringify(settings));
  }).immediate();
}

/**
 * A tracking number in the carrier's own printed format (UPS 1Z with its check digit, DHL JJD
 * piece id, DPD 14-digit parcel number, GLS 12 digits with its check digit, PostNL 3S), made
 * from `seed` so the demo data stays the same from run to run.
 */
function carrierTrackingNumber(carrier: string, seed: string): string {
  const digits = (n: number, from = 0): string =>
    Array.from({ length: n }, (_, i) => String((seed.charCodeAt((from + i) % seed.length) * (i + 7)) % 10)).join('');
  const withCheck = (body: string, valid: (n: string) => boolean): string => {
    const digit = [...'0123456789'].find((d) => valid(`${body}${d}`));
    return `${body}${digit ?? '0'}`;
  };
  switch (carrier) {
    case 'ups':
      return withCheck(`1Z${seed.slice(0, 6).toUpperCase()}03${digits(7)}`, hasUpsCheckDigit);
    case 'dhl':
      return `JJD${digits(18)}`;
    case 'dpd':
      return `0${digits(13, 3)}`;
    case 'gls':
      return withCheck(`5${digits(10, 1)}`, hasGlsCheckDigit);
    case 'postnl':
      return `3S${seed.slice(0, 4).toUpperCase().replace(/[^A-Z]/g, 'X')}${digits(9, 2)}`;
    default:
      return `${carrier.toUpperCase()}${seed.toUpperCase()}`;
  }
}
