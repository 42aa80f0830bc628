// labels.preview: the print dialog's picture of the first label. It must be the printed label
// (the same HTML and stylesheet as the page that prints, through the real router and core), fail
// as the print fails, and draw in Chromium as an <img> under the renderer's own CSP: its barcodes
// are decoded from a screenshot of that image.
import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildLabelDocument, type LabelDocument, type LabelPrinter } from '../../../src/main/labels';
import { previewLabel } from '../../../src/main/labels/handlers';
import { RENDERER_CSP } from '../../../src/main/renderer-files/response-headers';
import { LABEL_SIZES, type LabelItem, type LabelPreview, type LabelSize } from '../../../src/shared/ipc/label-records';
import { DeskFailure } from '../../../src/shared/ipc/result';
import { headlessChromiumArgs, headlessChromiumPath } from '../../chromium';
import { startCore, type TestCore } from '../../hardening/support/core';
import { tempDir } from '../composition/support/temp-dir';
import { decodePng } from './support/decode';
import { fakeReads, SHIPMENT, stockRecord } from './support/fake-reads';

const { reads, records } = fakeReads();

/** The label sections of a page, in order. */
const sections = (html: string): string[] => html.match(/<section class="label[\s\S]*?<\/section>/g) ?? [];
const styleOf = (html: string): string => /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? 'none';
const previewStyle = (svg: string): string => /<style><!\[CDATA\[([\s\S]*?)\]\]><\/style>/.exec(svg)?.[1] ?? 'none';

const ITEMS: LabelItem[][] = [
  [{ template: 'shelf', sku: 'UPC-1', warehouseId: 'wh_1' }, { template: 'shelf', sku: 'CASE-6' }],
  [{ template: 'product', sku: 'UPC-1', lot: 'L-77', expiry: '2027-12-31' }],
  [{ template: 'shipment', token: SHIPMENT.token }],
  [{ template: 'scanner-test', code: 'gs1' }],
];

describe('the preview is the printed label', () => {
  it.each(LABEL_SIZES)('on %s: the first label of the printed page, with the page\'s stylesheet', (size) => {
    for (const items of ITEMS) {
      const printed = buildLabelDocument(reads, { items, size, copies: 2 });
      const preview = previewLabel(reads, { items, size });
      expect(sections(preview.svg)).toEqual([sections(printed.html)[0]]);
      // A roll's page is the label; an A4 preview is one cell of the sheet, so its page rules differ there only.
      if (size !== 'a4') expect(previewStyle(preview.svg)).toBe(styleOf(printed.html));
      expect(preview).toMatchObject({ size, widthMm: size === 'a4' ? 70 : Number(size.split('x')[0]), heightMm: size === 'a4' ? 37 : Number(size.split('x')[1]) });
    }
  });

  it('shows a cancelled shipment marked CANCELLED, as it prints', () => {
    const cancelled = { ...SHIPMENT, token: 'shp_cancelled000000000', status: 'cancelled' as const, cancelledAt: SHIPMENT.createdAt };
    const withCancelled = { ...reads, shipment: (token: string) => (token === cancelled.token ? cancelled : reads.shipment(token)) };
    const preview = previewLabel(withCancelled, { items: [{ template: 'shipment', token: cancelled.token }], size: '62x29' });
    expect(preview.svg).toContain('<div class="void" data-testid="void-mark">CANCELLED</div>');
  });

  it('refuses a label that cannot be made with the print\'s own typed failure', () => {
    const items: LabelItem[] = [{ template: 'shelf', sku: 'PALLET-WRAP.CLEAR_23MU-500MM' }];
    const refusal = (run: () => unknown): DeskFailure => {
      try {
        run();
      } catch (error) {
        if (error instanceof DeskFailure) return error;
        throw error;
      }
      throw new Error('not refused');
    };
    const printed = refusal(() => buildLabelDocument(reads, { items, size: '62x29', copies: 1 }));
    const previewed = refusal(() => previewLabel(reads, { items, size: '62x29' }));
    expect(previewed.error).toMatchObject({ code: 'label_not_printable', reason: 'too_long', params: { code: 'PALLET-WRAP.CLEAR_23MU-500MM' } });
    expect(previewed.error).toEqual(printed.error);
    // The widest roll has room for it.
    expect(() => previewLabel(reads, { items, size: '100x150' })).not.toThrow();
  });
});

describe('labels.preview through the router and the core', () => {
  let printed: LabelDocument | null = null;
  const printer: LabelPrinter = {
    print: async (document) => {
      printed = document;
      return true;
    },
    savePdf: async () => null,
    printers: async () => [],
  };
  let core: TestCore;
  beforeAll(async () => {
    core = await startCore({ demoByDefault: false, printer });
  });
  afterAll(() => core?.close());

  it('answers the first label of the job labels.print prints', async () => {
    const items = [{ template: 'scanner-test', code: 'layout' }, { template: 'scanner-test', code: 'gs1' }];
    const preview = await core.value<LabelPreview>('labels.preview', { items, size: '57x32' });
    await core.value('labels.print', { items, size: '57x32', copies: 1, output: 'printer' });
    expect(printed).not.toBeNull();
    expect(sections(preview.svg)).toEqual([sections(printed!.html)[0]]);
  });

  it('refuses what labels.print refuses, with the same code', async () => {
    const preview = await core.call('labels.preview', { items: [{ template: 'shelf', sku: 'WD-000001' }], size: '62x29' });
    const print = await core.call('labels.print', { items: [{ template: 'shelf', sku: 'WD-000001' }], size: '62x29', copies: 1, output: 'printer' });
    expect(preview).toMatchObject({ ok: false, error: { code: 'not_in_cache' } });
    expect(print.ok ? null : print.error.code).toBe('not_in_cache');
  });
});

describe('the preview drawn as an <img> under the renderer\'s CSP, in Chromium', () => {
  const dir = tempDir('label-preview-');
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: headlessChromiumPath, args: headlessChromiumArgs });
  });
  afterAll(async () => {
    await browser?.close();
    dir.remove();
  });

  /** The preview in an <img> on a page with the renderer's policy, shot at 300 dpi-ish; null when the image did not draw. */
  async function shoot(preview: LabelPreview, name: string): Promise<string | null> {
    const page = await browser.newPage({ deviceScaleFactor: 3 });
    try {
      const src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(preview.svg)}`;
      await page.setContent(`<!doctype html><meta http-equiv="Content-Security-Policy" content="${RENDERER_CSP}"><body><img alt="" src="${src}"></body>`);
      const img = page.locator('img');
      const drawn = await img.evaluate(async (el) => {
        const image = el as unknown as { decode(): Promise<void>; complete: boolean; naturalWidth: number };
        await image.decode().catch(() => undefined);
        return image.complete && image.naturalWidth > 0;
      });
      if (!drawn) return null;
      const path = join(dir.path, `${name}.png`);
      await img.screenshot({ path });
      return path;
    } finally {
      await page.close();
    }
  }

  const decoded = async (preview: LabelPreview, name: string): Promise<string[]> => {
    const png = await shoot(preview, name);
    expect(png, `${name} drew`).not.toBeNull();
    return (await decodePng(png!)).map((d) => `${d.format} ${d.text}`).sort();
  };

  it.each<[LabelSize, LabelItem, string[]]>([
    ['62x29', { template: 'shelf', sku: 'CASE-6' }, ['Code128 CASE-6']],
    ['100x150', { template: 'shipment', token: SHIPMENT.token }, [`Code128 ${SHIPMENT.trackingNumber}`, `QRCode ${SHIPMENT.token}`]],
  ])('on %s its barcodes read back', async (size, item, codes) => {
    const preview = previewLabel(reads, { items: [item], size });
    const read = await decoded(preview, `${size}-${item.template}`);
    for (const code of codes) expect(read.some((r) => r.startsWith(code))).toBe(true);
  });

  it('draws a label whose name holds characters XML cannot carry', async () => {
    records.set('CTRL-1', stockRecord('CTRL-1', 'Bad\u0001name \ud800 here', []));
    const preview = previewLabel(reads, { items: [{ template: 'shelf', sku: 'CTRL-1' }], size: '62x29' });
    expect(await decoded(preview, 'control')).toEqual(['Code128 CTRL-1']);
  });
});

/**
 * The pictures the print dialog's component tests show (they run in the browser, where the
 * templates' bwip-js for Node cannot): kept equal to what main draws, so the dialog's screenshots
 * show real labels. After a change to the templates, `npx vitest run <this file> -u` redraws them.
 */
describe('the component tests\' label pictures', () => {
  const cancelled = { ...SHIPMENT, status: 'cancelled' as const, cancelledAt: SHIPMENT.createdAt };
  const fixtureReads = { ...reads, shipment: () => cancelled };
  it.each<[string, LabelItem, LabelSize]>([
    ...LABEL_SIZES.map((size): [string, LabelItem, LabelSize] => [`shelf-${size}`, { template: 'shelf', sku: 'UPC-1', warehouseId: 'wh_1' }, size]),
    ['shipment-cancelled-100x150', { template: 'shipment', token: SHIPMENT.token }, '100x150'],
  ])('%s', async (name, item, size) => {
    await expect(previewLabel(fixtureReads, { items: [item], size }).svg).toMatchFileSnapshot(`../../components/labels/fixtures/preview-${name}.svg`);
  });
});
