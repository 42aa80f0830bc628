// GTIN helpers: check digits (from the `gtin` package) and the GTIN-14 form used to match a
// scanned code against stored ones whatever its length (UPC-A 12, EAN-13, GTIN-14).
import { isGTIN, isValid } from 'gtin';

export function isValidGtin(code: string): boolean {
  return isGTIN(code) && isValid(code);
}

export { toGtin14 } from '../shared/gtin';

/** Appends the check digit to a 7-, 11-, 12- or 13-digit body. */
export function withCheckDigit(body: string): string {
  for (let digit = 0; digit <= 9; digit++) {
    const candidate = `${body}${digit}`;
    if (isValid(candidate)) return candidate;
  }
  throw new Error(`no check digit for ${body}`);
}
