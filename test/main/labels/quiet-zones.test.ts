import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pdfLabelPrinter } from '../../../src/harness/label-printer';
import { buildLabelDocument } from '../../../src/main/labels';
import { LABEL_SIZES, type LabelItem } from '../../../src/shared/ipc/label-records';
import { tempDir } from '../composition/support/temp-dir';
import { decodePng, pdfToPngs, type Decoded } from './support/decode';
import { fakeReads, SHIPMENT } from './support/fake-reads';
import { drawn } from '../../support/run-depth';
import { RUN } from '../../support/node-run-depth';

/** A grey page image from pdftoppm -gray (binary PGM). */
interface Gray {
  width: number;
  height: number;
  at(x: number, y: number): number;
}

function readPgm(path: string): Gray {
  const bytes = readFileSync(path);
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(bytes.subarray(0, 40).toString('latin1'));
  if (!header) throw new Error(`${path} is not a binary PGM`);
  const [whole, w, h] = header as unknown as [string, string, string];
  const width = Number(w);
  const pixels = bytes.subarray(whole.length);
  return { width, height: Number(h), at: (x, y) => pixels[y * width + x] ?? 0 };
}

const LIGHT = 160;

/** The narrowest dark or light run between x0 and x1 on row y: one module, in pixels. */
function moduleWidth(img: Gray, y: number, x0: number, x1: number): number {
  let narrowest = Infinity;
  let run = 0;
  let dark = img.at(x0, y) < LIGHT;
  for (let x = x0; x <= x1; x++) {
    const d = img.at(x, y) < LIGHT;
    if (d === dark) run++;
    else {
      narrowest = Math.min(narrowest, run);
      dark = d;
      run = 1;
    }
  }
  return narrowest;
}

/** Pixels of the rectangle that are dark: a quiet zone has none. */
function darkIn(img: Gray, x0: number, x1: number, y0: number, y1: number): number {
  let n = 0;
  for (let y = Math.max(0, Math.round(y0)); y <= Math.min(img.height - 1, Math.round(y1)); y++) {
    for (let x = Math.max(0, Math.round(x0)); x <= Math.min(img.width - 1, Math.round(x1)); x++) if (img.at(x, y) < LIGHT) n++;
  }
  return n;
}

/** Quiet zone each side, in modules: ISO/IEC 15417 for Code 128 (GS1-128 too), GS1 for EAN/UPC (the smaller side), ISO/IEC 18004 for QR, 16022 for DataMatrix. */
const QUIET: Record<string, number> = { Code128: 10, EAN13: 7, EAN8: 7, UPCA: 9, QRCode: 4, DataMatrix: 1 };

function quietZoneProblem(img: Gray, d: Decoded): string | null {
  const xs = d.corners.map((p) => p.x);
  const ys = d.corners.map((p) => p.y);
  const [left, right, top, bottom] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const midY = Math.round((top + bottom) / 2);
  const module = moduleWidth(img, midY, Math.round(left), Math.round(right));
  const zone = (QUIET[d.format] ?? 10) * module;
  // 1 px of slack at the symbol's edge for antialiasing of the rasteriser.
  if (d.format === 'QRCode' || d.format === 'DataMatrix') {
    const ring = darkIn(img, left - zone, left - 2, top - zone, bottom + zone) + darkIn(img, right + 2, right + zone, top - zone, bottom + zone) + darkIn(img, left, right, top - zone, top - 2) + darkIn(img, left, right, bottom + 2, bottom + zone);
    return ring === 0 ? null : `${d.format} ${d.text}: ${ring} dark pixels within ${QUIET[d.format]} modules (${zone} px) of it`;
  }
  const before = darkIn(img, left - zone, left - 2, midY, midY);
  const after = darkIn(img, right + 2, right + zone, midY, midY);
  return before + after === 0 ? null : `${d.format} ${d.text}: dark pixels within ${QUIET[d.format] ?? 10} modules (${zone} px) before (${before}) or after (${after})`;
}

describe('quiet zones survive the layout at every size', () => {
  const dir = tempDir('label-quiet-');
  const printer = pdfLabelPrinter({ outputDir: dir.path });
  afterAll(async () => {
    await printer.close();
    dir.remove();
  });
  const { reads } = fakeReads();
  const items: LabelItem[] = [
    { template: 'shelf', sku: 'UPC-1' },
    { template: 'product', sku: 'UPC-1', lot: 'LOT-0042', expiry: '2027-12-31' },
    { template: 'product', sku: 'EAN8-1' },
    { template: 'product', sku: 'CASE-6' },
    { template: 'shipment', token: SHIPMENT.token },
  ];

  // The smallest label, where quiet zones are tightest, every run, and one more size drawn by the
  // run's seed (every size in a release run).
  for (const size of [LABEL_SIZES[0], ...drawn(RUN, 'quiet zones: label sizes besides the smallest', LABEL_SIZES.slice(1), 1)]) {
    it(`${size}: every decoded symbol has its quiet zone clear on the printed page`, async () => {
      const pdf = join(dir.path, `${size}.pdf`);
      writeFileSync(pdf, await printer.pdf(buildLabelDocument(reads, { items, size, copies: 1 })));
      const pages = pdfToPngs(pdf, mkdtempSync(join(dir.path, `${size}-`)));
      let symbols = 0;
      const problems: string[] = [];
      for (const [i, page] of pages.entries()) {
        // The same page as a grey image to measure, at the same 300 dpi as the PNG the decoder read.
        const pgm = page.replace(/\.png$/, '-gray');
        execFileSync('pdftoppm', ['-r', '300', '-gray', '-f', String(i + 1), '-l', String(i + 1), '-singlefile', pdf, pgm]);
        const img = readPgm(`${pgm}.pgm`);
        for (const d of await decodePng(page)) {
          symbols++;
          const problem = quietZoneProblem(img, d);
          if (problem) problems.push(problem);
        }
      }
      expect(symbols).toBeGreaterThanOrEqual(items.length + 1);
      expect(problems).toEqual([]);
    });
  }
});
