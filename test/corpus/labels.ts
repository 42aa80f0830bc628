/**
 * A corpus of label contents a warehouse desk receives, built from GS1's and the carriers'
 * published formats: retail barcodes, GS1-128 / GS1 DataMatrix / GS1 QR carton labels (AIs in any
 * order, fixed and variable length, human-readable and Digital Link forms), SSCCs, carrier parcel
 * labels, SKUs, shipment tokens, and labels whose check digit is wrong. Each says what the desk
 * must make of it. The numbers are made here (seeded, so the corpus never changes) with the check
 * digits each format defines; no real product or parcel is named.
 */
import type { CarrierId } from '../../src/shared/codes/carriers';
import { gs1CheckDigit, mod37_36CheckChar } from '../../src/shared/codes/check-digits';

export type Expected =
  | { kind: 'gtin'; gtin14: string; lot?: string; expiry?: string; serial?: string; count?: number }
  | { kind: 'sscc'; sscc: string }
  | { kind: 'tracking'; carrier: CarrierId; trackingNumber: string }
  | { kind: 'sku'; sku: string }
  | { kind: 'shipment'; token: string }
  | {
      kind: 'invalid';
      problem: RegExp;
      /**
       * 'lookup': the parser reads a retail code with a wrong check digit (kind gtin, checkDigitOk
       * false) and the lookup refuses it once no numeric SKU of those digits exists. Otherwise the
       * parser itself refuses it.
       */
      refusedBy?: 'lookup';
    };

export interface LabelCase {
  /** What the label is, for the test's name. */
  name: string;
  /** What the barcode holds and the scanner types (GS as ASCII 29, a symbology identifier if the scanner sends one). */
  text: string;
  expect: Expected;
}

const GS = '\u001d';

function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = seeded(14);
const digits = (n: number): string => Array.from({ length: n }, () => Math.floor(random() * 10)).join('');
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
const withCheck = (body: string): string => body + gs1CheckDigit(body);
const wrongCheck = (key: string): string => key.slice(0, -1) + ((Number(key.at(-1)) + 1) % 10);
const ALNUM = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
const alnum = (n: number): string => Array.from({ length: n }, () => pick([...ALNUM])).join('');

const cases: LabelCase[] = [];
const add = (name: string, text: string, expect: Expected): void => {
  cases.push({ name, text, expect });
};

// ---- retail ---------------------------------------------------------------------------------
for (const prefix of ['400', '401', '590', '761', '500', '301', '871', '540', '800', '890', '690', '460']) {
  const ean = withCheck(prefix + digits(9));
  add(`EAN-13 ${ean}`, ean, { kind: 'gtin', gtin14: `0${ean}` });
  add(`EAN-13 ${ean} with ]E0`, `]E0${ean}`, { kind: 'gtin', gtin14: `0${ean}` });
}
for (let i = 0; i < 4; i++) {
  const isbn = withCheck(pick(['978', '979']) + digits(9));
  add(`ISBN as EAN-13 ${isbn}`, isbn, { kind: 'gtin', gtin14: `0${isbn}` });
  const issn = withCheck(`977${digits(9)}`);
  add(`ISSN as EAN-13 ${issn}`, issn, { kind: 'gtin', gtin14: `0${issn}` });
}
for (let i = 0; i < 8; i++) {
  const upc = withCheck(pick(['0', '0', '6', '7', '8']) + digits(10));
  add(`UPC-A ${upc}`, upc, { kind: 'gtin', gtin14: `00${upc}` });
}
for (let i = 0; i < 6; i++) {
  const ean8 = withCheck(pick(['2', '4', '5', '9']) + digits(6));
  add(`EAN-8 ${ean8}`, i % 2 ? `]E4${ean8}` : ean8, { kind: 'gtin', gtin14: `000000${ean8}` });
}
// UPC-E: manufacturer codes of the form that compress (GS1 General Specifications 5.2.2.4.2)
for (const [upce, upca] of [
  ['04252614', '042100005264'],
  ['01234565', '012345000065'],
  ['06543217', '065100004327'],
  ['00123457', '001234000057'],
] as const) {
  add(`UPC-E ${upce} (scanner says ]E0)`, `]E0${upce}`, { kind: 'gtin', gtin14: `00${upca}` });
}
for (let i = 0; i < 8; i++) {
  const gtin14 = withCheck(String(1 + (i % 8)) + digits(12));
  add(`GTIN-14 outer case ${gtin14} (ITF-14)`, i % 2 ? `]I1${gtin14}` : gtin14, { kind: 'gtin', gtin14 });
}

