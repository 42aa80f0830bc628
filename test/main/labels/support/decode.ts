import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

const require = createRequire(import.meta.url);
let prepared: Promise<unknown> | null = null;

/** zxing-wasm (ZXing-C++), fed its wasm from node_modules: it must never fetch it from a CDN. */
function ready(): Promise<unknown> {
  prepared ??= prepareZXingModule({ overrides: { wasmBinary: readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm')).buffer as ArrayBuffer }, fireImmediately: true });
  return prepared;
}

/** Each page of a PDF as a PNG, by poppler's pdftoppm (apt: poppler-utils), as a label printer's raster would be. */
export function pdfToPngs(pdfPath: string, outDir: string, dpi = 300): string[] {
  const prefix = join(outDir, 'page');
  execFileSync('pdftoppm', ['-r', String(dpi), '-png', pdfPath, prefix]);
  return readdirSync(outDir)
    .filter((f) => f.startsWith('page') && f.endsWith('.png'))
    .sort()
    .map((f) => join(outDir, f));
}

export interface Point {
  x: number;
  y: number;
}

export interface Decoded {
  format: string;
  /** Corners of the symbol on the page image, in pixels. */
  corners: [Point, Point, Point, Point];
  /** As a scanner sends it: GS1 separators as GS (29), no brackets. */
  text: string;
  /** The AIM symbology identifier a scanner may send first (`]C1`, `]d2`, `]Q1`, `]E0`). */
  symbologyIdentifier: string;
}

/** Every barcode on one page image, read by an independent decoder. */
export async function decodePng(pngPath: string): Promise<Decoded[]> {
  await ready();
  const results = await readBarcodes(new Uint8Array(readFileSync(pngPath)), { formats: [], tryHarder: true, maxNumberOfSymbols: 64, textMode: 'Plain' });
  return results
    .filter((r) => r.isValid)
    .map((r) => ({
      format: r.format,
      text: r.text,
      symbologyIdentifier: r.symbologyIdentifier,
      corners: [r.position.topLeft, r.position.topRight, r.position.bottomRight, r.position.bottomLeft],
    }));
}
