import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { DeskApi } from '../../src/shared/ipc/desk-api';
import { decodePng, pdfToPngs } from '../main/labels/support/decode';
import { expect, test } from './support/harness-fixture';
import { matchBaseline } from './support/baseline';
import { openDesk, scanCode, seriousA11yProblems } from './support/page-helpers';

/**
 * Printing from the real renderer through the harness: the print dialog from the answer card,
 * the stock list's marked rows, a count session and a shipment; the harness saves PDFs where Electron would
 * show its print or save dialog. A saved label is decoded and its code scanned back in the desk.
 */

function missing(what: string): never {
  throw new Error(what);
}

async function codesIn(pdfPath: string): Promise<string[]> {
  const pages = pdfToPngs(pdfPath, mkdtempSync(join(tmpdir(), 'labels-e2e-')));
  return (await Promise.all(pages.map(decodePng))).flat().map((d) => `${d.format} ${d.text}`);
}

async function savedPath(page: Page): Promise<string> {
  const outcome = page.getByTestId('print-outcome');
  await expect(outcome).toContainText('saved as');
  return ((await outcome.textContent()) ?? '').replace(/^.*saved as /, '').trim();
}

test.describe('labels', () => {
  test('from the answer card: a product label with lot and expiry, saved as PDF, scans back to the same SKU', async ({ page, desk }) => {
    await openDesk(page, desk);
    await scanCode(page, 'WD-000003');
    const card = page.getByTestId('answer-card');
    await expect(card).toHaveAttribute('data-kind', 'stock');
    await card.getByRole('button', { name: /Print label/ }).click();

    const dialog = page.getByTestId('print-labels');
    await expect(dialog.getByRole('heading', { name: 'Print a label for WD-000003' })).toBeVisible();
    await dialog.getByRole('radio', { name: /Product label/ }).check();
    await dialog.getByTestId('print-lot').fill('L7-2026');
    await dialog.getByTestId('print-expiry').fill('2027-06-30');
    await dialog.getByRole('radio', { name: /57 × 32 mm/ }).check();
    // The preview answers the last choice (the size) once main has drawn it.
    await expect(dialog.getByTestId('label-preview-size')).toHaveText('57 × 32 mm');
    await dialog.getByTestId('print-copies').fill('2');
    // The first sync runs beside the page (the core has its own thread): shoot once it is over, as the baseline was, so the status line reads the same.
    await expect(page.getByTestId('sync')).toHaveText(/Synced/, { timeout: 60_000 });
    await matchBaseline(page, desk, 'labels-dialog-product');
    expect(await seriousA11yProblems(page, '[data-testid="print-labels"]')).toEqual([]);

    await dialog.getByTestId('print-pdf').click();
    const path = await savedPath(page);
    const codes = await codesIn(path);
    const ean = codes.find((c) => c.startsWith('EAN13 '))?.slice(6) ?? missing(`no EAN-13 in ${codes.join(', ')}`);
    expect(codes.sort()).toEqual([`DataMatrix 01${ean.padStart(14, '0')}17270630` + '10L7-2026', `DataMatrix 01${ean.padStart(14, '0')}17270630` + '10L7-2026', `EAN13 ${ean}`, `EAN13 ${ean}`].sort());

    await dialog.getByRole('button', { name: /Close/ }).click();
    await expect(dialog).toBeHidden();
    await scanCode(page, 'WD-000001');
    await expect(page.getByTestId('answer-card')).toContainText('WD-000001');
    await scanCode(page, ean);
    await expect(page.getByTestId('answer-card')).toHaveAttribute('data-kind', 'stock');
    await expect(page.getByTestId('answer-card')).toContainText('WD-000003');
  });

  test('from the stock list: two marked rows print as shelf labels on an A4 sheet', async ({ page, desk }) => {
    await openDesk(page, desk);
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: /^Stock/ }).click();
    const table = page.getByTestId('stock-table');
    await table.getByRole('row').filter({ hasText: 'WD-000001' }).getByRole('checkbox', { name: 'Mark for labels' }).check();
    await table.getByRole('row').filter({ hasText: 'WD-000002' }).getByRole('checkbox', { name: 'Mark for labels' }).check();
    await expect(page.getByTestId('stock-marked')).toContainText('2 marked');
    await desk.screenshot(page, 'labels-stock-marked');
    await page.getByTestId('stock-marked').getByRole('button', { name: /Print labels for 2 marked/ }).click();

    const dialog = page.getByTestId('print-labels');
    await dialog.getByRole('radio', { name: /A4 sheet/ }).check();
    await dialog.getByTestId('print-pdf').click();
    expect((await codesIn(await savedPath(page))).sort()).toEqual(['Code128 WD-000001', 'Code128 WD-000002']);
    await dialog.getByTestId('print-go').click();
    await expect(page.getByTestId('print-outcome')).toHaveText('2 labels sent to the printer.');
  });

  test('from a shipment: its label on 100 x 150 mm carries the token as QR and the tracking number as Code 128', async ({ page, desk }) => {
    await openDesk(page, desk);
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: /^Shipments/ }).click();
    await page.getByTestId('shipments-status').selectOption('in_transit');
    const table = page.getByTestId('shipments-table');
    // In transit, so it has a tracking number; wait until the filtered page has replaced the first one.
    await expect
      .poll(async () => {
        const states = await table.locator('td[data-status]').evaluateAll((cells) => cells.map((c) => c.getAttribute('data-status')));
        return states.length > 0 && states.every((s) => s === 'in_transit');
      })
      .toBe(true);
    await table.getByRole('button', { name: /^Open shipment/ }).first().click();
    const detail = page.getByTestId('shipment-detail');
    const token = ((await detail.locator('.token').textContent()) ?? '').trim();
    await detail.getByRole('button', { name: /Print shipment label/ }).click();
    const dialog = page.getByTestId('print-labels');
    await dialog.getByRole('radio', { name: /100 × 150 mm/ }).check();
    // Main's picture of the label, drawn in an <img> under the window's own CSP.
    await expect(dialog.getByTestId('label-preview-size')).toHaveText('100 × 150 mm');
    await expect.poll(() => dialog.getByTestId('label-preview-image').evaluate((el) => { const img = el as unknown as { complete: boolean; naturalWidth: number }; return img.complete && img.naturalWidth > 0; })).toBe(true);
    await desk.screenshot(page, 'labels-dialog-shipment');
    await dialog.getByTestId('print-pdf').click();
    const codes = await codesIn(await savedPath(page));
    expect(codes).toContain(`QRCode ${token}`);
    const tracking = codes.find((c) => c.startsWith('Code128 '))?.slice(8) ?? missing(`no tracking code in ${codes.join(', ')}`);
    await dialog.getByRole('button', { name: /Close/ }).click();
    await scanCode(page, tracking);
    await expect(page.getByRole('heading', { level: 1, name: 'Shipments' })).toBeVisible();
    await expect(page.getByTestId('shipment-detail').locator('.token')).toHaveText(token);
  });

  test('settings: silent printing to the default printer is turned on and kept in the settings', async ({ page, desk }) => {
    await openDesk(page, desk);
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: /^Settings/ }).click();
    const section = page.getByTestId('label-printer-settings');
    await section.getByRole('checkbox', { name: /without the print dialog/ }).check();
    await expect(section.getByRole('combobox', { name: 'Printer' })).toHaveValue('');
    await expect(section).toContainText('No printers were found on this computer.');
    await section.scrollIntoViewIfNeeded();
    await desk.screenshot(page, 'labels-settings');
    const stored = await page.evaluate(async () => (await (globalThis as unknown as { desk: DeskApi }).desk.settings.get()));
    expect(stored).toMatchObject({ ok: true, value: { labelPrinter: { silent: true, deviceName: null } } });
  });

  // Last in the file: the count it opens takes every scan after it.
  test('from a count session: the counted items print as shelf labels, and they scan back into the count', async ({ page, desk }) => {
    await openDesk(page, desk);
    await page.keyboard.press('F7');
    await page.getByRole('button', { name: 'Start count' }).click();
    await expect(page.getByText('Scan the first item.')).toBeVisible();
    await scanCode(page, 'WD-000004');
    await scanCode(page, 'WD-000005');
    await expect(page.getByRole('row', { name: /WD-000005/ })).toBeVisible();
    await page.getByRole('button', { name: 'Print labels for the counted items' }).click();

    const dialog = page.getByTestId('print-labels');
    await dialog.getByRole('radio', { name: /A4 sheet/ }).check();
    await dialog.getByTestId('print-pdf').click();
    const codes = (await codesIn(await savedPath(page))).sort();
    expect(codes).toEqual(['Code128 WD-000004', 'Code128 WD-000005']);
    await dialog.getByRole('button', { name: /Close/ }).click();
    await scanCode(page, codes[0]!.slice(8));
    await expect(page.getByRole('row', { name: /WD-000004/ })).toContainText('2');
  });
});
