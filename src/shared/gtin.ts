import { isValid } from 'gtin';

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

/** The GS1 mod-10 check digit of a body of digits (GTIN, SSCC, GLN: weights 3,1,3,... from the right). */
export function gs1CheckDigit(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return String((10 - (sum % 10)) % 10);
}

/** True when the last digit is the GS1 mod-10 check digit of the others. */
export function hasValidCheckDigit(code: string): boolean {
  return isGtinShaped(code) && isValid(code);
}
