import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-svelte';
import MinimumButton from '../../../src/renderer/src/screens/scan/MinimumButton.svelte';
import MinimumLevels from '../../../src/renderer/src/screens/scan/MinimumLevels.svelte';
import { SkuMinimums } from '../../../src/renderer/src/screens/scan/sku-minimums.svelte';
import { loadWarehouses } from '../../../src/renderer/src/state/warehouses.svelte';
import '../../../src/renderer/src/styles/base.css';
import type { LevelSetInput, StockLevelSetting } from '../../../src/shared/ipc/level-records';
import { createFakeDesk, stockOf, type FakeDesk } from '../support/fake-desk';

const at = '2026-03-12T14:32:00.000Z';

/** The card's minimum line and dialog (fake desk: the Low stock list's own reading is tested in main). */
describe('minimum stock on the answer card', () => {
  let fake: FakeDesk;
  let uninstall: () => void;
  let stored: StockLevelSetting[];
  beforeEach(async () => {
    await page.viewport(1280, 800);
    stored = [];
    fake = createFakeDesk({
      'levels.of': () => ({ ok: true, value: stored }),
      'levels.set': (input: LevelSetInput) => {
        stored = [...stored.filter((l) => l.warehouseId !== input.warehouseId), { ...input, setAt: at }];
        return { ok: true, value: stored };
      },
    });
    uninstall = fake.install();
    await loadWarehouses();
  });
  afterEach(() => uninstall());

  it('says so when the scanned SKU is below a minimum, with what to reorder; a minimum that is met is a quiet line', async () => {
    // 1,326 on hand in all, 86 of them in the north annex.
    stored = [
      { sku: 'SKU-00042', warehouseId: null, minimum: 2000, reorder: 500, setAt: at },
      { sku: 'SKU-00042', warehouseId: 'wh-north', minimum: 50, reorder: null, setAt: at },
    ];
    const minimums = new SkuMinimums();
    minimums.load('SKU-00042');
    render(MinimumLevels, { stock: stockOf('SKU-00042'), minimums });
    // 674 short of 2,000: more than the reorder quantity of 500, so 674 to reach the minimum.
    await expect.element(page.getByTestId('below-minimum')).toHaveTextContent('▼ Below its minimum in all warehouses: 1,326 on hand, minimum 2,000. Reorder 674.');
    await expect.element(page.getByText('Minimum 50 in North annex (NRTH)')).toBeVisible();
  });

  it('sets a minimum from the dialog, refusing a quantity that is not a whole number', async () => {
    const minimums = new SkuMinimums();
    minimums.load('SKU-00042');
    render(MinimumLevels, { stock: stockOf('SKU-00042'), minimums });
    render(MinimumButton, { sku: 'SKU-00042', minimums });
    await expect.element(page.getByTestId('below-minimum')).not.toBeInTheDocument();
    await page.getByRole('button', { name: 'Minimum…' }).click();
    await page.getByTestId('minimum-where').selectOptions('wh-north');
    await page.getByTestId('minimum-value').fill('1.5x');
    await page.getByTestId('minimum-save').click();
    await expect.element(page.getByRole('alert')).toHaveTextContent('Enter the minimum as a whole number, 0 or more.');
    await page.getByTestId('minimum-value').fill('100');
    await page.getByTestId('minimum-reorder').fill('40');
    await page.getByTestId('minimum-save').click();
    expect(fake.calls.filter((c) => c.channel === 'levels.set').map((c) => c.input)).toEqual([{ sku: 'SKU-00042', warehouseId: 'wh-north', minimum: 100, reorder: 40 }]);
    await expect.element(page.getByTestId('below-minimum')).toHaveTextContent('▼ Below its minimum in North annex (NRTH): 86 on hand, minimum 100. Reorder 40.');
  });
});
