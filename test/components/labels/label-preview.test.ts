/// <reference types="@vitest/browser-playwright" />
// The print dialog's preview in Chromium: the first label as main draws it (real pictures, kept
// equal to main's by test/main/labels/label-preview.test.ts), its size named, a refusal in the
// print's own words with Print held back, an earlier answer never shown over a later choice, and
// nothing new to focus. Shots in English, German and Polish go to test/artifacts/components/label-preview (docs/screens/label-preview with SCREENS=docs).
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-svelte';
import PrintLabelsDialog from '../../../src/renderer/src/screens/labels/PrintLabelsDialog.svelte';
import type { LabelTarget } from '../../../src/renderer/src/screens/labels/label-choices';
import { setLanguageSetting, setSystemLanguages } from '../../../src/renderer/src/i18n/locale.svelte';
import '../../../src/renderer/src/styles/base.css';
import type { LabelPreview, LabelSize } from '../../../src/shared/ipc/label-records';
import type { Result } from '../../../src/shared/ipc/result';
import { createFakeDesk } from '../support/fake-desk';
import { screensSuite, shootScreens } from '../support/screen-shots';
import { inLookLanguages } from '../../support/run-depth';
import { RUN } from '../support/run-depth';

const DIR = 'label-preview';
const PICTURES = import.meta.glob('./fixtures/preview-*.svg', { query: '?raw', import: 'default', eager: true }) as Record<string, string>;

function picture(name: string, size: LabelSize): LabelPreview {
  const svg = PICTURES[`./fixtures/preview-${name}.svg`];
  if (!svg) throw new Error(`no picture ${name}`);
  const [widthMm, heightMm] = size === 'a4' ? [70, 37] : size.split('x').map(Number);
  return { svg, size, widthMm: widthMm ?? 0, heightMm: heightMm ?? 0 };
}

const shelf = (size: LabelSize): Result<LabelPreview> => ({ ok: true, value: picture(`shelf-${size}`, size) });
const TOO_LONG: Result<LabelPreview> = {
  ok: false,
  error: { code: 'label_not_printable', reason: 'too_long', message: 'PALLET-WRAP.CLEAR_23MU-500MM is too long for a readable barcode 58 mm wide; choose a wider label (100 x 150 mm fits the most).', params: { code: 'PALLET-WRAP.CLEAR_23MU-500MM', width: 58 } },
};
const TOO_LONG_WORDS = 'PALLET-WRAP.CLEAR_23MU-500MM is too long for a readable barcode 58 mm wide. Choose a wider label (100 x 150 mm fits the most).';
const STOCK: LabelTarget = { kind: 'stock', skus: ['UPC-1', 'CASE-6'], warehouseId: 'wh-main', hasGtin: true };

