import Database from 'better-sqlite3';
import type { LabelCase } from '../../corpus/labels';

/** The card a worker must see after scanning a corpus label on a desk whose demo data holds it. */
export type ExpectedCard =
  | { kind: 'stock'; sku: string; lot?: string; expiry?: string; serial?: string; count?: number }
  | { kind: 'shipment'; token: string }
  | { kind: 'not_found' }
  | { kind: 'invalid'; problem: RegExp };

/**
 * Makes the demo sandbox's data hold what the corpus's labels name, by writing its SQLite file
 * (the corpus's numbers are made up from the published formats, so no generated demo product or
 * parcel has them): each GTIN becomes a barcode of a demo product, each SSCC and tracking number
 * is given to a demo shipment of the desk's owner, and so is each shipment token. Returns the card each label must end on.
 */
export function seedCorpus(dbPath: string, deskShipmentToken: string, labels: readonly LabelCase[]): ExpectedCard[] {
  const db = new Database(dbPath);
  try {
    const owner = db.prepare<[string], { owner_id: number }>('SELECT owner_id FROM shipments WHERE token = ?').get(deskShipmentToken)?.owner_id;
    if (owner === undefined) throw new Error('the desk owner has no such shipment');
    const products = db.prepare<[number], { seq: number; sku: string }>('SELECT seq, sku FROM products WHERE owner_id = ? ORDER BY seq LIMIT 200').all(owner);
    const shipments = db.prepare<[number], { seq: number; token: string; parcels: string }>('SELECT seq, token, parcels FROM shipments WHERE owner_id = ? ORDER BY seq DESC').all(owner);
    const skuOfGtin = db.prepare<[number, string], { sku: string }>('SELECT p.sku FROM barcodes b JOIN products p ON p.seq = b.product_seq WHERE b.owner_id = ? AND b.gtin14 = ?');
    const addBarcode = db.prepare('INSERT OR IGNORE INTO barcodes (owner_id, gtin14, product_seq, code, position) VALUES (?, ?, ?, ?, 9)');
    const skuExists = db.prepare<[number, string], { sku: string }>('SELECT sku FROM products WHERE owner_id = ? AND upper(sku) = upper(?)');
    const setTracking = db.prepare('UPDATE shipments SET tracking_number = ? WHERE seq = ?');
    const setParcels = db.prepare('UPDATE shipments SET parcels = ? WHERE seq = ?');
    const setToken = db.prepare('UPDATE shipments SET token = ? WHERE seq = ?');
    const tokenOfLabel = new Map<string, string>();
    let nextShipment = 0;
    const shipmentFor = (label: string, write: (shipment: { seq: number; parcels: string }) => void): string => {
      const known = tokenOfLabel.get(label);
      if (known) return known;
      const shipment = shipments[nextShipment++];
      if (!shipment) throw new Error('not enough demo shipments for the corpus');
      write(shipment);
      tokenOfLabel.set(label, shipment.token);
      return shipment.token;
    };
    return db.transaction(() =>
      labels.map((label, i): ExpectedCard => {
        const e = label.expect;
        switch (e.kind) {
          case 'gtin': {
            const product = products[i % products.length]!;
            addBarcode.run(owner, e.gtin14, product.seq, e.gtin14);
            const sku = skuOfGtin.get(owner, e.gtin14)!.sku;
            return { kind: 'stock', sku, ...(e.lot ? { lot: e.lot } : {}), ...(e.expiry ? { expiry: e.expiry } : {}), ...(e.serial ? { serial: e.serial } : {}), ...(e.count !== undefined ? { count: e.count } : {}) };
          }
          case 'sscc':
            return {
              kind: 'shipment',
              token: shipmentFor(`sscc ${e.sscc}`, (s) => {
                const parcels = JSON.parse(s.parcels) as { sscc?: string | null }[];
                parcels[0] = { ...parcels[0], sscc: e.sscc };
                setParcels.run(JSON.stringify(parcels), s.seq);
              }),
            };
          case 'tracking':
            return { kind: 'shipment', token: shipmentFor(`tracking ${e.trackingNumber}`, (s) => setTracking.run(e.trackingNumber, s.seq)) };
          case 'sku': {
            const stock = skuExists.get(owner, e.sku);
            return stock ? { kind: 'stock', sku: stock.sku } : { kind: 'not_found' };
          }
          case 'shipment':
            // A demo shipment takes the label's token (the token is the shipment's only key at the service).
            shipmentFor(`token ${e.token}`, (s) => setToken.run(e.token, s.seq));
            return { kind: 'shipment', token: e.token };
          case 'invalid':
            return { kind: 'invalid', problem: e.problem };
        }
      }),
    )();
  } finally {
    db.close();
  }
}
