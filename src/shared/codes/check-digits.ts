/**
 * The check digit schemes of the codes a desk scans. GS1 keys (GTIN, SSCC, GLN) share one
 * modulo-10 scheme (GS1 General Specifications 7.9.1); the carriers each have their own.
 */

function digitsOf(text: string): number[] {
  return [...text].map((c) => c.charCodeAt(0) - 48);
}

/** The GS1 modulo-10 check digit of `body` (the key without its check digit): weights 3,1,3... from the right. */
export function gs1CheckDigit(body: string): number {
  let sum = 0;
  const digits = digitsOf(body);
  for (let i = 0; i < digits.length; i++) sum += (digits[digits.length - 1 - i] ?? 0) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10;
}

/** True when `key` is all digits and its last digit is the GS1 check digit of the others. */
export function hasGs1CheckDigit(key: string): boolean {
  return /^\d{2,}$/.test(key) && gs1CheckDigit(key.slice(0, -1)) === Number(key.at(-1));
}

/** GLS parcel numbers: the GS1 weighting with 1 added to the sum before the modulo. */
export function hasGlsCheckDigit(parcel: string): boolean {
  if (!/^\d{12}$/.test(parcel)) return false;
  const digits = digitsOf(parcel.slice(0, 11));
  const sum = digits.reduce((s, d, i) => s + d * (i % 2 === 0 ? 3 : 1), 0) + 1;
  return (10 - (sum % 10)) % 10 === Number(parcel[11]);
}

/** UPS 1Z numbers: letters count as (char code - 63) mod 10, weights 1,2,1,2... over the 15 after "1Z". */
export function hasUpsCheckDigit(tracking: string): boolean {
  const body = tracking.slice(2);
  if (!/^[0-9A-Z]{16}$/.test(body)) return false;
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    const c = body.charCodeAt(i);
    const value = c <= 57 ? c - 48 : (c - 63) % 10;
    sum += value * (i % 2 === 0 ? 1 : 2);
  }
  return String((10 - (sum % 10)) % 10) === body[15];
}

/** DHL Express waybills: the last digit is the number before it modulo 7. */
export function hasMod7CheckDigit(number: string): boolean {
  return /^\d{2,}$/.test(number) && Number(BigInt(number.slice(0, -1)) % 7n) === Number(number.at(-1));
}

const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** ISO/IEC 7064 MOD 37,36 (DPD's check character over the 27 characters of its barcode). */
export function mod37_36CheckChar(body: string): string {
  let product = 36;
  for (const ch of body) {
    const value = ALPHANUMERIC.indexOf(ch);
    let sum = (product + value) % 36;
    if (sum === 0) sum = 36;
    product = (sum * 2) % 37;
  }
  const check = (37 - product) % 36;
  return ALPHANUMERIC[check] ?? '?';
}

/** UPU S10 postal item ids (two letters, 8 digits, check digit, country): weights 8,6,4,2,3,5,9,7, modulo 11. */
export function hasS10CheckDigit(serial: string, check: string): boolean {
  if (!/^\d{8}$/.test(serial)) return false;
  const weights = [8, 6, 4, 2, 3, 5, 9, 7];
  const sum = digitsOf(serial).reduce((s, d, i) => s + d * (weights[i] ?? 0), 0);
  const r = 11 - (sum % 11);
  const expected = r === 10 ? 0 : r === 11 ? 5 : r;
  return String(expected) === check;
}
