import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-svelte';
import PrintLabelsDialog from '../../../src/renderer/src/screens/labels/PrintLabelsDialog.svelte';
import '../../../src/renderer/src/styles/base.css';
import { createFakeDesk } from '../support/fake-desk';
import { setLanguageSetting, setSystemLanguages } from '../../../src/renderer/src/i18n/locale.svelte';

describe('the print dialog in Chromium', () => {
  let uninstall: () => void = () => {};
  afterEach(() => uninstall());

  it('asks main for product labels with the lot, the expiry, the size and the copies the worker chose', async () => {
    const fake = createFakeDesk({ 'labels.print': (input) => ({ ok: true, value: { output: input.output, done: true, labels: 6, pages: 6, path: null } }) });
    uninstall = fake.install();
    // `props:` spelled out: a bare `target` would be taken for Svelte's mount target.
    render(PrintLabelsDialog, { props: { target: { kind: 'stock', skus: ['SKU-1', 'SKU-2'], warehouseId: 'wh-main', hasGtin: true }, onclose: () => {} } });

    await page.getByRole('radio', { name: /Product label/ }).click();
    await page.getByTestId('print-lot').fill('L-77');
    await page.getByTestId('print-expiry').fill('2027-01-31');
    await page.getByRole('radio', { name: /A4 sheet/ }).click();
    await page.getByTestId('print-copies').fill('3');
    await page.getByTestId('print-go').click();

    await expect.element(page.getByTestId('print-outcome')).toHaveTextContent('6 labels sent to the printer.');
    expect(fake.calls.filter((c) => c.channel === 'labels.print').map((c) => c.input)).toEqual([
      {
        items: [
          { template: 'product', sku: 'SKU-1', lot: 'L-77', expiry: '2027-01-31' },
          { template: 'product', sku: 'SKU-2', lot: 'L-77', expiry: '2027-01-31' },
        ],
        size: 'a4',
        copies: 3,
        output: 'printer',
      },
    ]);
  });

  it('sends a shelf label routed to a thermal printer there, and says where it went; a product label goes the usual way', async () => {
    const dock = { id: 'dock-3', name: 'Dock 3', kind: 'zpl-network', host: '10.0.0.7', port: 9100, dpi: 203, size: '62x29' } as const;
    const job = { id: '7d3e1c52-52a4-4d0c-9a43-1d2f1d0c9b11', profileId: 'dock-3', labelKind: 'shelf', labels: 2, worker: null, state: 'waiting', attempts: 0, nextAttemptAt: null, lastError: null, printerStatus: null, createdAt: '2026-11-27T10:00:00.000Z' } as const;
    const fake = createFakeDesk({
      'printers.setup': () => ({ ok: true, value: { profiles: [dock], routes: { shelf: 'dock-3' } } }),
      'printers.print': () => ({ ok: true, value: { job, printer: 'Dock 3' } }),
      'labels.print': (input) => ({ ok: true, value: { output: input.output, done: true, labels: 1, pages: 1, path: null } }),
    });
    uninstall = fake.install();
    render(PrintLabelsDialog, { props: { target: { kind: 'stock', skus: ['SKU-1'], hasGtin: true }, onclose: () => {} } });

    await expect.element(page.getByTestId('print-routed')).toHaveTextContent('These labels go to the label printer Dock 3, as chosen in Settings.');
    await page.getByTestId('print-copies').fill('2');
    await page.getByRole('button', { name: 'Print on Dock 3' }).click();
    await expect.element(page.getByTestId('print-outcome')).toHaveTextContent('Sent to Dock 3 (labels: 2). If the printer is off, they wait and print when it is back on.');
    expect(fake.calls.filter((c) => c.channel === 'printers.print').map((c) => c.input)).toEqual([{ items: [{ template: 'shelf', sku: 'SKU-1' }], copies: 2 }]);

    await page.getByRole('radio', { name: /Product label/ }).click();
    await expect.element(page.getByTestId('print-routed')).not.toBeInTheDocument();
    await page.getByTestId('print-go').click();
    expect(fake.calls.filter((c) => c.channel === 'labels.print')).toHaveLength(1);
  });

  it('sends no job for copies out of range, and shows main\'s refusal in words', async () => {
    const fake = createFakeDesk({
      'labels.print': () => ({ ok: false, error: { code: 'label_not_printable', message: 'SKU NO-GTIN has no GTIN to print a product label with; print a shelf label instead.', reason: 'no_gtin', params: { sku: 'NO-GTIN' } } }),
    });
    uninstall = fake.install();
    render(PrintLabelsDialog, { props: { target: { kind: 'stock', skus: ['NO-GTIN'], hasGtin: true }, onclose: () => {} } });

    await page.getByTestId('print-copies').fill('0');
    await expect.element(page.getByTestId('print-go')).toBeDisabled();
    await expect.element(page.getByText('1 to 100 copies.')).toBeVisible();
    expect(fake.calls.some((c) => c.channel === 'labels.print')).toBe(false);

    await page.getByTestId('print-copies').fill('1');
    await page.getByRole('radio', { name: /Product label/ }).click();
    await page.getByTestId('print-pdf').click();
    // Worded from the code, reason and SKU main sent (the catalogue's sentence, not main's English).
    await expect.element(page.getByText('SKU NO-GTIN has no GTIN to print a product label with. Print a shelf label instead.')).toBeVisible();
    expect(fake.calls.filter((c) => c.channel === 'labels.print').map((c) => (c.input as { output: string }).output)).toEqual(['pdf']);
  });

  it('starts a shipment label on 100 × 150 mm (4 × 6 in), a shelf label on the small roll', async () => {
    const fake = createFakeDesk();
    uninstall = fake.install();
    const shipment = await render(PrintLabelsDialog, { props: { target: { kind: 'shipment', token: 'shp_00000000000000000001', reference: 'ORD-1' }, onclose: () => {} } });
    await expect.element(page.getByRole('radio', { name: /100 × 150 mm/ })).toBeChecked();
    await expect.element(page.getByText('Reference, carrier, tracking number, QR code')).toBeVisible();
    await shipment.unmount();
    render(PrintLabelsDialog, { props: { target: { kind: 'stock', skus: ['SKU-1'], hasGtin: true }, onclose: () => {} } });
    await expect.element(page.getByRole('radio', { name: /62 × 29 mm/ })).toBeChecked();
  });

  it('warns before printing a cancelled shipment\'s label, and says it prints marked CANCELLED', async () => {
    const fake = createFakeDesk({ 'labels.print': (input) => ({ ok: true, value: { output: input.output, done: true, labels: 1, pages: 1, path: null } }) });
    uninstall = fake.install();
    render(PrintLabelsDialog, { props: { target: { kind: 'shipment', token: 'shp_00000000000000000002', reference: 'ORD-2', cancelled: true }, onclose: () => {} } });
    // Before anything is printed, not after.
    await expect.element(page.getByTestId('print-cancelled')).toHaveTextContent('This shipment is cancelled. Its label prints marked CANCELLED: do not put it on a parcel.');
    expect(fake.calls.some((c) => c.channel === 'labels.print')).toBe(false);
  });

  it('names a warehouse for a shelf label only when the label prints one', async () => {
    const fake = createFakeDesk();
    uninstall = fake.install();
    const without = await render(PrintLabelsDialog, { props: { target: { kind: 'stock', skus: ['SKU-1'], hasGtin: true }, onclose: () => {} } });
    await expect.element(page.getByTestId('shelf-hint')).toHaveTextContent('SKU, name, Code 128');
    await without.unmount();
    render(PrintLabelsDialog, { props: { target: { kind: 'stock', skus: ['SKU-1'], warehouseId: 'wh-main', hasGtin: true }, onclose: () => {} } });
    await expect.element(page.getByTestId('shelf-hint')).toHaveTextContent('SKU, name, wh-main, Code 128');
  });

  it('takes an expiry date as the desk\'s language writes it, whatever the system\'s locale', async () => {
    const system = [...navigator.languages];
    setSystemLanguages(['en-US']);
    setLanguageSetting('de');
    try {
      const fake = createFakeDesk({ 'labels.print': (input) => ({ ok: true, value: { output: input.output, done: true, labels: 1, pages: 1, path: null } }) });
      uninstall = fake.install();
      render(PrintLabelsDialog, { props: { target: { kind: 'stock', skus: ['SKU-1'], hasGtin: true }, onclose: () => {} } });
      await page.getByRole('radio', { name: /Artikeletikett|Product label/ }).click();
      // A German desk writes day.month.year, not the mm/dd/yyyy of the system's own date field.
      await expect.element(page.getByTestId('print-expiry')).toHaveAttribute('placeholder', '31.12.2027');
      await page.getByTestId('print-expiry').fill('31.01.2027');
      await page.getByTestId('print-go').click();
      await expect.poll(() => fake.calls.filter((c) => c.channel === 'labels.print').map((c) => (c.input as { items: unknown[] }).items)).toEqual([[{ template: 'product', sku: 'SKU-1', expiry: '2027-01-31' }]]);
    } finally {
      setLanguageSetting('system');
      setSystemLanguages(system);
    }
  });
});
