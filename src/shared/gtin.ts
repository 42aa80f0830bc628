import { hasGs1CheckDigit } from './codes/check-digits';

/** GTIN-8, GTIN-12 (UPC-A), GTIN-13 (EAN-13) and GTIN-14 are all 14 digits once left-padded. */
const GTIN_LENGTHS = new Set([8, 12, 13, 14]);

export function isGtinShaped(code: string): boolean {
  return /^[0-9]+$/.test(code) && GTIN_LENGTHS.has(code.length);
}

/**
 * The one form barcodes are compared in (as the service does): an EAN-13 in the cache is found
 * when scanned as a GTIN-14 with a leading 0, and the other way round.
 */
export function toGtin14(code: string): string {
  return code.padStart(14, '0');
}

/** True when the last digit is the GS1 mod-10 check digit of the others. */
export function hasValidCheckDigit(code: string): boolean {
  return isGtinShaped(code) && hasGs1CheckDigit(code);
}
