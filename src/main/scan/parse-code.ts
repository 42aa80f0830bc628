import { upcE } from 'gtin';
import { SHIPMENT_TOKEN_PATTERN, SKU_PATTERN } from '../../shared/ipc/records';
import { hasValidCheckDigit, isGtinShaped, toGtin14 } from '../../shared/gtin';

/** What a scanned or typed code is, before anything is looked up. */
export type ParsedCode =
  | { kind: 'invalid'; code: string; problem: string }
  | { kind: 'shipment'; code: string; token: string }
  /**
   * A GTIN, as GTIN-14 candidates to look up in order (an 8-digit code may also be a UPC-E).
   * `sku` is set when the digits could equally be a numeric SKU: an exact SKU wins over a GTIN.
   */
  | { kind: 'gtin'; code: string; gtin14: string[]; checkDigitOk: boolean; sku: string | null }
  | { kind: 'sku'; code: string; sku: string };

/** FNC1 reaches the keyboard wedge as ASCII GS (29) in GS1-128 and GS1 DataMatrix codes. */
const GS = '\u001d';
// Control characters except GS (it is judged separately), and the Unicode line/paragraph separators.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001c\u001e\u001f\u007f-\u009f\u2028\u2029]/;
const SHIPMENT_TOKEN = new RegExp(SHIPMENT_TOKEN_PATTERN, 'i');
const SKU = new RegExp(SKU_PATTERN);
/** Symbology identifiers (ISO/IEC 15424) a scanner may put in front: `]C1` GS1-128, `]e0` DataBar, `]d2` DataMatrix, `]Q3` QR, `]J1` DotCode. */
const GS1_SYMBOLOGY = /^\](C1|e0|d2|Q3|J1)/;
const OTHER_SYMBOLOGY = /^\][A-Za-z][0-9A-Za-z]/;
const PARENTHESISED_AI = /\((\d{2,4})\)([^(]*)/g;
const DIGITAL_LINK = /^https?:\/\/[^/?#]+(?:\/[^?#]*)?\/01\/(\d{14})(?:[/?#]|$)/i;

function gtinOf(code: string, gtin14: string, explicit: boolean): ParsedCode {
  if (!hasValidCheckDigit(gtin14)) {
    return explicit
      ? { kind: 'invalid', code, problem: `the check digit of GTIN ${gtin14} is wrong` }
      : { kind: 'gtin', code, gtin14: [gtin14], checkDigitOk: false, sku: SKU.test(code) ? code : null };
  }
  return { kind: 'gtin', code, gtin14: [gtin14], checkDigitOk: true, sku: null };
}

/** A GS1 element string: AI 01 (the GTIN) is all the desk needs; other AIs (batch, expiry, ...) are ignored. */
function parseGs1(code: string, body: string): ParsedCode {
  if (body.startsWith('(')) {
    for (const match of body.matchAll(PARENTHESISED_AI)) {
      if (match[1] === '01') {
        const value = (match[2] ?? '').replaceAll(GS, '');
        if (!/^\d{14}$/.test(value)) return { kind: 'invalid', code, problem: 'the GTIN after (01) must be 14 digits' };
        return gtinOf(code, value, true);
      }
    }
    return { kind: 'invalid', code, problem: 'this GS1 code has no GTIN (AI 01)' };
  }
  const element = body.startsWith(GS) ? body.slice(1) : body;
  if (!element.startsWith('01')) return { kind: 'invalid', code, problem: 'this GS1 code does not start with a GTIN (AI 01)' };
  const value = element.slice(2, 16);
  if (!/^\d{14}$/.test(value)) return { kind: 'invalid', code, problem: 'the GTIN after AI 01 must be 14 digits' };
  return gtinOf(code, value, true);
}

/** The GTIN-14 candidates of a plain 8-, 12-, 13- or 14-digit code. */
function plainGtin(code: string): ParsedCode {
  const candidates = [toGtin14(code)];
  let checkDigitOk = hasValidCheckDigit(code);
  if (code.length === 8 && (code[0] === '0' || code[0] === '1')) {
    // Also a UPC-E: its expanded UPC-A form is what products are registered with.
    try {
      const expanded = upcE.expand(code);
      if (hasValidCheckDigit(expanded)) {
        candidates.push(toGtin14(expanded));
        checkDigitOk = true;
      }
    } catch {
      // Not a UPC-E after all.
    }
  }
  return { kind: 'gtin', code, gtin14: candidates, checkDigitOk, sku: code };
}

/**
 * Reads a raw scanned or typed code. Pure and cheap: it runs on every scan.
 * - trims, refuses control characters (GS only inside a GS1 code);
 * - a shipment token (`shp_` + 20), in any case;
 * - a GS1 element string with AI 01: `(01)04012345678901(10)ABC`, `0104012345678901...`, with FNC1/GS
 *   separators, a symbology identifier, or a GS1 Digital Link URL;
 * - a GTIN-8/12/13/14 (check digit verified);
 * - otherwise a SKU.
 */
export function parseCode(raw: string): ParsedCode {
  const code = raw.trim();
  if (code.length === 0) return { kind: 'invalid', code, problem: 'the code is empty' };
  if (CONTROL.test(code)) return { kind: 'invalid', code, problem: 'the code contains control characters' };

  if (SHIPMENT_TOKEN.test(code)) return { kind: 'shipment', code, token: code.toLowerCase() };

  const gs1Symbology = GS1_SYMBOLOGY.exec(code);
  if (gs1Symbology) return parseGs1(code, code.slice(3));
  const body = OTHER_SYMBOLOGY.test(code) ? code.slice(3) : code;

  if (body.startsWith('(')) return parseGs1(code, body);
  if (body.includes(GS)) return parseGs1(code, body);
  const link = DIGITAL_LINK.exec(body);
  if (link?.[1]) return gtinOf(code, link[1], true);

  if (isGtinShaped(body)) {
    const parsed = plainGtin(body);
    return { ...parsed, code } as ParsedCode;
  }
  // 01 + 14 digits (+ more AIs): an unbracketed GS1 string, if the GTIN in it checks out; a
  // numeric SKU that merely starts with 01 stays a SKU.
  if (/^01\d{14}/.test(body) && hasValidCheckDigit(body.slice(2, 16))) return gtinOf(code, body.slice(2, 16), true);

  if (SKU.test(body)) return { kind: 'sku', code, sku: body };
  return { kind: 'invalid', code, problem: 'not a SKU, a barcode or a shipment token' };
}
