import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCode, type ParsedCode } from '../../../src/shared/codes/parse-code';
import { gs1Date } from '../../../src/shared/codes/gs1';
import { refuse } from '../../../src/shared/codes/refusal';
import { CODE_REFUSALS } from '../../../src/shared/ipc/code-refusal';
import { gs1CheckDigit, hasGlsCheckDigit, hasMod7CheckDigit, hasS10CheckDigit, hasUpsCheckDigit, mod37_36CheckChar } from '../../../src/shared/codes/check-digits';

import { demoTrackingNumber } from '../../../src/sandbox/demo-data';
import { SEED } from '../../hardening/support/env';

const GS = '\u001d';
const today = new Date('2026-11-25T12:00:00Z');
const parse = (raw: string): ParsedCode => parseCode(raw, { today });
const GTIN14 = '04012345678901';

function problemOf(raw: string): string {
  const parsed = parse(raw);
  expect(parsed.kind).toBe('invalid');
  return parsed.kind === 'invalid' ? parsed.problem : '';
}

describe('check digit schemes, against the carriers’ and GS1’s published examples', () => {
  it('UPS 1Z', () => {
    for (const n of ['1Z5R89390357567127', '1Z879E930346834440', '1Z410E7W0392751591', '1Z8V92A70367203024']) expect(hasUpsCheckDigit(n)).toBe(true);
    expect(hasUpsCheckDigit('1Z1111111111111111')).toBe(false);
  });
  it('DHL Express modulo 7', () => {
    for (const n of ['3318810025', '8487135506', '1099255990']) expect(hasMod7CheckDigit(n)).toBe(true);
    expect(hasMod7CheckDigit('3318810010')).toBe(false);
  });
  it('DPD ISO 7064 MOD 37,36', () => {
    expect(mod37_36CheckChar('008182709980000020033350276')).toBe('C');
    expect(mod37_36CheckChar('008182709980000020045327276')).toBe('N');
  });
  it('GLS (GS1 weights, sum + 1)', () => {
    expect(hasGlsCheckDigit('012345678904')).toBe(true);
    expect(hasGlsCheckDigit('012345678905')).toBe(false);
  });
  it('UPU S10', () => {
    expect(hasS10CheckDigit('12345678', '5')).toBe(true);
    expect(hasS10CheckDigit('12345678', '4')).toBe(false);
  });
});

describe('SKUs, shipment tokens, noise', () => {
  it.each([
    ['WD-000123', { kind: 'sku', sku: 'WD-000123', mayBeTracking: false }],
    ['  WD-000123\t', { kind: 'sku', sku: 'WD-000123', code: 'WD-000123' }],
    ['\r\nWD-000123\r\n', { kind: 'sku', sku: 'WD-000123' }],
    ['wd-000123', { kind: 'sku', sku: 'wd-000123' }],
    ['AB12CD34EF56', { kind: 'sku', mayBeTracking: true }],
    ['123', { kind: 'sku', sku: '123' }],
    ['shp_4m2q8x0c7v6b5n1k3j9h', { kind: 'shipment', token: 'shp_4m2q8x0c7v6b5n1k3j9h' }],
    ['SHP_4M2Q8X0C7V6B5N1K3J9H', { kind: 'shipment', token: 'shp_4m2q8x0c7v6b5n1k3j9h' }],
    [']Q1shp_4m2q8x0c7v6b5n1k3j9h', { kind: 'shipment', symbology: { id: ']Q1', name: 'QR Code', gs1: false } }],
    [']C0WD-000123', { kind: 'sku', sku: 'WD-000123', symbology: { id: ']C0' } }],
  ])('%j', (raw, expected) => {
    expect(parse(raw)).toMatchObject(expected);
  });

  it.each([
    ['', /empty/],
    ['   ', /empty/],
    [']C1', /empty/],
    ['WD\u0007123', /control characters/],
    ['WD 000 123', /not a SKU/],
    ['héllo', /not a SKU/],
  ])('refuses %j', (raw, problem) => {
    expect(problemOf(raw)).toMatch(problem);
  });
});

