import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeskCore, type DeskCore } from '../../../src/main/composition/desk-core';
import { createKeytarStore } from '../../../src/main/kernel/secrets';
import { labelContents, type LabelReads } from '../../../src/main/labels/label-content';
import { LABEL_GEOMETRY } from '../../../src/main/labels/label-sizes';
import { code128Field } from '../../../src/main/printers/zpl/code128';
import { dotsAt, type PrinterDpi } from '../../../src/main/printers/zpl/dots';
import { zplDocument, type RollSize } from '../../../src/main/printers/zpl/zpl-document';
import type { Shipment, Stock } from '../../../src/shared/ipc/records';
import { ipcClient } from '../composition/support/ipc';
import { tempDir } from '../composition/support/temp-dir';
import { decodePng, type Decoded } from '../labels/support/decode';
import { renderZpl, savePng } from './support/render-zpl';

/**
 * ZPL labels of the demo's records, rendered by an independent renderer, every barcode read by an
 * independent decoder and looked up in the desk: it must open the SKU or shipment the label was
 * printed for.
 */
describe('ZPL labels scan back to the records they were printed for', () => {
  const dir = tempDir('zpl-scan-back-');
  let core: DeskCore;
  let ipc: ReturnType<typeof ipcClient>;
  let stock: Stock;
  let shipment: Shipment;
  let reads: LabelReads;

  beforeAll(async () => {
    core = await createDeskCore({ dataDir: dir.path, secrets: createKeytarStore(), demoSandbox: { demo: { skus: 20, shipments: 12 }, rateLimit: false }, syncIntervalMs: 600_000 });
    ipc = ipcClient(core);
    await ipc.call('sync.now');
    const rows = (await ipc.call('stock.search', { limit: 20 })).rows;
    const looked = await Promise.all(rows.map((r) => ipc.call('stock.lookup', { code: r.sku })));
    const stocks = looked.flatMap((l) => (l.kind === 'stock' ? [l.stock] : []));
    stock = stocks.find((s) => s.barcodes.length > 0) ?? expect.fail('no demo stock has a GTIN');
    shipment = (await ipc.call('shipments.list', { limit: 50 })).shipments.find((s) => s.trackingNumber !== null) ?? expect.fail('no demo shipment has a tracking number');
    // The records as the desk answered them: the label's content comes from these, as the core's cache reads would give it.
    reads = { stockBySku: (sku) => stocks.find((s) => s.sku === sku) ?? null, warehouses: () => [], shipment: (token) => (token === shipment.token ? shipment : null) };
  });
  afterAll(async () => {
    await core?.close();
    dir.remove();
  });

  /** What a scanner sends: GS1 symbols with their AIM identifier, as the desk's scanners are set up. */
  function scanned(d: Decoded): string {
    return d.symbologyIdentifier === ']C1' || d.symbologyIdentifier === ']d2' ? d.symbologyIdentifier + d.text : d.text;
  }

  async function opens(code: string): Promise<string> {
    const answer = await ipc.call('stock.lookup', { code });
    if (answer.kind === 'stock') return `sku ${answer.stock.sku}`;
    if (answer.kind === 'shipment') return `shipment ${answer.token}`;
    return `${answer.kind} ${code}`;
  }

  const cases: [RollSize, PrinterDpi][] = [
    ['62x29', 300],
    ['100x150', 203],
  ];
  for (const [size, dpi] of cases) {
    it(`${size} at ${dpi} dpi: shelf, product with lot and expiry, and shipment labels open their SKU and shipment`, async () => {
      const labels = labelContents(reads, [
        { template: 'shelf', sku: stock.sku },
        { template: 'product', sku: stock.sku, lot: 'L42-A', expiry: '2027-12-31' },
        { template: 'shipment', token: shipment.token },
      ]);
      const g = LABEL_GEOMETRY[size];
      const { zpl } = zplDocument(labels, { size, dpi, copies: 1 });
      const pngs = await renderZpl(zpl, g.width, g.height, dotsAt(dpi).perMm);
      expect(pngs).toHaveLength(3);
      const decoded = (await Promise.all(pngs.map((png, i) => decodePng(savePng(join(dir.path, `${size}-${dpi}-${i}.png`), png))))).flat();
      const gtin = stock.barcodes[0] as string;
      const gs1 = `01${gtin.padStart(14, '0')}17271231${'10'}L42-A`;
      const expected = [stock.sku, gtin.padStart(13, '0'), gs1, ...(size === '100x150' ? [gs1] : []), shipment.token, ...(zpl.includes(code128Field(shipment.trackingNumber as string).fd) ? [shipment.trackingNumber] : [])];
      expect(decoded.map((d) => d.text).sort()).toEqual(expected.sort());
      for (const d of decoded) {
        const wanted = d.text === shipment.token || d.text === shipment.trackingNumber ? `shipment ${shipment.token}` : `sku ${stock.sku}`;
        expect(await opens(scanned(d)), `${d.format} ${JSON.stringify(d.text)}`).toBe(wanted);
      }
    }, 60_000);
  }
});
