import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Barcode } from '../../../src/main/labels/barcodes';
import { labelContents, type LabelContent } from '../../../src/main/labels/label-content';
import { LABEL_GEOMETRY } from '../../../src/main/labels/label-sizes';
import { code128Field } from '../../../src/main/printers/zpl/code128';
import { dotsAt, type PrinterDpi } from '../../../src/main/printers/zpl/dots';
import { zplDocument, type RollSize } from '../../../src/main/printers/zpl/zpl-document';
import type { LabelItem } from '../../../src/shared/ipc/label-records';
import { tempDir } from '../composition/support/temp-dir';
import { decodePng } from '../labels/support/decode';
import { fakeReads, LONG_TRACKING_SHIPMENT, SHIPMENT, stockRecord, WAREHOUSE } from '../labels/support/fake-reads';
import { inkBounds, renderZpl, savePng } from './support/render-zpl';
import { drawn } from '../../support/run-depth';
import { RUN } from '../../support/node-run-depth';

const ROLLS: RollSize[] = ['62x29', '57x32', '100x150'];
const DPIS: PrinterDpi[] = [203, 300];

/** The symbols a label carries that must scan: the ones the PDF label draws too (the tracking number's only where it was drawn). */
function expectedCodes(label: LabelContent, zpl: string, large: boolean): Barcode[] {
  switch (label.template) {
    case 'shelf':
    case 'scanner-test':
      return [label.barcode];
    case 'product':
      return [label.retail, ...(label.gs1 ? [label.gs1.dataMatrix, ...(large ? [label.gs1.linear] : [])] : [])];
    case 'shipment':
      return [label.qr, ...(label.tracking && zpl.includes(code128Field(label.tracking.data).fd) ? [label.tracking] : [])];
  }
}

/** What a scanner reads from a symbol: a UPC-A drawn as the EAN-13 it is reads with its leading 0. */
function readsAs(code: Barcode): string {
  return code.symbology === 'upca' ? `0${code.reads}` : code.reads;
}

describe('ZPL labels rendered by an independent renderer scan back to their codes', () => {
  const dir = tempDir('zpl-render-');
  afterAll(() => dir.remove());
  const { reads, records } = fakeReads();
  records.set('ZH-1', stockRecord('ZH-1', 'Łódź żółć: śruby M8 ze stali nierdzewnej, opakowanie po 200 sztuk, 東京倉庫', ['4006381333931']));
  const items: LabelItem[] = [
    { template: 'shelf', sku: 'UPC-1', warehouseId: WAREHOUSE.id },
    { template: 'shelf', sku: 'ZH-1' },
    { template: 'product', sku: 'UPC-1', lot: 'AB>12', expiry: '2027-12-31' },
    { template: 'product', sku: 'EAN8-1' },
    { template: 'product', sku: 'CASE-6' },
    { template: 'product', sku: 'PALLET-WRAP.CLEAR_23MU-500MM', lot: 'L1' },
    { template: 'shipment', token: SHIPMENT.token },
    { template: 'shipment', token: LONG_TRACKING_SHIPMENT.token },
    { template: 'scanner-test', code: 'layout' },
    { template: 'scanner-test', code: 'digits' },
  ];
  const labels = labelContents(reads, items);

  // The smallest roll at the coarser resolution (the fewest dots for a bar) every run, and one more
  // pair drawn by the run's seed: rendering is slow (0.2 to 1 s a label). All six in a release run.
  const pairs = ROLLS.flatMap((size) => DPIS.map((dpi) => `${size} at ${dpi} dpi`));
  const rendered = new Set([pairs[0], ...drawn(RUN, 'ZPL labels rendered: rolls and resolutions besides 62x29 at 203 dpi', pairs.slice(1), 1)]);
  for (const size of ROLLS) {
    for (const dpi of DPIS) {
      if (!rendered.has(`${size} at ${dpi} dpi`)) continue;
      // The 4 x 6 in label is the slowest to render and decode: half the labels at each resolution, all of them across both.
      const some = size !== '100x150' ? labels.map((_, i) => i) : dpi === 300 ? [0, 1, 2, 6] : [3, 4, 5, 7, 8, 9];
      it(`${size} at ${dpi} dpi: every symbol decodes to what the label stands for, and no ink runs off the label`, async () => {
        const g = LABEL_GEOMETRY[size];
        const dots = dotsAt(dpi);
        for (const i of some) {
          const label = labels[i] as LabelContent;
          const { zpl } = zplDocument([label], { size, dpi, copies: 1 });
          // Rendered on a canvas 20 mm wider and taller than the label: ink past its edges would show there.
          const [png] = await renderZpl(zpl, g.width + 20, g.height + 20, dots.perMm);
          const path = savePng(join(dir.path, `${size}-${dpi}-${i + 1}-${label.template}.png`), png as Buffer);
          const decoded = await decodePng(path);
          const expected = expectedCodes(label, zpl, g.layout === 'large');
          expect(decoded.map((d) => d.text).sort(), `${path}`).toEqual(expected.map(readsAs).sort());
          // The renderer centres the label's print width (^PW) across the wider canvas.
          const ink = inkBounds(png as Buffer);
          const left = Math.floor((ink.width - dots.of(g.width)) / 2);
          expect(ink.left, `${path} left edge`).toBeGreaterThanOrEqual(left);
          expect(ink.right, `${path} right edge`).toBeLessThan(left + dots.of(g.width));
          expect(ink.bottom, `${path} bottom edge`).toBeLessThan(dots.of(g.height));
        }
      }, 120_000);
    }
  }

  it('refuses a code whose bars would be thinner than the printer draws, naming a wider label, instead of printing it unreadable', () => {
    const [longSku] = labelContents(reads, [{ template: 'shelf', sku: 'PALLET-WRAP.CLEAR_23MU-500MM' }]);
    expect(() => zplDocument([longSku as LabelContent], { size: '62x29', dpi: 300, copies: 1 })).toThrow(/choose a wider label/);
  });
});