describe('retail barcodes', () => {
  it.each([
    ['4012345678901', 'ean13', ['04012345678901']],
    ['5901234123457', 'ean13', ['05901234123457']],
    ['9783161484100', 'isbn', ['09783161484100']],
    ['9771234567003', 'issn', ['09771234567003']],
    ['036000291452', 'upca', ['00036000291452']],
    ['012345678905', 'upca', ['00012345678905']],
    ['96385074', 'ean8', ['00000096385074']],
    ['14012345678908', 'gtin14', ['14012345678908']],
    [']E04012345678901', 'ean13', ['04012345678901']],
    [']E496385074', 'ean8', ['00000096385074']],
  ])('%j is a %s', (raw, format, gtin14) => {
    expect(parse(raw)).toMatchObject({ kind: 'gtin', format, gtin14, checkDigitOk: true, sku: null, gs1: null });
  });

  it('expands a UPC-E to the UPC-A it stands for', () => {
    // UPC-E 04252614 <-> UPC-A 042100005264: not a valid EAN-8, so the UPC-A is the only reading
    // (a GTIN with a wrong check digit is no product's, and the service refuses it as a filter)
    expect(parse('04252614')).toMatchObject({ kind: 'gtin', format: 'upce', gtin14: ['00042100005264'], checkDigitOk: true });
    // the scanner said UPC/EAN (]E0), so 8 digits are a UPC-E, not an EAN-8 (that would be ]E4)
    expect(parse(']E004252614')).toMatchObject({ kind: 'gtin', format: 'upce', gtin14: ['00042100005264'] });
  });

  it('offers only GTINs with a valid check digit for a code whose check digit is right', () => {
    // Every candidate is asked of the service; one with a wrong check digit is refused there as
    // invalid, and the worker would read "not valid" for a product that is merely not in the catalogue.
    for (const raw of ['04252614', '01234565', '12345670', ']E004252614', '96385074', '042100005264', '4006381333931', '10012345678902']) {
      const parsed = parse(raw);
      if (parsed.kind !== 'gtin' || !parsed.checkDigitOk) throw new Error(`${raw} should read as a valid GTIN`);
      for (const gtin14 of parsed.gtin14) expect(String(gs1CheckDigit(gtin14.slice(0, 13))), `${raw} -> ${gtin14}`).toBe(gtin14.slice(13));
    }
  });

  it('an EAN-13 with an add-on is looked up by its EAN-13', () => {
    expect(parse(']E3977123456700312')).toMatchObject({ kind: 'gtin', format: 'issn', gtin14: ['09771234567003'] });
    expect(parse(']E3978316148410051299')).toMatchObject({ kind: 'gtin', format: 'isbn', gtin14: ['09783161484100'] });
  });

  it('a wrong check digit is reported, and the digits may still be a numeric SKU', () => {
    expect(parse('4012345678902')).toMatchObject({ kind: 'gtin', checkDigitOk: false, sku: '4012345678902' });
    expect(parse('96385075')).toMatchObject({ kind: 'gtin', checkDigitOk: false });
  });

  it('a 14-digit code may also be a DPD parcel number: both are offered', () => {
    expect(parse('14012345678908')).toMatchObject({ kind: 'gtin', checkDigitOk: true, tracking: { carrier: 'dpd', trackingNumber: '14012345678908' } });
    expect(parse('05212345678901')).toMatchObject({ kind: 'gtin', checkDigitOk: false, tracking: { carrier: 'dpd' }, sku: '05212345678901' });
  });
});