// ---- GS1 element strings --------------------------------------------------------------------
function yymmdd(): string {
  const yy = String(25 + Math.floor(random() * 5));
  const mm = String(1 + Math.floor(random() * 12)).padStart(2, '0');
  const dd = pick(['00', '01', '15', '28']);
  return `${yy}${mm}${dd}`;
}
function isoOf(raw: string): string {
  const year = 2000 + Number(raw.slice(0, 2));
  const month = Number(raw.slice(2, 4));
  const day = raw.slice(4) === '00' ? new Date(Date.UTC(year, month, 0)).getUTCDate() : Number(raw.slice(4));
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

type Element = [ai: string, value: string, fixed: boolean];
const SYMBOLOGIES = [']C1', ']d2', ']Q3', ']e0', ''];
for (let i = 0; i < 40; i++) {
  const gtin = withCheck(pick(['0', '1', '0']) + pick(['400', '401', '590', '761', '871']) + digits(9));
  const lot = alnum(1 + Math.floor(random() * 10)) + pick(['', '-7', '/B', '.1']);
  const expiry = yymmdd();
  const serial = alnum(4 + Math.floor(random() * 12));
  const count = String(1 + Math.floor(random() * 400));
  const elements: Element[] = [['01', gtin, true]];
  const expect: Expected = { kind: 'gtin', gtin14: gtin };
  if (i % 4 !== 3) {
    elements.push(['17', expiry, true]);
    expect.expiry = isoOf(expiry);
  }
  if (i % 3 !== 2) {
    elements.push(['10', lot, false]);
    expect.lot = lot;
  }
  if (i % 5 === 1 || i % 5 === 3) {
    elements.push(['21', serial, false]);
    expect.serial = serial;
  }
  if (i % 7 === 4) {
    elements.push(['30', count, false]);
    expect.count = Number(count);
  }
  if (i % 6 === 5) elements.push(['11', yymmdd().replace(/00$/, '01'), true]);
  // any order: the GTIN need not come first
  const order = i % 3 === 0 ? elements : [...elements].sort(() => random() - 0.5);
  const form = i % 4;
  let text: string;
  if (form === 3) {
    text = order.map(([ai, value]) => `(${ai})${value}`).join('');
  } else {
    // GS after every variable-length element that is not last (FNC1 in the symbol)
    text = order.map(([ai, value, fixed], k) => `${ai}${value}${!fixed && k < order.length - 1 ? GS : ''}`).join('');
    text = `${SYMBOLOGIES[i % SYMBOLOGIES.length]}${text}`;
    if (SYMBOLOGIES[i % SYMBOLOGIES.length] === '' && !text.startsWith('01') && !text.startsWith('00')) text = `]C1${text}`;
  }
  add(`GS1 ${form === 3 ? 'human-readable' : 'element string'} #${i + 1}`, text, expect);
}
for (let i = 0; i < 4; i++) {
  // a logistic unit: SSCC + the contained GTIN (02) + how many (37)
  const sscc = withCheck(`0${pick(['340', '376', '871'])}${digits(13)}`);
  const gtin = withCheck(`0${pick(['400', '761'])}${digits(9)}`);
  const count = String(6 * (1 + i));
  add(`GS1-128 pallet label SSCC + 02 + 37 #${i + 1}`, `]C100${sscc}02${gtin}37${count}`, { kind: 'gtin', gtin14: gtin, count: Number(count) });
}
for (let i = 0; i < 10; i++) {
  const gtin = withCheck(`0${pick(['400', '590', '761'])}${digits(9)}`);
  const lot = alnum(3 + i);
  const expiry = yymmdd();
  const short = i % 3 === 0 ? gtin.slice(1) : gtin;
  const url = i % 2 ? `https://id.gs1.org/01/${short}/10/${lot}?17=${expiry}` : `https://brand.example.com/p/01/${short}/10/${lot}?17=${expiry}`;
  add(`GS1 Digital Link #${i + 1}`, url, { kind: 'gtin', gtin14: gtin, lot, expiry: isoOf(expiry) });
}

// ---- SSCC -----------------------------------------------------------------------------------
for (let i = 0; i < 12; i++) {
  const sscc = withCheck(`${i % 10}${pick(['340', '376', '401', '871'])}${digits(13)}`);
  const text = [sscc, `00${sscc}`, `(00)${sscc}`, `]C100${sscc}`][i % 4] as string;
  add(`SSCC ${['raw', 'with AI', 'in parentheses', 'GS1-128 with AIM'][i % 4]} #${i + 1}`, text, { kind: 'sscc', sscc });
}

// ---- carriers -------------------------------------------------------------------------------
function ups(): string {
  const body = `${alnum(6)}${pick(['01', '02', '03', '12', '13', '66'])}${digits(7)}`;
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    const c = body.charCodeAt(i);
    sum += (c <= 57 ? c - 48 : (c - 63) % 10) * (i % 2 === 0 ? 1 : 2);
  }
  return `1Z${body}${(10 - (sum % 10)) % 10}`;
}
for (let i = 0; i < 10; i++) {
  const n = ups();
  add(`UPS ${n}`, n, { kind: 'tracking', carrier: 'ups', trackingNumber: n });
}
for (let i = 0; i < 6; i++) {
  const n = `JJD${digits(18)}`;
  add(`DHL Paket piece ${n}`, n, { kind: 'tracking', carrier: 'dhl', trackingNumber: n });
}
for (let i = 0; i < 6; i++) {
  const body = `${1 + Math.floor(random() * 9)}${digits(8)}`;
  const n = `${body}${Number(BigInt(body) % 7n)}`;
  add(`DHL Express waybill ${n}`, n, { kind: 'tracking', carrier: 'dhl', trackingNumber: n });
}
for (let i = 0; i < 10; i++) {
  const zip = pick(['0076131', '0010115', '0075001', '0001012', '0060311']);
  const parcel = `0${digits(13)}`;
  const service = pick(['101', '136', '155', '179', '225']);
  const country = pick(['276', '250', '528', '056', '040']);
  const body = `${zip}${parcel}${service}${country}`;
  const text = i % 3 === 2 ? `${body}${mod37_36CheckChar(body)}` : `%${body}`;
  add(`DPD ${i % 3 === 2 ? 'printed number' : 'parcel label'} #${i + 1}`, text, { kind: 'tracking', carrier: 'dpd', trackingNumber: parcel });
}
for (let i = 0; i < 6; i++) {
  const body = `${pick(['5', '6', '8', '9'])}${digits(10)}`;
  const sum = [...body].reduce((s, d, k) => s + Number(d) * (k % 2 === 0 ? 3 : 1), 0) + 1;
  const n = `${body}${(10 - (sum % 10)) % 10}`;
  add(`GLS parcel ${n}`, n, { kind: 'tracking', carrier: 'gls', trackingNumber: n });
}
for (let i = 0; i < 6; i++) {
  const n = `3S${pick(['DEVC', 'ABCD', 'KPNL', 'QWRT'])}${digits(7 + (i % 3))}`;
  add(`PostNL ${n}`, n, { kind: 'tracking', carrier: 'postnl', trackingNumber: n });
}
for (const [serial, check, country] of [['12345678', '5', 'DE'], ['47312482', '9', 'FR'], ['00000000', '5', 'NL']] as const) {
  const weights = [8, 6, 4, 2, 3, 5, 9, 7];
  const sum = [...serial].reduce((s, d, k) => s + Number(d) * (weights[k] ?? 0), 0);
  const r = 11 - (sum % 11);
  const real = String(r === 10 ? 0 : r === 11 ? 5 : r);
  void check;
  const n = `RR${serial}${real}${country}`;
  add(`UPU S10 registered letter ${n}`, n, { kind: 'tracking', carrier: 'post', trackingNumber: n });
}

