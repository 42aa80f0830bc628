import { describe, expect, it } from 'vitest';
import { parseCode } from '../../../src/main/scan/parse-code';

const EAN13 = '4012345678901'; // valid check digit
const GTIN14 = '04012345678901';

describe('parseCode', () => {
  it.each([
    ['WD-000123', { kind: 'sku', sku: 'WD-000123' }],
    ['  WD-000123\t', { kind: 'sku', sku: 'WD-000123', code: 'WD-000123' }],
    ['wd-000123', { kind: 'sku', sku: 'wd-000123' }],
    ['shp_4m2q8x0c7v6b5n1k3j9h', { kind: 'shipment', token: 'shp_4m2q8x0c7v6b5n1k3j9h' }],
    ['SHP_4M2Q8X0C7V6B5N1K3J9H', { kind: 'shipment', token: 'shp_4m2q8x0c7v6b5n1k3j9h' }],
  ])('%j', (raw, expected) => {
    expect(parseCode(raw)).toMatchObject(expected);
  });

  it('reads GTIN-8/12/13/14 with a valid check digit as one GTIN-14', () => {
    expect(parseCode(EAN13)).toMatchObject({ kind: 'gtin', gtin14: [GTIN14], checkDigitOk: true });
    expect(parseCode(GTIN14)).toMatchObject({ kind: 'gtin', gtin14: [GTIN14], checkDigitOk: true });
    expect(parseCode('012345678905')).toMatchObject({ kind: 'gtin', gtin14: ['00012345678905'], checkDigitOk: true }); // UPC-A
    expect(parseCode('96385074')).toMatchObject({ kind: 'gtin', gtin14: ['00000096385074'], checkDigitOk: true }); // GTIN-8
  });

  it('flags a wrong check digit (the lookup decides: a numeric SKU may still match)', () => {
    expect(parseCode('4012345678902')).toMatchObject({ kind: 'gtin', checkDigitOk: false, sku: '4012345678902' });
  });

  it('expands a UPC-E to the UPC-A it stands for', () => {
    // UPC-E 04252614 <-> UPC-A 042100005264
    expect(parseCode('04252614')).toMatchObject({ kind: 'gtin', gtin14: ['00000004252614', '00042100005264'], checkDigitOk: true });
  });

  it.each([
    ['(01)04012345678901', GTIN14],
    ['(01)04012345678901(17)261231(10)LOT-7', GTIN14],
    ['(10)LOT-7(01)04012345678901', GTIN14],
    ['0104012345678901', GTIN14],
    ['010401234567890117261231', GTIN14],
    ['0104012345678901\u001d10LOT-7\u001d17261231', GTIN14],
    ['\u001d0104012345678901', GTIN14],
    [']C10104012345678901\u001d10ABC', GTIN14],
    [']d20104012345678901', GTIN14],
    ['https://id.gs1.org/01/04012345678901/10/ABC', GTIN14],
    ['(01)00000096385074', '00000096385074'],
  ])('reads the GTIN of the GS1 code %j', (raw, gtin14) => {
    expect(parseCode(raw)).toMatchObject({ kind: 'gtin', gtin14: [gtin14], checkDigitOk: true, sku: null });
  });

  it.each([
    ['(01)04012345678902', /check digit of GTIN 04012345678902 is wrong/],
    ['0104012345678902\u001d10ABC', /check digit/],
    ['(01)4012345678901', /14 digits/],
    ['(00)340123450000000000', /no GTIN/],
    ['10ABC\u001d0104012345678901', /does not start with a GTIN/],
  ])('refuses the broken GS1 code %j', (raw, problem) => {
    const parsed = parseCode(raw);
    expect(parsed.kind).toBe('invalid');
    expect(parsed.kind === 'invalid' && parsed.problem).toMatch(problem);
  });

  it.each([
    ['', /empty/],
    ['   ', /empty/],
    ['WD-1\u0000', /control characters/],
    ['WD\u0007-1', /control characters/],
    ['WD-1\u001b[2J', /control characters/],
    ['WD\u2028-1', /control characters/],
    ['blue bolt', /not a SKU/],
    ['../../etc/passwd', /not a SKU/],
    ['x'.repeat(65), /not a SKU/],
  ])('refuses %j', (raw, problem) => {
    const parsed = parseCode(raw);
    expect(parsed.kind).toBe('invalid');
    expect(parsed.kind === 'invalid' && parsed.problem).toMatch(problem);
  });

  it('keeps a numeric SKU that merely starts with 01 a SKU', () => {
    expect(parseCode('0104012345678902')).toMatchObject({ kind: 'sku', sku: '0104012345678902' });
  });
});
