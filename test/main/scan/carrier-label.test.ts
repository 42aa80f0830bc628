import { describe, expect, it } from 'vitest';
import { carrierLabelOf, ssccOf, trackingNumberOf } from '../../../src/main/scan/carrier-label';
import { demoSscc } from '../../../src/sandbox/demo-data';

// 34012345000000001 + check digit 7 (GS1 mod-10, worked by hand: weights 3,1,3,... from the right).
const SSCC = '340123450000000017';

describe('carrier label recogniser', () => {
  it('reads an SSCC raw, after AI 00, bracketed, after a symbology identifier or FNC1', () => {
    for (const code of [SSCC, `00${SSCC}`, `(00)${SSCC}`, `]C100${SSCC}`, `\u001d00${SSCC}`, `(00)${SSCC}(400)PO-1`, `00${SSCC}\u001d400PO-1`, `  ${SSCC}  `]) {
      expect(ssccOf(code), code).toBe(SSCC);
    }
  });

  it('refuses a wrong check digit, a wrong length and other AIs', () => {
    for (const code of ['340123450000000018', '34012345000000001', '3401234500000000170', `(01)${SSCC.slice(0, 14)}`, `01${SSCC}`, 'WD-000001', '']) {
      expect(ssccOf(code), code).toBeNull();
    }
  });

  it("gives every demo parcel's SSCC a valid check digit", () => {
    for (const [shipment, parcel] of [[0, 0], [7, 2], [239, 1]] as const) expect(ssccOf(demoSscc('desk', shipment, parcel))).toBe(demoSscc('desk', shipment, parcel));
  });

  it('compares tracking numbers as carriers print them: no spaces, any case', () => {
    expect(trackingNumberOf('1z 999 aa1 01 2345 6784')).toBe('1Z999AA10123456784');
    expect(trackingNumberOf('JJD0099999999')).toBe('JJD0099999999');
    expect(trackingNumberOf('abc')).toBeNull();
    expect(trackingNumberOf('a/b/c/d/e/f')).toBeNull();
    expect(trackingNumberOf('AAß000000'), "'ß' upper-cases to 'SS'").toBeNull();
    expect(trackingNumberOf('-ABC123'), 'starts like a SKU').toBeNull();
  });

  it('takes an SSCC first, a tracking number otherwise', () => {
    expect(carrierLabelOf(`(00)${SSCC}`)).toEqual({ kind: 'sscc', sscc: SSCC });
    expect(carrierLabelOf('UPS ABC 123')).toEqual({ kind: 'tracking_number', trackingNumber: 'UPSABC123' });
  });
});
