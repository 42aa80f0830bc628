import type { LabelReads } from '../../../../src/main/labels';
import type { Shipment, Stock, Warehouse } from '../../../../src/shared/ipc/records';

const AT = '2026-11-25T08:00:00.000Z';
export const WAREHOUSE: Warehouse = { id: 'wh_1', code: 'AMS-2', name: 'Amsterdam Westpoort, hall 2', address: null, confirmedAt: AT };

export function stockRecord(sku: string, name: string, barcodes: string[]): Stock {
  return { sku, name, barcodes, levels: [{ warehouseId: WAREHOUSE.id, onHand: 5, reserved: 0, available: 5 }], totals: { onHand: 5, reserved: 0, available: 5 }, version: 1, updatedAt: AT, confirmedAt: AT, source: 'cache' };
}

export const SHIPMENT: Shipment = {
  token: 'shp_0123456789abcdefghij',
  reference: 'ORD-2026-000917',
  scope: 2,
  status: 'label_ready',
  carrier: 'ups',
  service: 'express',
  trackingNumber: '1Z999AA10123456784',
  sender: { name: 'Desk', address: { line1: 'Moezelhavenweg 9', line2: null, city: 'Amsterdam', postalCode: '1043 AM', country: 'NL' } },
  recipient: { name: 'Emily Johnson', address: { line1: '350 Fifth Avenue', line2: null, city: 'New York', postalCode: '10118', country: 'US' } },
  parcels: [],
  createdAt: AT,
  updatedAt: AT,
  cancelledAt: null,
  confirmedAt: AT,
  source: 'cache',
};

/** The longest tracking number a shipment may carry: 40 characters, too many for a Code 128 on a small label. */
export const LONG_TRACKING_SHIPMENT: Shipment = { ...SHIPMENT, token: 'shp_abcdefghij0123456789', reference: 'ORD-2026-000918', carrier: 'freight', trackingNumber: 'FRT-2026-NL-AMS-000000917-PALLET-0001-OF' };

/** A cache of a few records with every kind of GTIN, a long name and a long SKU, and one shipment. */
export function fakeReads(): { reads: LabelReads; records: Map<string, Stock> } {
  const records = new Map<string, Stock>([
    ['UPC-1', stockRecord('UPC-1', 'Cable ties, black, 200 mm, bag of 100', ['036000291452'])],
    ['CASE-6', stockRecord('CASE-6', 'Outer case of six', ['10012345678902'])],
    ['EAN8-1', stockRecord('EAN8-1', 'Small part', ['96385074'])],
    ['PALLET-WRAP.CLEAR_23MU-500MM', stockRecord('PALLET-WRAP.CLEAR_23MU-500MM', 'Stretch film for pallet wrapping, clear, 23 micron, 500 mm x 300 m, hand roll with extended core', ['4006381333931'])],
    ['NO-GTIN', stockRecord('NO-GTIN', 'Loose screws', [])],
  ]);
  const reads: LabelReads = {
    stockBySku: (sku) => records.get(sku) ?? null,
    warehouses: () => [WAREHOUSE],
    shipment: (token) => [SHIPMENT, LONG_TRACKING_SHIPMENT].find((s) => s.token === token) ?? null,
  };
  return { reads, records };
}
