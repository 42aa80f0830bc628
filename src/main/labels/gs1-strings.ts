import { toGtin14 } from '../../shared/gtin';
import type { Barcode } from './barcodes';

const GS = '\u001d';

/** The retail symbol of a GTIN: EAN-13, UPC-A (GTIN-12), EAN-8, or GS1-128 (AI 01) for a GTIN-14 of a case. */
export function retailBarcode(gtin: string): Barcode {
  const gtin14 = toGtin14(gtin);
  if (gtin14.startsWith('000000')) return { symbology: 'ean8', data: gtin14.slice(6), reads: gtin14.slice(6) };
  if (gtin14.startsWith('00')) return { symbology: 'upca', data: gtin14.slice(2), reads: gtin14.slice(2) };
  if (gtin14.startsWith('0')) return { symbology: 'ean13', data: gtin14.slice(1), reads: gtin14.slice(1) };
  return { symbology: 'gs1-128', data: `(01)${gtin14}`, reads: `01${gtin14}` };
}

/** 2027-12-31 -> 271231, the YYMMDD of AI 17. */
function yymmdd(isoDate: string): string {
  return isoDate.slice(2, 4) + isoDate.slice(5, 7) + isoDate.slice(8, 10);
}

/**
 * The GS1 element string of a product with its lot and expiry: (01) GTIN-14, (17) expiry, then
 * (10) lot last, since a variable-length field at the end needs no FNC1 separator.
 */
export function gs1ElementString(gtin: string, lot: string | null, expiry: string | null): { data: string; reads: string } {
  const fields: [string, string, boolean][] = [['01', toGtin14(gtin), false]];
  if (expiry) fields.push(['17', yymmdd(expiry), false]);
  if (lot) fields.push(['10', lot, true]);
  const data = fields.map(([ai, value]) => `(${ai})${value}`).join('');
  const reads = fields.map(([ai, value, variable], i) => ai + value + (variable && i < fields.length - 1 ? GS : '')).join('');
  return { data, reads };
}