// ---- SKUs and tokens ------------------------------------------------------------------------
for (const sku of ['WD-000123', 'WD-004711', 'BOX-L-BROWN', 'TAPE.50MM', 'PAL_EUR_1', 'A1', 'SKU-00042', 'wd-000777', 'HU-2026-0042', 'X7']) {
  if (sku.length >= 4) add(`SKU ${sku}`, sku, { kind: 'sku', sku });
}
for (let i = 0; i < 4; i++) {
  const token = `shp_${Array.from({ length: 20 }, () => pick([...'abcdefghijklmnopqrstuvwxyz0123456789'])).join('')}`;
  add(`shipment token #${i + 1}`, i % 2 ? `]Q1${token}` : token, { kind: 'shipment', token });
}

// ---- refusals -------------------------------------------------------------------------------
for (let i = 0; i < 4; i++) {
  const gtin = withCheck(`0${pick(['400', '761'])}${digits(9)}`);
  add(`GS1 with a wrong GTIN check digit #${i + 1}`, `]C101${wrongCheck(gtin)}10AB`, { kind: 'invalid', problem: /check digit of GTIN/ });
}
for (let i = 0; i < 3; i++) {
  const sscc = withCheck(`0340${digits(13)}`);
  add(`SSCC with a wrong check digit #${i + 1}`, `(00)${wrongCheck(sscc)}`, { kind: 'invalid', problem: /check digit of SSCC/ });
}
add('UPS with a wrong check digit', `${ups().slice(0, -1)}X`, { kind: 'invalid', problem: /check digit of UPS/ });
// A plain EAN-13 whose last digit is wrong (a misread, or a label printed wrong): the parser cannot
// refuse it alone (13 digits may be a numeric SKU), the lookup does once no such SKU exists.
const misprinted = wrongCheck(withCheck('400123456789'));
add(`EAN-13 with a wrong check digit ${misprinted}`, misprinted, { kind: 'invalid', problem: new RegExp(`^the check digit of barcode ${misprinted} is wrong$`), refusedBy: 'lookup' });
add('GS1 expiry month 13', `(01)${withCheck('0400638133393')}(17)261315`, { kind: 'invalid', problem: /not a date/ });
add('GS1 lot with its separator lost before a serial', `]C101${withCheck('0400638133393')}10LOT123456789012345621SN1`, { kind: 'invalid', problem: /separator/ });

export const LABELS: readonly LabelCase[] = cases;
