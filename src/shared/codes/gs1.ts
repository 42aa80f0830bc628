import { parseBarcode } from 'gs1-barcode-parser-mod';
import { hasGs1CheckDigit } from './check-digits';
import { refuse, type CodeRefusal } from './refusal';

/**
 * GS1 element strings (GS1-128, GS1 DataMatrix, GS1 QR, DataBar), their human-readable form
 * with parentheses, and GS1 Digital Link URLs.
 *
 * Splitting into elements uses gs1-barcode-parser-mod: its table of 226 AIs is taken from the GS1
 * General Specifications and it reads fixed-length AIs without a separator, so a wedge that drops
 * the GS still parses. It does not check check digits, impossible dates (month 13 rolls over) or
 * the maximum length of variable elements, and its dates depend on the clock: the elements the
 * desk uses are checked again here from their raw characters.
 */

export const GS = '\u001d';

export interface Gs1Element {
  ai: string;
  /** GS1's short title, e.g. "BATCH/LOT". */
  title: string;
  value: string;
}

export interface Gs1Expiry {
  /** YYMMDD as printed. */
  raw: string;
  /** The last day the item may be used, ISO `YYYY-MM-DD` (DD=00 means the month's last day). */
  date: string;
}

export interface Gs1Data {
  elements: Gs1Element[];
  /** AI 01 (the trade item) or 02 (the trade items contained), 14 digits. */
  gtin: string | null;
  /** AI 00, 18 digits. */
  sscc: string | null;
  /** AI 10. */
  lot: string | null;
  /** AI 17. */
  expiry: Gs1Expiry | null;
  /** AI 21. */
  serial: string | null;
  /** AI 30 (variable count of items) or, failing that, 37 (count of trade items contained). */
  count: number | null;
}

export type Gs1Result = { ok: true; data: Gs1Data } | { ok: false; refusal: CodeRefusal };

/** Longest value of the variable-length elements the desk shows (GS1 General Specifications, 3.2). */
const MAX_LENGTH: Record<string, number> = { '10': 20, '21': 20, '30': 8, '37': 8 };
const TOO_LONG = { '10': 'gs1_lot_too_long', '21': 'gs1_serial_too_long', '30': 'gs1_count_too_long', '37': 'gs1_count_too_long' } as const;

