import { SHIPMENT_TOKEN_PATTERN, SKU_PATTERN } from '../ipc/records';
import { numericTrackingNumber, prefixedTrackingNumber, type CarrierId, type TrackingNumber } from './carriers';
import { hasGs1CheckDigit } from './check-digits';
import { GS, parseDigitalLink, parseElementString, type Gs1Data, type Gs1Result } from './gs1';
import { refuse, type CodeRefusal } from './refusal';
import { retailGtin, type RetailFormat } from './retail';
import { splitSymbology, type Symbology } from './symbology';

/** How the GTIN reached the desk: a retail barcode, a GS1 element string, or a GS1 Digital Link. */
export type GtinFormat = RetailFormat | 'gs1' | 'digital_link';

interface Base {
  /** The code as scanned, trimmed. */
  code: string;
  /** The symbology identifier the scanner sent in front, if any (stripped from everything below). */
  symbology: Symbology | null;
}

/** What a scanned or typed code is, before anything is looked up. */
export type ParsedCode =
  /** Refused: `why` and `params` for the screens to word, `problem` the same in English. */
  | (Base & CodeRefusal & { kind: 'invalid' })
  | (Base & { kind: 'shipment'; token: string })
  /**
   * A GTIN, as GTIN-14 candidates to look up in order. `sku` is set when the digits could equally
   * be a numeric SKU (an exact SKU wins), `tracking` when they could be a carrier's parcel number.
   */
  | (Base & {
      kind: 'gtin';
      gtin14: string[];
      checkDigitOk: boolean;
      format: GtinFormat;
      sku: string | null;
      tracking: TrackingNumber | null;
      /** The whole element string when the GTIN came in one (lot, expiry, serial, count...). */
      gs1: Gs1Data | null;
    })
  /** A logistic unit (pallet, parcel): AI 00, raw, in parentheses or after a symbology identifier. */
  | (Base & { kind: 'sscc'; sscc: string; gs1: Gs1Data | null })
  | (Base & { kind: 'tracking'; carrier: CarrierId; carrierName: string; trackingNumber: string; sku: string | null })
  /** `mayBeTracking`: long enough and mixed enough to be some carrier's number the parser does not know. */
  | (Base & { kind: 'sku'; sku: string; mayBeTracking: boolean });

export interface ParseOptions {
  /** The day expiry dates are judged against (two-digit years); default: now. */
  today?: Date;
}

// Control characters except GS (judged separately), and the Unicode line/paragraph separators.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001c\u001e\u001f\u007f-\u009f\u2028\u2029]/;
const SHIPMENT_TOKEN = new RegExp(SHIPMENT_TOKEN_PATTERN, 'i');
const SKU = new RegExp(SKU_PATTERN);
/** An element string written without parentheses or separators that starts with a GS1 key. */
const BARE_ELEMENT_STRING = /^(00\d{18}|0[12]\d{14})/;

function fromGs1(code: string, symbology: Symbology | null, result: Gs1Result, format: 'gs1' | 'digital_link'): ParsedCode {
  if (!result.ok) return { kind: 'invalid', code, symbology, ...result.refusal };
  const { data } = result;
  if (data.gtin) return { kind: 'gtin', code, symbology, gtin14: [data.gtin], checkDigitOk: true, format, sku: null, tracking: null, gs1: data };
  if (data.sscc) return { kind: 'sscc', code, symbology, sscc: data.sscc, gs1: data };
  return { kind: 'invalid', code, symbology, ...refuse('gs1_no_key') };
}

function sscc(code: string, symbology: Symbology | null, digits: string): ParsedCode {
  return hasGs1CheckDigit(digits)
    ? { kind: 'sscc', code, symbology, sscc: digits, gs1: null }
    : { kind: 'invalid', code, symbology, ...refuse('sscc_check_digit', { sscc: digits }) };
}

/**
 * `01` + a GTIN-14 with a valid check digit (or `00` + an SSCC) starts an element string whose
 * scanner sent no symbology identifier and no GS: read it as one, with the problems it has. A
 * numeric SKU that merely starts with 01 stays a SKU.
 */
