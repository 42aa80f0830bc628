import { TEST_SHEET, type SheetCode } from '../../shared/codes/scanner-test-sheet';
import { isGtinShaped, hasValidCheckDigit, toGtin14 } from '../../shared/gtin';
import type { LabelItem } from '../../shared/ipc/label-records';
import type { Shipment, Stock, Warehouse } from '../../shared/ipc/records';
import { failure } from '../../shared/ipc/result';
import type { Barcode } from './barcodes';
import { gs1ElementString, retailBarcode } from './gs1-strings';

/** What a label shows, read from the cache: the templates only lay it out. */
export type LabelContent =
  | { template: 'shelf'; sku: string; name: string; warehouse: Pick<Warehouse, 'code' | 'name'> | null; barcode: Barcode }
  | { template: 'product'; sku: string; gtin: string; name: string; lot: string | null; expiry: string | null; retail: Barcode; gs1: { dataMatrix: Barcode; linear: Barcode } | null }
  /** `cancelled`: the label still prints (a reprint for the records) but marked, so it never goes on a parcel. */
  | { template: 'shipment'; reference: string; carrier: string | null; trackingNumber: string | null; cancelled: boolean; qr: Barcode; tracking: Barcode | null }
  | { template: 'scanner-test'; number: number; title: string; barcode: Barcode };

/** The cache reads a label needs (kernel/cache's CatalogReads has them). */
export interface LabelReads {
  stockBySku(sku: string): Stock | null;
  warehouses(): Warehouse[];
  shipment(token: string): Shipment | null;
}

function stockOf(reads: LabelReads, sku: string): Stock {
  const stock = reads.stockBySku(sku);
  if (!stock) throw failure('not_in_cache', `SKU ${sku} is not in the offline cache; scan it or sync, then print again.`, { reason: 'sku', params: { sku } });
  return stock;
}

function shelfLabel(reads: LabelReads, sku: string, warehouseId: string | undefined): LabelContent {
  const stock = stockOf(reads, sku);
  // Only the warehouse the worker printed for: the print dialog says so before printing, and a
  // product stocked in one warehouse today may be shelved in a second tomorrow.
  let warehouse: Warehouse | null = null;
  if (warehouseId !== undefined) {
    warehouse = reads.warehouses().find((w) => w.id === warehouseId) ?? null;
    if (!warehouse) throw failure('label_not_printable', `Warehouse ${warehouseId} is not known to this desk.`, { reason: 'unknown_warehouse', params: { warehouse: warehouseId } });
  }
  return {
    template: 'shelf',
    sku: stock.sku,
    name: stock.name,
    warehouse: warehouse && { code: warehouse.code, name: warehouse.name },
    barcode: { symbology: 'code128', data: stock.sku, reads: stock.sku },
  };
}

function productLabel(reads: LabelReads, item: Extract<LabelItem, { template: 'product' }>): LabelContent {
  const stock = stockOf(reads, item.sku);
  const gtins = stock.barcodes.filter(hasValidCheckDigit);
  let gtin: string | undefined;
  if (item.gtin !== undefined) {
    if (!isGtinShaped(item.gtin) || !hasValidCheckDigit(item.gtin)) throw failure('label_not_printable', `${item.gtin} is not a GTIN: its check digit is wrong.`, { reason: 'bad_check_digit', params: { gtin: item.gtin } });
    gtin = gtins.find((g) => toGtin14(g) === toGtin14(item.gtin as string));
    if (!gtin) throw failure('label_not_printable', `GTIN ${item.gtin} is not a barcode of SKU ${stock.sku}.`, { reason: 'gtin_not_of_sku', params: { gtin: item.gtin, sku: stock.sku } });
  } else {
    gtin = gtins[0];
    if (!gtin) throw failure('label_not_printable', `SKU ${stock.sku} has no GTIN to print a product label with; print a shelf label instead.`, { reason: 'no_gtin', params: { sku: stock.sku } });
  }
  const lot = item.lot ?? null;
  const expiry = item.expiry ?? null;
  const element = lot || expiry ? gs1ElementString(gtin, lot, expiry) : null;
  return {
    template: 'product',
    sku: stock.sku,
    gtin,
    name: stock.name,
    lot,
    expiry,
    retail: retailBarcode(gtin),
    gs1: element && { dataMatrix: { symbology: 'gs1datamatrix', ...element }, linear: { symbology: 'gs1-128', ...element } },
  };
}

function shipmentLabel(reads: LabelReads, token: string): LabelContent {
  const shipment = reads.shipment(token);
  if (!shipment) throw failure('not_in_cache', 'This shipment is not in the offline cache; open it once, then print again.', { reason: 'shipment_label' });
  const tracking = shipment.trackingNumber;
  return {
    template: 'shipment',
    // The token is the QR code's, for a scanner; a person reads the reference and tracking number.
    reference: shipment.reference || shipment.trackingNumber || shipment.token,
    carrier: shipment.carrier,
    trackingNumber: tracking,
    cancelled: shipment.status === 'cancelled',
    qr: { symbology: 'qrcode', data: shipment.token, reads: shipment.token },
    tracking: tracking ? { symbology: 'code128', data: tracking, reads: tracking } : null,
  };
}

/** A code of the scanner setup check's sheet, numbered as the check asks for it. */
function scannerTestLabel(id: SheetCode['id']): LabelContent {
  const index = TEST_SHEET.findIndex((c) => c.id === id);
  const code = TEST_SHEET[index];
  if (!code) throw failure('label_not_printable', `${id} is not a code of the scanner test sheet.`);
  return { template: 'scanner-test', number: index + 1, title: code.title, barcode: { symbology: code.bcid, data: code.drawText, reads: code.text } };
}

/** Reads every label's record; the first one that cannot be printed fails the whole job, before anything prints. */
export function labelContents(reads: LabelReads, items: readonly LabelItem[]): LabelContent[] {
  return items.map((item) => {
    switch (item.template) {
      case 'shelf':
        return shelfLabel(reads, item.sku, item.warehouseId);
      case 'product':
        return productLabel(reads, item);
      case 'shipment':
        return shipmentLabel(reads, item.token);
      case 'scanner-test':
        return scannerTestLabel(item.code);
    }
  });
}