function lastDayOf(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * A GS1 date (YYMMDD) as an ISO date, or null when it is not a date. The century follows the
 * sliding window of GS1 General Specifications 7.12: up to 50 years ahead, else in the past.
 */
export function gs1Date(raw: string, today: Date): string | null {
  const m = /^(\d\d)(\d\d)(\d\d)$/.exec(raw);
  if (!m) return null;
  const yy = Number(m[1]);
  const month = Number(m[2]);
  let day = Number(m[3]);
  const thisYear = today.getUTCFullYear();
  const diff = yy - (thisYear % 100);
  const century = Math.floor(thisYear / 100) + (diff >= 51 ? -1 : diff <= -50 ? 1 : 0);
  const year = century * 100 + yy;
  if (month < 1 || month > 12) return null;
  const last = lastDayOf(year, month);
  if (day === 0) day = last;
  if (day > last) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The GS1 parser's error as a refusal: its usual complaints by code, anything else in its own words. */
function libraryRefusal(error: unknown): CodeRefusal {
  const text = typeof error === 'string' ? error : error instanceof Error ? error.message : 'unreadable';
  if (/invalid AI|no valid AI/i.test(text)) return refuse('gs1_unknown_ai');
  if (/truncated|too short/i.test(text)) return refuse('gs1_element_too_short');
  if (/bracketed AI/i.test(text)) return refuse('gs1_ai_mismatch');
  return refuse('gs1_unreadable', { detail: text });
}

const refused = (refusal: CodeRefusal): Gs1Result => ({ ok: false, refusal });

/** Reads the elements the desk uses out of a parsed element list, checking each against GS1's rules. */
function interpret(elements: Gs1Element[], today: Date): Gs1Result {
  const data: Gs1Data = { elements, gtin: null, sscc: null, lot: null, expiry: null, serial: null, count: null };
  let count37: number | null = null;
  const seen = new Map<string, string>();
  for (const { ai, value } of elements) {
    const before = seen.get(ai);
    if (before !== undefined && before !== value) return refused(refuse('gs1_ai_repeated', { ai }));
    seen.set(ai, value);
    if (value.length === 0) return refused(refuse('gs1_no_value', { ai }));
    const max = MAX_LENGTH[ai];
    if (max !== undefined && value.length > max) {
      return refused(refuse(TOO_LONG[ai as keyof typeof TOO_LONG] ?? 'gs1_value_too_long', { ai, length: value.length, max }));
    }
    switch (ai) {
      case '00':
        if (!/^\d{18}$/.test(value)) return refused(refuse('gs1_sscc_digits'));
        if (!hasGs1CheckDigit(value)) return refused(refuse('sscc_check_digit', { sscc: value }));
        data.sscc = value;
        break;
      case '01':
      case '02':
        if (!/^\d{14}$/.test(value)) return refused(refuse('gs1_gtin_digits', { ai }));
        if (!hasGs1CheckDigit(value)) return refused(refuse('gtin_check_digit', { gtin: value }));
        // 01 names the item itself; 02 (on a logistic unit) the items inside: 01 wins when both appear.
        if (ai === '01' || data.gtin === null) data.gtin = value;
        break;
      case '10':
        data.lot = value;
        break;
      case '17': {
        const date = gs1Date(value, today);
        if (date === null) return refused(refuse('gs1_expiry_not_a_date', { value }));
        data.expiry = { raw: value, date };
        break;
      }
      case '21':
        data.serial = value;
        break;
      case '30':
        data.count = Number(value);
        break;
      case '37':
        count37 = Number(value);
        break;
    }
  }
  data.count ??= count37;
  return { ok: true, data };
}

/**
 * An element string: raw (`01…17…10…`, GS between elements, GS dropped after fixed-length ones)
 * or human-readable (`(01)…(17)…`), without a symbology identifier.
 */
export function parseElementString(body: string, today: Date): Gs1Result {
  // A leading GS is the FNC1 in first position some wedges pass on; a trailing one ends nothing.
  let text = body.startsWith(GS) ? body.slice(1) : body;
  while (text.endsWith(GS)) text = text.slice(0, -1);
  if (text.length === 0) return refused(refuse('gs1_empty'));
  // The human-readable form never carries a GS; a wedge may still send one between elements.
  if (text.startsWith('(')) text = text.replaceAll(GS, '');
  let parsed;
  try {
    parsed = parseBarcode(text);
  } catch (error) {
    return refused(libraryRefusal(error));
  }
  if (parsed.parsedCodeItems.length === 0) return refused(refuse('gs1_no_elements'));
  return interpret(
    parsed.parsedCodeItems.map((e) => ({ ai: e.ai, title: e.dataTitle, value: e.raw })),
    today,
  );
}

const DIGITAL_LINK_KEYS = new Set(['00', '01', '8006', '8013', '8010', '414', '417', '253', '255', '401', '402', '8003', '8004', '8017', '8018']);
/** Short names GS1 Digital Link allows instead of the numbers (GS1 Digital Link standard 1.x). */
const DIGITAL_LINK_ALIASES: Record<string, string> = { gtin: '01', sscc: '00', lot: '10', ser: '21', exp: '17', cpv: '22' };

/**
 * A GS1 Digital Link URL (`https://id.gs1.org/01/09506000134352/10/ABC?17=261231`): null when
 * `text` is not one, else its elements read as an element string.
 */
export function parseDigitalLink(text: string, today: Date): Gs1Result | null {
  if (!/^https?:\/\//i.test(text)) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  const segments = url.pathname.split('/').filter((s) => s.length > 0);
  // The primary key may follow any path prefix the brand chose: find the first AI/value pair.
  const start = segments.findIndex((s, i) => DIGITAL_LINK_KEYS.has(DIGITAL_LINK_ALIASES[s] ?? s) && i + 1 < segments.length);
  if (start < 0) return null;
  const pairs: [string, string][] = [];
  try {
    for (let i = start; i + 1 < segments.length; i += 2) {
      const ai = segments[i] ?? '';
      const key = DIGITAL_LINK_ALIASES[ai] ?? ai;
      const value = decodeURIComponent(segments[i + 1] ?? '');
      // A Digital Link may carry a GTIN-8, -12 or -13 as it is; the element string needs 14 digits.
      pairs.push([key, key === '01' && /^(\d{8}|\d{12}|\d{13})$/.test(value) ? value.padStart(14, '0') : value]);
    }
  } catch {
    return refused(refuse('digital_link_bad_encoding'));
  }
  for (const [key, value] of url.searchParams) {
    const ai = DIGITAL_LINK_ALIASES[key] ?? key;
    if (/^\d{2,4}$/.test(ai)) pairs.push([ai, value]);
  }
  if (pairs.some(([ai, value]) => !/^\d{2,4}$/.test(ai) || value.length === 0 || value.includes('('))) {
    return refused(refuse('digital_link_not_pairs'));
  }
  return parseElementString(pairs.map(([ai, value]) => `(${ai})${value}`).join(''), today);
}
