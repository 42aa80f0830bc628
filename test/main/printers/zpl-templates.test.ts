import { describe, expect, it } from 'vitest';
import { labelContents } from '../../../src/main/labels/label-content';
import { code128Field } from '../../../src/main/printers/zpl/code128';
import { zplDocument } from '../../../src/main/printers/zpl/zpl-document';
import { fieldData, fitText, textWidth } from '../../../src/main/printers/zpl/zpl-text';
import { DeskFailure } from '../../../src/shared/ipc/result';
import { fakeReads, SHIPMENT } from '../labels/support/fake-reads';

describe('Code 128 field data for ^BC in mode N', () => {
  it('starts in subset C for digits, in B for text, and goes from C to B where the digits end', () => {
    expect(code128Field('0123456789')).toEqual({ fd: '>;0123456789', modules: (1 + 5 + 1) * 11 + 13 });
    expect(code128Field('UPC-1')).toEqual({ fd: '>:UPC-1', modules: (1 + 5 + 1) * 11 + 13 });
    expect(code128Field('12345AB').fd).toBe('>;1234>65AB');
  });

  it('puts FNC1 first in a GS1-128 and in place of each GS after a variable-length field', () => {
    expect(code128Field('0104012345678901101A2B\u001d17261231', true).fd).toBe('>;>8010401234567890110>61A2B>817261231');
  });

  it("escapes the characters ZPL or Zebra's invocations would read as commands", () => {
    expect(code128Field('A>B^C~D').fd).toBe('>:A>0B><C>=D');
  });

  it('refuses a character Code 128 cannot carry, with a typed error', () => {
    expect(() => code128Field('Łódź')).toThrow(expect.objectContaining({ error: expect.objectContaining({ code: 'label_not_printable' }) }) as Error);
  });
});

describe('text on a thermal label', () => {
  it('sends ^, ~, _ and control characters as hex escapes, so a name cannot end its field or inject a command', () => {
    const data = fieldData('Bolts ^XZ~JR_x\u0001 Łódź');
    expect(data).toBe('Bolts _5EXZ_7EJR_5Fx_01 Łódź');
    expect(data).not.toMatch(/[\^~]/);
  });

  it('wraps a long name within its box and ends it in three dots where it runs out of lines', () => {
    const name = 'Stretch film for pallet wrapping, clear, 23 micron, 500 mm x 300 m, hand roll with extended core';
    const fitted = fitText(name, 400, 2, [30, 24, 20]);
    expect(fitted.height).toBe(20);
    expect(fitted.lines).toHaveLength(2);
    expect(fitted.lines[1]).toMatch(/\.\.\.$/);
    for (const line of fitted.lines) expect(textWidth(line, fitted.height)).toBeLessThanOrEqual(400);
  });

  it('keeps a SKU on one line at a smaller size before it wraps, and never cuts one', () => {
    expect(fitText('PALLET-WRAP.CLEAR', 300, 2, [32, 26, 20], false)).toEqual({ height: 26, lines: ['PALLET-WRAP.CLEAR'] });
    const wrapped = fitText('PALLET-WRAP.CLEAR_23MU-500MM', 200, 3, [32, 26, 20], false);
    expect(wrapped.lines.join('')).toBe('PALLET-WRAP.CLEAR_23MU-500MM');
    for (const line of wrapped.lines) expect(textWidth(line, wrapped.height)).toBeLessThanOrEqual(200);
  });
});

describe('a ZPL document', () => {
  const { reads } = fakeReads();
  const labels = labelContents(reads, [
    { template: 'shelf', sku: 'UPC-1' },
    { template: 'shipment', token: SHIPMENT.token },
  ]);

  it('is UTF-8 (^CI28), sized to the label in dots at the printer resolution, with its copies', () => {
    const at203 = zplDocument(labels, { size: '62x29', dpi: 203, copies: 3 });
    expect(at203.labels).toBe(6);
    const formats = at203.zpl.trim().split('\n');
    expect(formats).toHaveLength(2);
    for (const format of formats) expect(format).toMatch(/^\^XA\^CI28\^PW496\^LL232\^LH0,0.*\^PQ3,0,1,N\^XZ$/);
    expect(zplDocument(labels, { size: '100x150', dpi: 300, copies: 1 }).zpl).toContain('^PW1200^LL1800');
    expect(zplDocument(labels, { size: '57x32', dpi: 600, copies: 1 }).zpl).toContain('^PW1368^LL768');
  });

  it("sets the printer's darkness and speed only when the profile names them", () => {
    expect(zplDocument(labels, { size: '62x29', dpi: 203, copies: 1 }).zpl).not.toMatch(/~SD|\^PR/);
    const set = zplDocument(labels, { size: '62x29', dpi: 203, copies: 1, darkness: 8, speed: 4 }).zpl;
    expect(set.startsWith('~SD08^XA')).toBe(true);
    expect(set).toContain('^PR4');
  });

  it('lays every position out from the dpi: the same label at 300 dpi is 1.5 times the 203 dpi one', () => {
    const [shelf] = labels;
    const positions = (dpi: 203 | 300) => [...zplDocument([shelf as (typeof labels)[number]], { size: '100x150', dpi, copies: 1 }).zpl.matchAll(/\^FO(\d+),(\d+)/g)].map((m) => Number(m[1]));
    const [a, b] = [positions(203), positions(300)];
    expect(b).toHaveLength(a.length);
    b.forEach((x, i) => expect(Math.abs(x - (a[i] as number) * 1.5)).toBeLessThanOrEqual(3));
  });

  it('refuses the A4 sheet, which is no thermal roll, with a typed error', () => {
    expect(() => zplDocument(labels, { size: 'a4', dpi: 203, copies: 1 })).toThrow(DeskFailure);
    expect(() => zplDocument(labels, { size: 'a4', dpi: 203, copies: 1 })).toThrow(expect.objectContaining({ error: expect.objectContaining({ code: 'label_not_printable', reason: 'sheet_on_thermal' }) }) as Error);
  });
});
