import { gs1CheckDigit } from '../../shared/gtin';

/**
 * What a carrier's parcel label may carry that names a shipment: the parcel's SSCC (GS1 AI 00)
 * or the carrier's tracking number. Small on purpose: a full GS1 / carrier-label parser in
 * src/shared replaces it.
 */
export type CarrierLabel = { kind: 'sscc'; sscc: string } | { kind: 'tracking_number'; trackingNumber: string };

const GS = '\u001d';
/** A symbology identifier a scanner may put in front (`]C1` for GS1-128, ...). */
const SYMBOLOGY = /^\][A-Za-z][0-9A-Za-z]/;
/** 18 digits alone, `00` + 18 digits, `(00)` + 18 digits, alone or before the next AI (AI 00 is fixed-length: none needs a GS after it). */
const SSCC_FORMS = [/^(\d{18})$/, /^00(\d{18})/, /^\(00\)(\d{18})(?:\(|$)/];
/** Carriers' tracking numbers: letters, digits and dashes once the spaces printed in them are gone. */
const TRACKING_NUMBER = /^[A-Za-z0-9][A-Za-z0-9-]{5,63}$/;

/** The SSCC a scanned code carries, when its check digit is right; else null. */
export function ssccOf(raw: string): string | null {
  // In a GS1-128 string the first element ends at FNC1 (GS): AI 00 is fixed-length, so any after it are other AIs.
  const code = raw.trim().replace(SYMBOLOGY, '').split(GS).find((element) => element !== '') ?? '';
  for (const form of SSCC_FORMS) {
    const digits = form.exec(code)?.[1];
    if (digits && gs1CheckDigit(digits.slice(0, 17)) === digits[17]) return digits;
  }
  return null;
}

/** The tracking number as the service compares it (upper case, no spaces), when the code can be one. */
export function trackingNumberOf(raw: string): string | null {
  // Checked before upper-casing: 'ß'.toUpperCase() is 'SS', and garbage must not become a number.
  const compact = raw.trim().replaceAll(' ', '');
  return TRACKING_NUMBER.test(compact) ? compact.toUpperCase() : null;
}

/** The shipment-naming part of a code: an SSCC first (it is unambiguous), else a possible tracking number. */
export function carrierLabelOf(raw: string): CarrierLabel | null {
  const sscc = ssccOf(raw);
  if (sscc) return { kind: 'sscc', sscc };
  const trackingNumber = trackingNumberOf(raw);
  return trackingNumber ? { kind: 'tracking_number', trackingNumber } : null;
}