describe('GS1 element strings', () => {
  it.each([
    ['(01)04012345678901'],
    ['(01)04012345678901(17)261231(10)LOT-7'],
    ['(10)LOT-7(01)04012345678901'],
    ['0104012345678901'],
    ['010401234567890117261231'],
    [`0104012345678901${GS}10LOT-7${GS}17261231`],
    [`${GS}0104012345678901`],
    [`]C1${GS}0104012345678901`],
    [`]C10104012345678901${GS}10ABC`],
    [']d20104012345678901'],
    [']Q30104012345678901'],
    [']e00104012345678901'],
    [`]C11726123110ABC${GS}0104012345678901`],
    [`(01)04012345678901${GS}(10)ABC`],
    [`0104012345678901${GS}`],
  ])('reads the GTIN of %j', (raw) => {
    expect(parse(raw)).toMatchObject({ kind: 'gtin', gtin14: [GTIN14], checkDigitOk: true, format: 'gs1', sku: null });
  });

  it('surfaces lot, expiry, serial and count whatever the order', () => {
    const parsed = parse(`]d2${'21'}SN-00042${GS}10B7-2026${GS}0104012345678901172705153012`);
    expect(parsed).toMatchObject({
      kind: 'gtin',
      symbology: { id: ']d2', name: 'GS1 DataMatrix', gs1: true },
      gs1: { gtin: GTIN14, lot: 'B7-2026', serial: 'SN-00042', expiry: { raw: '270515', date: '2027-05-15' }, count: 12 },
    });
  });

  it('reads fixed-length AIs when the wedge dropped the GS after them', () => {
    expect(parse('01040123456789011726123110ABC')).toMatchObject({ gs1: { lot: 'ABC', expiry: { date: '2026-12-31' } } });
    expect(parse('0104012345678901172612313712')).toMatchObject({ gs1: { count: 12 } });
  });

  it('AI 02 with 37 (a logistic unit’s contents) resolves to the contained GTIN and its count', () => {
    expect(parse(`]C100037612345000000014020${GTIN14.slice(1)}3748`)).toMatchObject({ kind: 'gtin', gtin14: [GTIN14], gs1: { sscc: '037612345000000014', count: 48 } });
  });

  it('expiry: DD=00 is the last day of the month, two-digit years slide around today', () => {
    expect(gs1Date('260200', today)).toBe('2026-02-28');
    expect(gs1Date('280200', today)).toBe('2028-02-29');
    expect(gs1Date('261100', today)).toBe('2026-11-30');
    expect(gs1Date('760101', today)).toBe('2076-01-01'); // 50 years ahead at most
    expect(gs1Date('770101', today)).toBe('1977-01-01');
    expect(gs1Date('261301', today)).toBeNull();
    expect(gs1Date('260231', today)).toBeNull();
    expect(gs1Date('2602', today)).toBeNull();
  });

  it.each([
    ['(01)04012345678902', /check digit of GTIN 04012345678902 is wrong/],
    [`0104012345678902${GS}10ABC`, /check digit/],
    ['(01)4012345678901', /cannot be read|14 digits/],
    ['(01)04012345678901(17)261301', /expiry date after \(17\) is not a date: 261301/],
    ['(01)04012345678901(17)260230', /not a date/],
    ['(10)ABC', /no product \(AI 01 or 02\) and no SSCC/],
    ['(01)04012345678901(10)ABCDEFGHIJKLMNOPQRSTU', /batch\/lot after \(10\) is 21 characters, GS1 allows 20: the separator/],
    ['0104012345678901' + '10LOT1234567890' + '21SERIAL123456', /separator \(GS\/FNC1\) after it was probably lost/],
    ['(01)04012345678901(01)04012345678918', /appears twice/],
    [']C199ABC', /no product/],
    [']C1ZZZ', /cannot be read/],
    ['(01)04012345678901(10)', /\(10\) has no value/],
  ])('refuses the broken GS1 code %j', (raw, problem) => {
    expect(problemOf(raw)).toMatch(problem);
  });

  it.each([
    ['https://id.gs1.org/01/04012345678901', {}],
    ['https://id.gs1.org/01/04012345678901/10/ABC%2F1?17=261231', { lot: 'ABC/1', expiry: { date: '2026-12-31' } }],
    ['https://example.com/shop/products/01/04012345678901/21/XYZ', { serial: 'XYZ' }],
    ['HTTPS://ID.GS1.ORG/01/4012345678901', {}],
    ['https://id.gs1.org/gtin/04012345678901/lot/L1', { lot: 'L1' }],
  ])('reads the GS1 Digital Link %j', (raw, gs1) => {
    expect(parse(raw)).toMatchObject({ kind: 'gtin', format: 'digital_link', gtin14: [GTIN14], gs1 });
  });

  it('refuses a Digital Link whose GTIN is wrong', () => {
    expect(problemOf('https://id.gs1.org/01/04012345678902')).toMatch(/check digit/);
  });
});