function bareElementString(code: string, symbology: Symbology | null, body: string, today: Date): ParsedCode | null {
  const key = BARE_ELEMENT_STRING.exec(body)?.[1];
  if (!key || !hasGs1CheckDigit(key.slice(2))) return null;
  return fromGs1(code, symbology, parseElementString(body, today), 'gs1');
}

function digitsOnly(code: string, symbology: Symbology | null, body: string, today: Date): ParsedCode {
  const retail = retailGtin(body, symbology?.id === ']E0');
  const numericSku = SKU.test(body) ? body : null;
  if (retail) {
    const tracking = numericTrackingNumber(body);
    // A GLS number's check digit is never also a valid UPC-A one, so it cannot be a product.
    if (!retail.checkDigitOk && tracking && tracking.carrier !== 'dpd') return { kind: 'tracking', code, symbology, ...tracking, sku: numericSku };
    return { kind: 'gtin', code, symbology, ...retail, sku: retail.checkDigitOk ? null : numericSku, tracking, gs1: null };
  }
  if (body.length === 18) return sscc(code, symbology, body);
  if (body.length === 20 && body.startsWith('00')) return sscc(code, symbology, body.slice(2));
  const bare = bareElementString(code, symbology, body, today);
  if (bare) return bare;
  const tracking = numericTrackingNumber(body);
  if (tracking) return { kind: 'tracking', code, symbology, ...tracking, sku: numericSku };
  if (numericSku) return { kind: 'sku', code, symbology, sku: numericSku, mayBeTracking: body.length >= 10 };
  return { kind: 'invalid', code, symbology, ...refuse('not_a_code') };
}

/**
 * Reads a raw scanned or typed code. Pure and cheap: it runs on every scan. In order:
 * - trims; strips and reports a symbology identifier (`]C1`, `]d2`, `]E0`...);
 * - refuses control characters (GS only inside a GS1 code);
 * - a shipment token (`shp_` + 20), in any case;
 * - a GS1 Digital Link URL, or a GS1 element string (symbology says so, parentheses, GS inside):
 *   its GTIN (AI 01/02) or SSCC (AI 00), with lot, expiry, serial and count;
 * - a carrier's tracking number whose format names the carrier (UPS, DHL, DPD, PostNL, UPU S10);
 * - digits: EAN-8/13, UPC-A/E, GTIN-14, ISBN/ISSN, raw SSCC, GLS/DHL Express/DPD numbers;
 * - otherwise a SKU.
 */
export function parseCode(raw: string, options: ParseOptions = {}): ParsedCode {
  const today = options.today ?? new Date();
  const code = raw.trim();
  if (code.length === 0) return { kind: 'invalid', code, symbology: null, ...refuse('empty') };
  const { symbology, body } = splitSymbology(code);
  if (CONTROL.test(body)) return { kind: 'invalid', code, symbology, ...refuse('control_characters') };
  if (body.length === 0) return { kind: 'invalid', code, symbology, ...refuse('empty') };

  if (SHIPMENT_TOKEN.test(body)) return { kind: 'shipment', code, symbology, token: body.toLowerCase() };

  const link = parseDigitalLink(body, today);
  if (link) return fromGs1(code, symbology, link, 'digital_link');
  if (symbology?.gs1 || body.startsWith('(') || body.includes(GS)) return fromGs1(code, symbology, parseElementString(body, today), 'gs1');

  const carrier = prefixedTrackingNumber(body);
  if (carrier) {
    return carrier.ok
      ? { kind: 'tracking', code, symbology, ...carrier.tracking, sku: SKU.test(body) ? body : null }
      : { kind: 'invalid', code, symbology, ...carrier.refusal };
  }

  // An EAN-13 with a 2- or 5-digit add-on (periodicals, books) is looked up by its EAN-13.
  if (symbology?.id === ']E3' && /^(\d{15}|\d{18})$/.test(body)) return digitsOnly(code, symbology, body.slice(0, 13), today);
  if (/^\d+$/.test(body)) return digitsOnly(code, symbology, body, today);
  const bare = bareElementString(code, symbology, body, today);
  if (bare) return bare;

  if (SKU.test(body)) return { kind: 'sku', code, symbology, sku: body, mayBeTracking: body.length >= 10 && /\d/.test(body) && /[A-Za-z]/.test(body) };
  return { kind: 'invalid', code, symbology, ...refuse('not_a_code') };
}
