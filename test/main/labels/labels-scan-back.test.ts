import { copyFileSync, mkdirSync, mkdtempSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfLabelPrinter, type PdfLabelPrinter } from '../../../src/harness/label-printer';
import { createDeskCore, type DeskCore } from '../../../src/main/composition/desk-core';
import { createKeytarStore } from '../../../src/main/kernel/secrets';
import { TEST_SHEET } from '../../../src/shared/codes/scanner-test-sheet';
import { LABEL_SIZES, type LabelItem } from '../../../src/shared/ipc/label-records';
import type { Shipment, Stock } from '../../../src/shared/ipc/records';
import { ipcClient } from '../composition/support/ipc';
import { tempDir } from '../composition/support/temp-dir';
import { decodePng, pdfToPngs, type Decoded } from './support/decode';
import { drawn } from '../../support/run-depth';
import { RUN } from '../../support/node-run-depth';

/** Page images of every size, kept for a person to look at (test-results is not committed). */
const LOOK_DIR = resolve(import.meta.dirname, '../../../test-results/labels');

/**
 * The proof of issue 17: labels built by the core from the demo's cache, printed to PDF by
 * Chromium (the harness's print path), rasterised by pdftoppm at a label printer's 300 dpi, every
 * barcode read by an independent decoder (ZXing-C++ as wasm), and every code read looked up in
 * the desk, where it must open the SKU or shipment the label was printed for.
 */
describe('printed labels scan back to what they stand for', () => {
  const dir = tempDir('labels-scan-back-');
  let core: DeskCore;
  let printer: PdfLabelPrinter;
  let ipc: ReturnType<typeof ipcClient>;
  let stock: Stock;
  let other: Stock;
  let shipment: Shipment;

  beforeAll(async () => {
    printer = pdfLabelPrinter({ outputDir: join(dir.path, 'pdf') });
    core = await createDeskCore({ dataDir: dir.path, secrets: createKeytarStore(), demoSandbox: { demo: { skus: 30, shipments: 12 }, rateLimit: false }, syncIntervalMs: 600_000, printer });
    ipc = ipcClient(core);
    await ipc.call('sync.now');
    const rows = (await ipc.call('stock.search', { limit: 2 })).rows;
    const looked = await Promise.all(rows.map((r) => ipc.call('stock.lookup', { code: r.sku })));
    [stock, other] = looked.map((l) => (l.kind === 'stock' ? l.stock : expect.fail(`${l.code} did not open its stock`))) as [Stock, Stock];
    const listed = await ipc.call('shipments.list', { limit: 50 });
    shipment = listed.shipments.find((s) => s.trackingNumber !== null) ?? expect.fail('no demo shipment has a tracking number');
    mkdirSync(LOOK_DIR, { recursive: true });
  });
  afterAll(async () => {
    await printer?.close();
    await core?.close();
    dir.remove();
  });

  /** What a scanner sends for one decoded symbol: GS1 symbols with their AIM identifier, as the desk's scanners are set up. */
  function scanned(d: Decoded): string {
    return d.symbologyIdentifier === ']C1' || d.symbologyIdentifier === ']d2' ? d.symbologyIdentifier + d.text : d.text;
  }

  async function opens(code: string): Promise<string> {
    const answer = await ipc.call('stock.lookup', { code });
    if (answer.kind === 'stock') return `sku ${answer.stock.sku}`;
    if (answer.kind === 'shipment') return `shipment ${answer.token}`;
    return `${answer.kind} ${code}`;
  }

  // The smallest label every run, and one more size drawn by the run's seed (every size in a release run).
  for (const size of [LABEL_SIZES[0], ...drawn(RUN, 'labels scanned back: label sizes besides the smallest', LABEL_SIZES.slice(1), 1)]) {
    it(`${size}: the scanner setup check's test sheet, printed through the label templates, decodes to exactly what the check expects of each code`, async () => {
      const printed = await ipc.call('labels.print', { items: TEST_SHEET.map((code) => ({ template: 'scanner-test', code: code.id })), size, copies: 1, output: 'pdf' });
      const pages = pdfToPngs(printed.path ?? expect.fail('no PDF path'), mkdtempSync(join(dir.path, `png-test-sheet-${size}-`)));
      pages.forEach((page, i) => copyFileSync(page, join(LOOK_DIR, `test-sheet-${size}-page-${i + 1}.png`)));
      const decoded = (await Promise.all(pages.map(decodePng))).flat();
      const formats = { code128: 'Code128', 'gs1-128': 'Code128', ean13: 'EAN13' } as const;
      expect(decoded.map((d) => `${d.format} ${JSON.stringify(d.text)}`).sort()).toEqual(TEST_SHEET.map((c) => `${formats[c.bcid]} ${JSON.stringify(c.text)}`).sort());
    });

    it(`${size}: shelf, product (plain and with lot and expiry) and shipment labels decode to their codes and open their records`, async () => {
      const gtin = stock.barcodes[0] ?? expect.fail('demo stock has no GTIN');
      const warehouseId = stock.levels[0]?.warehouseId ?? expect.fail('demo stock has no level');
      const items: LabelItem[] = [
        { template: 'shelf', sku: stock.sku, warehouseId },
        { template: 'product', sku: stock.sku, lot: 'L42-A', expiry: '2027-12-31' },
        { template: 'product', sku: other.sku },
        { template: 'shipment', token: shipment.token },
      ];
      const copies = size === 'a4' ? 3 : 1;
      const printed = await ipc.call('labels.print', { items, size, copies, output: 'pdf' });
      expect(printed).toMatchObject({ output: 'pdf', done: true, labels: items.length * copies, pages: size === 'a4' ? 1 : items.length });

      const pages = pdfToPngs(printed.path ?? expect.fail('no PDF path'), mkdtempSync(join(dir.path, `png-${size}-`)));
      expect(pages).toHaveLength(printed.pages);
      pages.forEach((page, i) => copyFileSync(page, join(LOOK_DIR, `${size}-page-${i + 1}.png`)));
      const decoded = (await Promise.all(pages.map(decodePng))).flat();

      const large = size === '100x150';
      const gs1 = `01${gtin.padStart(14, '0')}17271231${'10'}L42-A`;
      const perCopy = [
        `Code128 ${stock.sku}`,
        `EAN13 ${gtin.padStart(13, '0')}`,
        `DataMatrix ${gs1}`,
        ...(large ? [`Code128 ${gs1}`] : []),
        `EAN13 ${(other.barcodes[0] ?? '').padStart(13, '0')}`,
        `QRCode ${shipment.token}`,
        `Code128 ${shipment.trackingNumber}`,
      ];
      const expected = Array.from({ length: copies }, () => perCopy).flat().sort();
      expect(decoded.map((d) => `${d.format} ${d.text}`).sort()).toEqual(expected);

      const wanted: Record<string, string> = { [stock.sku]: `sku ${stock.sku}`, [gtin.padStart(13, '0')]: `sku ${stock.sku}`, [gs1]: `sku ${stock.sku}`, [shipment.token]: `shipment ${shipment.token}`, [shipment.trackingNumber ?? '']: `shipment ${shipment.token}` };
      wanted[(other.barcodes[0] ?? '').padStart(13, '0')] = `sku ${other.sku}`;
      for (const d of decoded) expect(await opens(scanned(d)), `${d.format} ${JSON.stringify(d.text)}`).toBe(wanted[d.text]);
    });
  }
});