describe('SSCC', () => {
  it.each([
    ['037612345000000014'],
    ['00037612345000000014'],
    ['(00)037612345000000014'],
    [']C100037612345000000014'],
    [`]C1${GS}00037612345000000014`],
    ['https://id.gs1.org/00/037612345000000014'],
  ])('%j', (raw) => {
    expect(parse(raw)).toMatchObject({ kind: 'sscc', sscc: '037612345000000014' });
  });

  it('refuses an SSCC with a wrong check digit', () => {
    expect(problemOf('037612345000000015')).toMatch(/check digit of SSCC 037612345000000015 is wrong/);
    expect(problemOf('(00)037612345000000015')).toMatch(/check digit of SSCC/);
  });
});

describe('carrier tracking numbers', () => {
  it.each([
    ['1Z5R89390357567127', 'ups', '1Z5R89390357567127'],
    ['1z5r89390357567127', 'ups', '1Z5R89390357567127'],
    [']C01Z879E930346834440', 'ups', '1Z879E930346834440'],
    ['JJD000390007834567890', 'dhl', 'JJD000390007834567890'],
    ['JVGL0999999990', 'dhl', 'JVGL0999999990'],
    ['3318810025', 'dhl', '3318810025'],
    ['%0076131052123456789011012766'.slice(0, 28), 'dpd', '05212345678901'],
    ['%000812709980000020033350276', 'dpd', '09980000020033'],
    ['%DE44137052123456789011012760'.slice(0, 28), 'dpd', '05212345678901'],
    ['008182709980000020033350276C', 'dpd', '09980000020033'],
    ['09980000020033' + mod37_36CheckChar('09980000020033'), 'dpd', '09980000020033'],
    ['012345678904', 'gls', '012345678904'],
    ['512345001233', 'gls', '512345001233'],
    ['3SDEVC1234567', 'postnl', '3SDEVC1234567'],
    ['3SABCD123456789', 'postnl', '3SABCD123456789'],
    ['RR123456785DE', 'post', 'RR123456785DE'],
  ])('%j is %s %s', (raw, carrier, trackingNumber) => {
    expect(parse(raw)).toMatchObject({ kind: 'tracking', carrier, trackingNumber });
  });

  it('names the carrier for the worker', () => {
    expect(parse('1Z5R89390357567127')).toMatchObject({ carrierName: 'UPS' });
    expect(parse('3SDEVC1234567')).toMatchObject({ carrierName: 'PostNL' });
  });

  it('a numeric number that could be a SKU keeps the SKU for the lookup to try first', () => {
    expect(parse('3318810025')).toMatchObject({ kind: 'tracking', sku: '3318810025' });
  });

  it('a valid UPC-A is a product, never a GLS number (their check digits exclude each other)', () => {
    expect(parse('012345678905')).toMatchObject({ kind: 'gtin', tracking: null });
  });

  it.each([
    ['1Z5R89390357567128', /check digit of UPS tracking number/],
    ['RR123456784DE', /check digit of postal item/],
  ])('refuses %j', (raw, problem) => {
    expect(problemOf(raw)).toMatch(problem);
  });

  it('a DPD printed number with a wrong check character is not taken for a parcel', () => {
    expect(parse('008182709980000020033350276A')).not.toMatchObject({ kind: 'tracking' });
  });
});

describe("the demo data's tracking numbers", () => {
  it("are read as their carrier's (14 DPD digits may also be a GTIN-14: the lookup tries both)", () => {
    let seed = 0;
    const random = (): number => ((seed = (seed * 9301 + 49297) % 233280) / 233280);
    for (const carrier of ['dhl', 'dpd', 'gls', 'postnl', 'ups']) {
      for (let i = 0; i < 20; i++) {
        const number = demoTrackingNumber(carrier, random);
        const parsed = parse(number);
        const tracking = parsed.kind === 'tracking' ? parsed : parsed.kind === 'gtin' ? parsed.tracking : null;
        expect(tracking, `${carrier} ${number}`).toMatchObject({ carrier, trackingNumber: number });
      }
    }
  });
});

