import { refuse, type CodeRefusal } from './refusal';
import { hasGlsCheckDigit, hasMod7CheckDigit, hasS10CheckDigit, hasUpsCheckDigit, mod37_36CheckChar } from './check-digits';

/**
 * Parcel carriers' tracking numbers as printed in their label barcodes. Each format is the one the
 * carrier publishes for its labels; where a carrier defines a check digit it is verified, so a
 * misread is not taken for another parcel.
 */

export type CarrierId = 'ups' | 'dhl' | 'dpd' | 'gls' | 'postnl' | 'post';

export const CARRIER_NAMES: Record<CarrierId, string> = {
  ups: 'UPS',
  dhl: 'DHL',
  dpd: 'DPD',
  gls: 'GLS',
  postnl: 'PostNL',
  post: 'Postal service (UPU S10)',
};

export interface TrackingNumber {
  carrier: CarrierId;
  carrierName: string;
  /** The number the carrier tracks the parcel by (for DPD's 28-character barcode, the 14-digit parcel number). */
  trackingNumber: string;
}

export type TrackingResult = { ok: true; tracking: TrackingNumber } | { ok: false; refusal: CodeRefusal } | null;

function found(carrier: CarrierId, trackingNumber: string): TrackingResult {
  return { ok: true, tracking: { carrier, carrierName: CARRIER_NAMES[carrier], trackingNumber } };
}

const UPS = /^1Z[0-9A-Z]{16}$/;
const DHL_PIECE = /^J[A-Z]{2,3}\d{9,20}$/;
/** DPD's parcel label barcode: % + 7-character destination postcode + 14-digit parcel number + 3-digit service + 3-digit country. */
const DPD_BARCODE = /^%([0-9A-Z]{7})(\d{14})(\d{3})(\d{3})$/;
/** The same 27 characters as printed under the barcode, with DPD's check character after them. */
const DPD_PRINTED = /^([0-9A-Z]{7})(\d{14})(\d{3})(\d{3})([0-9A-Z])$/;
const DPD_PARCEL_WITH_CHECK = /^(\d{14})([0-9A-Z])$/;
const POSTNL = /^3S[A-Z]{4}\d{6,11}$/;
const S10 = /^([A-Z]{2})(\d{8})(\d)([A-Z]{2})$/;

/**
 * The carrier tracking number `code` is, if it is one whose format says so on its own (UPS 1Z,
 * DHL JJD/JVGL, DPD %, PostNL 3S, UPU S10): an error when the format matches but its check fails.
 * Pure digit strings are judged by `numericTrackingNumber`, since they may be GTINs or SKUs.
 */
export function prefixedTrackingNumber(code: string): TrackingResult {
  const upper = code.toUpperCase();
  if (UPS.test(upper)) return hasUpsCheckDigit(upper) ? found('ups', upper) : { ok: false, refusal: refuse('ups_check_digit', { number: upper }) };
  if (DHL_PIECE.test(upper)) return found('dhl', upper);
  const dpd = DPD_BARCODE.exec(upper);
  if (dpd?.[2]) return found('dpd', dpd[2]);
  const printed = DPD_PRINTED.exec(upper);
  if (printed?.[2] && mod37_36CheckChar(upper.slice(0, 27)) === printed[5]) return found('dpd', printed[2]);
  if (POSTNL.test(upper)) return found('postnl', upper);
  const s10 = S10.exec(upper);
  if (s10?.[2] && s10[3]) return hasS10CheckDigit(s10[2], s10[3]) ? found('post', upper) : { ok: false, refusal: refuse('postal_check_digit', { number: upper }) };
  const dpdParcel = DPD_PARCEL_WITH_CHECK.exec(upper);
  if (dpdParcel?.[1] && /[A-Z]/.test(dpdParcel[2] ?? '') && mod37_36CheckChar(dpdParcel[1]) === dpdParcel[2]) return found('dpd', dpdParcel[1]);
  return null;
}

/**
 * The carrier a plain digit string belongs to, when its length and check digit say so: GLS parcel
 * numbers (12 digits, GLS check digit), DHL Express waybills (10 digits, modulo 7), DPD parcel
 * numbers (14 digits, no check digit in the barcode). Null otherwise. Callers judge GTINs first:
 * a 12- or 14-digit code with a valid GS1 check digit is a product.
 */
export function numericTrackingNumber(digits: string): TrackingNumber | null {
  if (!/^\d+$/.test(digits)) return null;
  let result: TrackingResult = null;
  if (digits.length === 12 && hasGlsCheckDigit(digits)) result = found('gls', digits);
  else if (digits.length === 10 && hasMod7CheckDigit(digits)) result = found('dhl', digits);
  else if (digits.length === 14) result = found('dpd', digits);
  return result?.ok ? result.tracking : null;
}
