import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pdfLabelPrinter } from '../../../src/harness/label-printer';
import { buildLabelDocument } from '../../../src/main/labels';
import { LABEL_SIZES, type LabelItem } from '../../../src/shared/ipc/label-records';
import { DeskFailure } from '../../../src/shared/ipc/result';
import { tempDir } from '../composition/support/temp-dir';
import { drawn } from '../../support/run-depth';
import { RUN } from '../../support/node-run-depth';
import { decodePng, pdfToPngs } from './support/decode';
import { fakeReads, LONG_TRACKING_SHIPMENT, SHIPMENT, stockRecord } from './support/fake-reads';

const { reads, records } = fakeReads();
const stock = stockRecord;

// A hang guard: each test rasterises and decodes a dozen printed pages, 30 s and more on a loaded machine.
describe('label symbols for every kind of GTIN and key, decoded from the printed PDF', { timeout: 120_000 }, () => {
  const dir = tempDir('label-symbols-');
  const printer = pdfLabelPrinter({ outputDir: dir.path });
  afterAll(async () => {
    await printer.close();
    dir.remove();
  });

  async function decodedTexts(items: LabelItem[], size: '62x29' | '57x32' | '100x150' | 'a4'): Promise<string[]> {
    const document = buildLabelDocument(reads, { items, size, copies: 1 });
    const pdf = join(dir.path, `${size}-${Math.random().toString(36).slice(2)}.pdf`);
    writeFileSync(pdf, await printer.pdf(document));
    const pages = pdfToPngs(pdf, mkdtempSync(join(dir.path, 'png-')));
    return (await Promise.all(pages.map(decodePng))).flat().map((d) => `${d.format} ${d.text}`).sort();
  }

  it('prints a GTIN-12 as UPC-A, a GTIN-8 as EAN-8 and a case GTIN-14 as GS1-128 (AI 01) on the smallest label', async () => {
    const items: LabelItem[] = [{ template: 'product', sku: 'UPC-1' }, { template: 'product', sku: 'EAN8-1' }, { template: 'product', sku: 'CASE-6' }];
    expect(buildLabelDocument(reads, { items, size: '62x29', copies: 1 }).html.match(/data-symbology="[^"]+"/g)).toEqual(['data-symbology="upca"', 'data-symbology="ean8"', 'data-symbology="gs1-128"']);
    // A UPC-A is an EAN-13 with a leading 0, bar for bar: the decoder reports it as that EAN-13.
    expect(await decodedTexts(items, '62x29')).toEqual(['Code128 0110012345678902', 'EAN13 0036000291452', 'EAN8 96385074'].sort());
  });

  it('prints a 20-character SKU readably on a 57 x 32 mm label and the A4 sheet, and a 28-character one only where its bars stay wide enough', async () => {
    records.set('PALLET-WRAP.CLEAR-23', stock('PALLET-WRAP.CLEAR-23', 'Stretch film', []));
    for (const size of ['57x32', 'a4'] as const) {
      expect(await decodedTexts([{ template: 'shelf', sku: 'PALLET-WRAP.CLEAR-23' }], size)).toEqual(['Code128 PALLET-WRAP.CLEAR-23']);
      expect(() => buildLabelDocument(reads, { items: [{ template: 'shelf', sku: 'PALLET-WRAP.CLEAR_23MU-500MM' }], size, copies: 1 })).toThrow(/too long for a readable barcode/);
    }
    expect(await decodedTexts([{ template: 'shelf', sku: 'PALLET-WRAP.CLEAR_23MU-500MM' }, { template: 'product', sku: 'PALLET-WRAP.CLEAR_23MU-500MM', lot: 'B-2026/11-0042', expiry: '2028-02-29' }], '100x150')).toEqual(
      ['Code128 PALLET-WRAP.CLEAR_23MU-500MM', 'EAN13 4006381333931', 'Code128 0104006381333931172802291' + '0B-2026/11-0042', 'DataMatrix 0104006381333931172802291' + '0B-2026/11-0042'].sort(),
    );
  });

  it('puts a tracking number on every shipment label as Code 128, and leaves a 40-character one, whose bars would be too thin even on 100 x 150 mm, to the QR code', async () => {
    // The smallest label, where the bars are thinnest, every run; one more size drawn (all in a release run).
    for (const size of [LABEL_SIZES[0], ...drawn(RUN, 'label symbols: shipment label sizes besides the smallest', LABEL_SIZES.slice(1), 1)]) {
      expect(await decodedTexts([{ template: 'shipment', token: SHIPMENT.token }], size), size).toEqual([`Code128 ${SHIPMENT.trackingNumber}`, `QRCode ${SHIPMENT.token}`]);
      expect(await decodedTexts([{ template: 'shipment', token: LONG_TRACKING_SHIPMENT.token }], size), size).toEqual([`QRCode ${LONG_TRACKING_SHIPMENT.token}`]);
    }
  });

  it('refuses, before printing, a product label for a SKU with no GTIN, a GTIN that is not the SKU\'s, and an unknown SKU', () => {
    const refusal = (item: LabelItem): string => {
      try {
        buildLabelDocument(reads, { items: [item], size: '62x29', copies: 1 });
      } catch (error) {
        if (error instanceof DeskFailure) return error.error.code;
        throw error;
      }
      return 'printed';
    };
    expect(refusal({ template: 'product', sku: 'NO-GTIN' })).toBe('label_not_printable');
    expect(refusal({ template: 'product', sku: 'UPC-1', gtin: '4006381333931' })).toBe('label_not_printable');
    expect(refusal({ template: 'shelf', sku: 'NOT-CACHED' })).toBe('not_in_cache');
    expect(refusal({ template: 'shelf', sku: 'UPC-1', warehouseId: 'wh_unknown' })).toBe('label_not_printable');
  });

  it('escapes what it prints: a name with markup is text on the label, never markup', () => {
    records.set('ODD-1', stock('ODD-1', '<img src=x onerror=alert(1)> & "quotes"', []));
    const { html } = buildLabelDocument(reads, { items: [{ template: 'shelf', sku: 'ODD-1' }], size: '62x29', copies: 2 });
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;quotes&quot;');
    expect(html).toContain("default-src 'none'");
    expect(html.match(/class="label shelf/g)).toHaveLength(2);
  });
});