// Issue 18: a refusal travels as a code and its values, which the screens word in the desk's
// language; the English problem is made from the same values (logs, the journal's export).
describe('each refusal names its code and the values its sentence names', () => {
  it.each([
    ['', 'empty', {}],
    ['WD\u0007123', 'control_characters', {}],
    ['héllo', 'not_a_code', {}],
    [`]C1${GS}`, 'gs1_empty', {}],
    [']C199ABC', 'gs1_no_key', {}],
    [']C1ZZZ', 'gs1_unknown_ai', {}],
    ['(01)4012345678901', 'gs1_element_too_short', {}],
    ['(01)04012345678901(10)', 'gs1_no_value', { ai: '10' }],
    ['(01)04012345678901(01)04012345678918', 'gs1_ai_repeated', { ai: '01' }],
    ['(01)04012345678901(10)ABCDEFGHIJKLMNOPQRSTU', 'gs1_lot_too_long', { ai: '10', length: 21, max: 20 }],
    ['(01)04012345678901(21)ABCDEFGHIJKLMNOPQRSTUV', 'gs1_serial_too_long', { ai: '21', length: 22, max: 20 }],
    ['(01)04012345678901(30)123456789', 'gs1_count_too_long', { ai: '30', length: 9, max: 8 }],
    ['(01)04012345678902', 'gtin_check_digit', { gtin: '04012345678902' }],
    ['(00)037612345000000015', 'sscc_check_digit', { sscc: '037612345000000015' }],
    ['037612345000000015', 'sscc_check_digit', { sscc: '037612345000000015' }],
    ['(01)04012345678901(17)261301', 'gs1_expiry_not_a_date', { value: '261301' }],
    ['https://id.gs1.org/01/%E0%A4%A', 'digital_link_bad_encoding', {}],
    ['https://id.gs1.org/01/04012345678901/xx/1', 'digital_link_not_pairs', {}],
    ['1z5r89390357567128', 'ups_check_digit', { number: '1Z5R89390357567128' }],
    ['RR123456784DE', 'postal_check_digit', { number: 'RR123456784DE' }],
  ] as const)('%j: %s', (raw, why, params) => {
    const parsed = parse(raw);
    expect(parsed).toMatchObject({ kind: 'invalid', why, params });
    if (parsed.kind !== 'invalid') return;
    expect(parsed.params).toEqual(params);
    expect(parsed.problem).toBe((refuse as (w: string, p: object) => { problem: string })(why, params).problem);
  });
});

describe('any input', () => {
  const GS1_ALPHABET = [...'0123456789()ABCXYZ%-/.]Ced', GS];

  it('never throws, and every answer is one of the kinds with its fields', () => {
    const check = (raw: string): void => {
      const parsed = parse(raw);
      switch (parsed.kind) {
        case 'invalid':
          expect(parsed.problem.length).toBeGreaterThan(0);
          expect(CODE_REFUSALS).toContain(parsed.why);
          break;
        case 'gtin':
          expect(parsed.gtin14.every((g) => /^\d{14}$/.test(g))).toBe(true);
          break;
        case 'sscc':
          expect(parsed.sscc).toMatch(/^\d{18}$/);
          break;
        case 'tracking':
          expect(parsed.trackingNumber.length).toBeGreaterThan(0);
          break;
        case 'sku':
          expect(parsed.sku.length).toBeGreaterThan(0);
          break;
        case 'shipment':
          expect(parsed.token).toMatch(/^shp_/);
          break;
      }
    };
    fc.assert(fc.property(fc.string({ maxLength: 600 }), check), { numRuns: 2000, seed: SEED });
    fc.assert(fc.property(fc.string({ unit: fc.constantFrom(...GS1_ALPHABET), maxLength: 80 }), check), { numRuns: 3000, seed: SEED });
    fc.assert(fc.property(fc.string({ unit: fc.constantFrom(...GS1_ALPHABET), maxLength: 60 }).map((s) => `]C1${s}`), check), { numRuns: 2000, seed: SEED });
    fc.assert(fc.property(fc.webUrl({ withQueryParameters: true }), check), { numRuns: 500, seed: SEED });
  });

  it('every GTIN-13 with its check digit is read as that product, and with any other check digit as a wrong one', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 12, maxLength: 12 }), fc.integer({ min: 1, max: 9 }), (body, off) => {
        const check = gs1CheckDigit(body);
        expect(parse(`${body}${check}`)).toMatchObject({ kind: 'gtin', gtin14: [`0${body}${check}`], checkDigitOk: true });
        const wrong = parse(`${body}${(check + off) % 10}`);
        expect(wrong.kind === 'gtin' && wrong.checkDigitOk).toBe(false);
      }),
      { numRuns: 1000, seed: SEED },
    );
  });
});
