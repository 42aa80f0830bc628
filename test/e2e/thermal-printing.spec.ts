import type { Page } from '@playwright/test';
import { FakeZplPrinter } from '../support/fake-zpl-printer';
import { expect, test } from './support/harness-fixture';
import { openDesk, scanCode, showShipmentsWithStatus } from './support/page-helpers';

/**
 * Thermal printing from the real renderer, through the harness's core, to a fake network label
 * printer on 127.0.0.1: a printer set up and routed in Settings, a shelf label and a parcel label
 * sent to it as ZPL, and a job that waits while the printer is off and goes out once it is back.
 */

const formats = (zpl: string) => zpl.split('^XA').length - 1;

async function nav(page: Page, screen: RegExp): Promise<void> {
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: screen }).click();
}

async function printShelfLabel(page: Page, sku: string): Promise<void> {
  await nav(page, /^Scan/);
  await scanCode(page, sku);
  const card = page.getByTestId('answer-card');
  await expect(card).toHaveAttribute('data-kind', 'stock');
  await card.getByRole('button', { name: /Print label/ }).click();
  const dialog = page.getByTestId('print-labels');
  await expect(dialog.getByTestId('print-routed')).toContainText('Dock 3');
  await dialog.getByRole('button', { name: 'Print on Dock 3' }).click();
  await expect(dialog.getByTestId('print-outcome')).toContainText('Sent to Dock 3 (labels: 1).');
  await dialog.getByRole('button', { name: /Close/ }).click();
}

test.describe('thermal printing', () => {
  const printer = new FakeZplPrinter();
  test.beforeAll(async () => {
    await printer.start();
  });
  test.afterAll(async () => {
    await printer.stop();
  });

  test('a network label printer set up in Settings prints shelf and parcel labels, and a job waits while it is off', async ({ page, desk }) => {
    await openDesk(page, desk);
    await nav(page, /^Settings/);
    const card = page.getByTestId('label-printers');
    await card.getByRole('button', { name: 'Add a label printer' }).click();
    await card.getByRole('textbox', { name: 'Name' }).fill('Dock 3');
    await card.getByRole('textbox', { name: 'Network address' }).fill('127.0.0.1');
    await card.getByRole('textbox', { name: 'Port' }).fill(String(printer.port));
    await card.getByRole('button', { name: 'Save' }).click();
    await expect(card.getByText('Printer saved.')).toBeVisible();
    await card.getByTestId('route-shelf').selectOption('Dock 3');
    await card.getByTestId('route-shipment').selectOption('Dock 3');
    await expect(card.getByTestId('route-shipment')).toHaveValue(/.+/);
    for (const [width, height] of [[1280, 800], [1024, 700]] as const) {
      await page.setViewportSize({ width, height });
      await card.scrollIntoViewIfNeeded();
      await desk.screenshot(page, `thermal-printers-card-${width}`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    await printShelfLabel(page, 'WD-000003');
    await expect.poll(() => printer.received()).toContain('WD-000003');

    await nav(page, /^Shipments/);
    const table = await showShipmentsWithStatus(page, 'in_transit');
    await table.getByRole('button', { name: /^Open shipment/ }).first().click();
    await page.getByTestId('shipment-detail').getByRole('button', { name: /Print shipment label/ }).click();
    const dialog = page.getByTestId('print-labels');
    await dialog.getByRole('button', { name: 'Print on Dock 3' }).click();
    await expect(dialog.getByTestId('print-outcome')).toContainText('Sent to Dock 3');
    await dialog.getByRole('button', { name: /Close/ }).click();
    await expect.poll(() => formats(printer.received())).toBe(2);

    await nav(page, /^Settings/);
    await expect(card.getByTestId('print-job').first()).toHaveAttribute('data-state', 'done');

    // Off: the job waits, the desk keeps answering scans; on again, the job goes out by itself, once.
    await printer.stop();
    await printShelfLabel(page, 'WD-000005');
    await scanCode(page, 'WD-000001');
    await expect(page.getByTestId('answer-card')).toHaveAttribute('data-kind', 'stock');
    await nav(page, /^Settings/);
    await expect(card.getByTestId('print-job').first()).toHaveAttribute('data-state', 'waiting');
    await expect(card.getByTestId('print-job').first()).toContainText('The label printer is off or not taking jobs.');
    await printer.start();
    await expect(card.getByTestId('print-job').first()).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
    expect(formats(printer.received())).toBe(3);
    expect(printer.received()).toContain('WD-000005');
  });
});