/** The serious and critical axe findings in the dialog. */
async function seriousProblems(): Promise<string[]> {
  const dialog = document.querySelector('[data-testid="print-labels"]');
  if (!dialog) throw new Error('no dialog');
  const result = await axe.run(dialog, { resultTypes: ['violations'] });
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('the label preview in the print dialog', () => {
  const installed = screensSuite();

  it('shows the first label at its size, asks main for that label only, and follows the size chosen', async () => {
    const fake = createFakeDesk({ 'labels.preview': ({ size }) => shelf(size) });
    installed(fake.install());
    render(PrintLabelsDialog, { props: { target: STOCK, onclose: () => {} } });

    await expect.element(page.getByTestId('label-preview-size')).toHaveTextContent('62 × 29 mm');
    await expect.element(page.getByRole('img', { name: 'The first label as it will print, 62 × 29 mm' })).toBeVisible();
    expect(fake.calls.filter((c) => c.channel === 'labels.preview').map((c) => c.input)).toEqual([{ items: [{ template: 'shelf', sku: 'UPC-1', warehouseId: 'wh-main' }], size: '62x29' }]);
    // Drawn at the label's own proportions.
    const image = page.getByTestId('label-preview-image').element() as HTMLImageElement;
    await expect.poll(() => image.naturalWidth).toBeGreaterThan(0);
    const box = image.getBoundingClientRect();
    expect(box.width / box.height).toBeCloseTo(62 / 29, 1);

    await page.getByRole('radio', { name: /100 × 150 mm/ }).click();
    await expect.element(page.getByTestId('label-preview-size')).toHaveTextContent('100 × 150 mm');
    // The size's words change at once; the picture once its new image has loaded.
    const ratio = (): number => {
      const r = (page.getByTestId('label-preview-image').element() as HTMLImageElement).getBoundingClientRect();
      return r.width / r.height;
    };
    await expect.poll(ratio).toBeCloseTo(100 / 150, 1);

    await page.getByRole('radio', { name: /A4 sheet/ }).click();
    await expect.element(page.getByTestId('label-preview-size')).toHaveTextContent('70 × 37 mm, one label of the A4 sheet');
    expect(await seriousProblems()).toEqual([]);
  });

  it('says in the print\'s words why a label cannot be made, and prints only once it can', async () => {
    const fake = createFakeDesk({ 'labels.preview': ({ size }) => (size === '100x150' ? shelf(size) : TOO_LONG) });
    installed(fake.install());
    render(PrintLabelsDialog, { props: { target: { kind: 'stock', skus: ['PALLET-WRAP.CLEAR_23MU-500MM'], hasGtin: false }, onclose: () => {} } });

    const preview = page.getByTestId('label-preview');
    await expect.element(preview.getByText(TOO_LONG_WORDS)).toBeVisible();
    await expect.element(preview.getByText('This label cannot be printed')).toBeVisible();
    await expect.element(page.getByTestId('print-go')).toBeDisabled();
    await expect.element(page.getByTestId('print-pdf')).toBeDisabled();
    expect(await seriousProblems()).toEqual([]);

    await page.getByRole('radio', { name: /100 × 150 mm/ }).click();
    await expect.element(page.getByTestId('label-preview-size')).toHaveTextContent('100 × 150 mm');
    await expect.element(preview.getByText(TOO_LONG_WORDS)).not.toBeInTheDocument();
    await expect.element(page.getByTestId('print-go')).toBeEnabled();
  });

  it('never shows the answer to an earlier choice over a later one', async () => {
    let answerFirst: (r: Result<LabelPreview>) => void = () => {};
    let asked = 0;
    const fake = createFakeDesk({
      'labels.preview': ({ size }) => {
        asked += 1;
        if (asked === 2) return new Promise<Result<LabelPreview>>((resolve) => (answerFirst = resolve));
        return shelf(size);
      },
    });
    installed(fake.install());
    render(PrintLabelsDialog, { props: { target: STOCK, onclose: () => {} } });
    await expect.element(page.getByTestId('label-preview-size')).toHaveTextContent('62 × 29 mm');

    // The second question (57 x 32) waits; the third (100 x 150) is answered first.
    await page.getByRole('radio', { name: /57 × 32 mm/ }).click();
    await expect.poll(() => asked).toBe(2);
    await page.getByRole('radio', { name: /100 × 150 mm/ }).click();
    await expect.element(page.getByTestId('label-preview-size')).toHaveTextContent('100 × 150 mm');
    answerFirst(TOO_LONG);
    // Two frames: the late answer has landed, if it were going to.
    for (let frame = 0; frame < 2; frame++) await new Promise((r) => requestAnimationFrame(() => r(null)));
    expect(asked).toBe(3);
    await expect.element(page.getByTestId('label-preview-size')).toHaveTextContent('100 × 150 mm');
    await expect.element(page.getByTestId('label-preview').getByText(TOO_LONG_WORDS)).not.toBeInTheDocument();
    await expect.element(page.getByTestId('print-go')).toBeEnabled();
  });

  it('adds nothing to focus: the first choice has the focus, and Tab goes from the copies to the buttons', async () => {
    installed(createFakeDesk({ 'labels.preview': ({ size }) => shelf(size) }).install());
    render(PrintLabelsDialog, { props: { target: STOCK, onclose: () => {} } });
    await expect.element(page.getByTestId('label-preview-image')).toBeVisible();
    expect(document.activeElement).toBe(page.getByRole('radio', { name: /Shelf label/ }).element());
    const preview = page.getByTestId('label-preview').element();
    expect(preview.querySelectorAll('a, button, input, select, textarea, [tabindex]')).toHaveLength(0);
  });

  it('shows a cancelled shipment\'s label marked CANCELLED, under the warning', async () => {
    const fake = createFakeDesk({ 'labels.preview': ({ size }) => ({ ok: true, value: picture('shipment-cancelled-100x150', size) }) });
    installed(fake.install());
    render(PrintLabelsDialog, { props: { target: { kind: 'shipment', token: 'shp_0123456789abcdefghij', reference: 'ORD-2026-000917', cancelled: true }, onclose: () => {} } });
    await expect.element(page.getByTestId('print-cancelled')).toBeVisible();
    await expect.element(page.getByTestId('label-preview-size')).toHaveTextContent('100 × 150 mm');
    expect(decodeURIComponent((page.getByTestId('label-preview-image').element() as HTMLImageElement).src)).toContain('>CANCELLED</div>');
    await shootScreens(DIR, 'cancelled-shipment', 'en');
  });

  it('previews a label routed to a thermal printer on that printer\'s roll, and says it lays it out its own way', async () => {
    const dock = { id: 'dock-3', name: 'Dock 3', kind: 'zpl-network', host: '10.0.0.7', port: 9100, dpi: 203, size: '57x32' } as const;
    const fake = createFakeDesk({
      'printers.setup': () => ({ ok: true, value: { profiles: [dock], routes: { shelf: 'dock-3' } } }),
      'labels.preview': ({ size }) => shelf(size),
    });
    installed(fake.install());
    render(PrintLabelsDialog, { props: { target: STOCK, onclose: () => {} } });
    await expect.element(page.getByTestId('label-preview-size')).toHaveTextContent('57 × 32 mm');
    await expect.element(page.getByText('The label printer lays out the same details in its own way.')).toBeVisible();
  });

  it('leaves a thermal printer to decide on a label the page cannot make: it draws at its own dots per mm', async () => {
    const dock = { id: 'dock-3', name: 'Dock 3', kind: 'zpl-network', host: '10.0.0.7', port: 9100, dpi: 300, size: '62x29' } as const;
    const fake = createFakeDesk({
      'printers.setup': () => ({ ok: true, value: { profiles: [dock], routes: { shelf: 'dock-3' } } }),
      'labels.preview': () => TOO_LONG,
    });
    installed(fake.install());
    render(PrintLabelsDialog, { props: { target: STOCK, onclose: () => {} } });
    await expect.element(page.getByTestId('print-routed')).toBeVisible();
    await expect.element(page.getByTestId('label-preview').getByText(TOO_LONG_WORDS)).toBeVisible();
    await expect.element(page.getByRole('button', { name: 'Print on Dock 3' })).toBeEnabled();
    await expect.element(page.getByTestId('print-pdf')).toBeDisabled();
  });

  for (const { lang, tag } of inLookLanguages(RUN, 'label preview screens', [
    { lang: 'en', tag: 'en-GB' },
    { lang: 'de', tag: 'de-DE' },
    { lang: 'pl', tag: 'pl-PL' },
  ] as const)) {
    it(`${lang}: the dialog with a shelf label's preview, and with a label too long for the size`, async () => {
      setSystemLanguages([tag]);
      setLanguageSetting(lang);
      const uninstall = createFakeDesk({ 'labels.preview': ({ size }) => shelf(size) }).install();
      const shown = await render(PrintLabelsDialog, { props: { target: STOCK, onclose: () => {} } });
      await expect.element(page.getByTestId('label-preview-image')).toBeVisible();
      await shootScreens(DIR, 'shelf', lang);
      await shown.unmount();
      uninstall();

      installed(createFakeDesk({ 'labels.preview': () => TOO_LONG }).install());
      render(PrintLabelsDialog, { props: { target: { kind: 'stock', skus: ['PALLET-WRAP.CLEAR_23MU-500MM'], hasGtin: true }, onclose: () => {} } });
      await expect.element(page.getByTestId('print-go')).toBeDisabled();
      await shootScreens(DIR, 'too-long', lang);
    });
  }
});
