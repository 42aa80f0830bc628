/// <reference types="@vitest/browser-playwright" />
// The sheets dialog's preview of stock changes with every kind of problem and a counted line, in
// English, German and Polish (the longest words), light and dark, 1280x800 and 1024x700. Saved to
// test/artifacts/components/sheets-in (docs/screens/sheets-in with SCREENS=docs) to be looked at; each shot also checks that no button's text is cut.
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-svelte';
import SheetsDialog from '../../../src/renderer/src/screens/stock/SheetsDialog.svelte';
import { setLanguageSetting, setSystemLanguages } from '../../../src/renderer/src/i18n/locale.svelte';
import '../../../src/renderer/src/styles/base.css';
import type { AdjustmentSheetOutcome } from '../../../src/shared/ipc/import-records';
import { screensSuite, shootScreens } from '../support/screen-shots';
import { createFakeDesk, WAREHOUSES } from '../support/fake-desk';
import { inLookLanguages } from '../../support/run-depth';
import { RUN } from '../support/run-depth';

const DIR = 'sheets-in';
const wh = WAREHOUSES[0]!.id;

const OUTCOME: AdjustmentSheetOutcome = {
  missingColumns: [],
  lines: 2412,
  ready: 2402,
  applied: 0,
  unchanged: 0,
  alreadyApplied: null,
  problems: [
    { line: 17, sku: 'WD-999999', problem: 'unknown_sku', detail: 'WD-999999' },
    { line: 230, sku: 'WD-000003', problem: 'bad_number', detail: 'quantity' },
    { line: 231, sku: 'WD-000004', problem: 'unknown_warehouse', detail: 'HAL-9' },
    { line: 602, sku: 'WD-000001', problem: 'duplicate', detail: '2' },
    { line: 880, sku: 'WD-000005', problem: 'unknown_reason', detail: 'stolen' },
    { line: 881, sku: 'WD-000006', problem: 'zero_change', detail: 'counted' },
    { line: 990, sku: 'WD-000007', problem: 'no_quantity', detail: 'both' },
    { line: 1203, sku: '', problem: 'no_sku', detail: '' },
    { line: 1500, sku: 'WD-000008', problem: 'bad_number', detail: 'counted' },
    { line: 2000, sku: 'WD-000009', problem: 'zero_change', detail: 'quantity' },
  ],
  adjustments: [
    { line: 2, sku: 'WD-000010', warehouseId: wh, mode: 'counted', quantity: 48, change: -4, reason: 'count_correction', note: '' },
    { line: 3, sku: 'WD-000011', warehouseId: wh, mode: 'change', quantity: 120, change: 120, reason: 'received', note: 'Lieferung 7' },
    { line: 4, sku: 'WD-000012', warehouseId: wh, mode: 'change', quantity: -2, change: -2, reason: 'damaged', note: '' },
  ],
};

describe('sheets in, on screen', () => {
  const installed = screensSuite();
  for (const { lang, tag } of inLookLanguages(RUN, 'sheets-in screens', [
    { lang: 'en', tag: 'en-GB' },
    { lang: 'de', tag: 'de-DE' },
    { lang: 'pl', tag: 'pl-PL' },
  ] as const)) {
    it(`${lang}: the preview of a sheet of stock changes with every kind of problem`, async () => {
      setSystemLanguages([tag]);
      setLanguageSetting(lang);
      installed(createFakeDesk({ 'imports.adjustments': () => ({ ok: true, value: OUTCOME }) }).install());
      render(SheetsDialog, { warehouses: WAREHOUSES, onclose: () => {} });
      await page.getByTestId('sheet-file').upload(new File(['sku;warehouse;quantity\n'], 'bestand-2026-11.csv', { type: 'text/csv' }));
      await expect.element(page.getByTestId('sheet-apply')).toBeVisible();
      await shootScreens(DIR, 'adjustments-preview', lang);
    });
  }
});
