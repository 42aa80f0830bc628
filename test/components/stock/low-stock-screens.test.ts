/// <reference types="@vitest/browser-playwright" />
// The Low stock tab, the minimum dialog and a sheet's preview as a worker sees them, English and German, light and
// dark, 1280x800 and 1024x700. Saved to test/artifacts/components/low-stock (docs/screens/low-stock with SCREENS=docs) to be looked at; each shot also
// checks that no button's text is cut.
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-svelte';
import App from '../../../src/renderer/src/App.svelte';
import MinimumDialog from '../../../src/renderer/src/screens/scan/MinimumDialog.svelte';
import SheetsDialog from '../../../src/renderer/src/screens/stock/SheetsDialog.svelte';
import { loadWarehouses } from '../../../src/renderer/src/state/warehouses.svelte';
import { setLanguageSetting, setSystemLanguages } from '../../../src/renderer/src/i18n/locale.svelte';
import { nav } from '../../../src/renderer/src/shell/navigation.svelte';
import '../../../src/renderer/src/styles/base.css';
import type { SheetOutcome } from '../../../src/shared/ipc/import-records';
import type { LowStockRow } from '../../../src/shared/ipc/level-records';
import { screensSuite, shootScreens } from '../support/screen-shots';
import { createFakeDesk, SETTINGS } from '../support/fake-desk';

const DIR = 'low-stock';

const ROWS: LowStockRow[] = [
  { sku: 'WD-000007', name: 'Stretch film, clear, 500 mm', warehouseId: null, minimum: 500, reorder: 200, onHand: 120, waiting: -20, short: 400, toReorder: 400 },
  { sku: 'WD-000031', name: 'Pallet label, A5', warehouseId: 'wh-north', minimum: 40, reorder: 100, onHand: 35, waiting: 0, short: 5, toReorder: 100 },
  { sku: 'WD-000112', name: 'Safety gloves, yellow, 100 pairs', warehouseId: 'wh-main', minimum: 12, reorder: null, onHand: 9, waiting: 1, short: 2, toReorder: 2 },
];

describe('low stock, on screen', () => {
  const installed = screensSuite();

  for (const { lang, tag, tab } of [
    { lang: 'en', tag: 'en-GB', tab: 'Low stock' },
    { lang: 'de', tag: 'de-DE', tab: 'Knapper Bestand' },
  ] as const) {
    it(`${lang}: the Low stock tab with three SKUs below their minimum`, async () => {
      setSystemLanguages([tag]);
      setLanguageSetting(lang);
      const fake = createFakeDesk({
        'settings.get': () => ({ ok: true, value: { ...structuredClone(SETTINGS), language: lang } }),
        'levels.low': () => ({ ok: true, value: { rows: ROWS, levels: 14 } }),
        'stock.search': () => ({ ok: true, value: { rows: [], total: 0 } }),
        'products.list': () => ({ ok: true, value: { products: [], nextCursor: null, source: 'cache' } }),
      });
      installed(fake.install());
      nav.screen = 'stock';
      render(App);
      await page.getByRole('tab', { name: tab }).click();
      await expect.element(page.getByTestId('low-row').nth(2)).toBeVisible();
      await shootScreens(DIR, 'low-stock', lang);
    });

    it(`${lang}: the minimum dialog of a SKU with one set`, async () => {
      setSystemLanguages([tag]);
      setLanguageSetting(lang);
      installed(createFakeDesk().install());
      await loadWarehouses();
      const levels = [{ sku: 'WD-000007', warehouseId: null, minimum: 500, reorder: 200, setAt: '2026-03-12T14:32:00.000Z' }];
      render(MinimumDialog, { sku: 'WD-000007', levels, onsaved: () => {}, onclose: () => {} });
      await expect.element(page.getByTestId('minimum-remove')).toBeVisible();
      await shootScreens(DIR, 'minimum-dialog', lang);
    });

    it(`${lang}: the preview of a sheet with problems`, async () => {
      setSystemLanguages([tag]);
      setLanguageSetting(lang);
      const preview: SheetOutcome = {
        missingColumns: [],
        lines: 1204,
        ready: 1198,
        applied: 0,
        problems: [
          { line: 17, sku: 'WD-999999', problem: 'unknown_sku', detail: 'WD-999999' },
          { line: 230, sku: 'WD-000003', problem: 'bad_number', detail: 'minimum' },
          { line: 231, sku: 'WD-000004', problem: 'unknown_warehouse', detail: 'HAL-9' },
          { line: 602, sku: 'WD-000001', problem: 'duplicate', detail: '2' },
          { line: 880, sku: 'WD-000005', problem: 'bad_number', detail: 'reorder' },
          { line: 1203, sku: '', problem: 'no_sku', detail: '' },
        ],
      };
      installed(createFakeDesk({ 'imports.levels': () => ({ ok: true, value: preview }) }).install());
      render(SheetsDialog, { warehouses: [], only: 'levels', sheet: { name: 'mindestbestand-2026.csv', text: 'sku;minimum\n' }, onclose: () => {} });
      await expect.element(page.getByTestId('sheet-apply')).toBeVisible();
      await shootScreens(DIR, 'import-preview', lang);
    });
  }
});
