import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-svelte';
import AdjustPanel from '../../../src/renderer/src/screens/scan/AdjustPanel.svelte';
import TransferPanel from '../../../src/renderer/src/screens/scan/TransferPanel.svelte';
import '../../../src/renderer/src/styles/base.css';
import { forgetEntries } from '../../../src/renderer/src/state/outbox.svelte';
import { settings } from '../../../src/renderer/src/state/settings.svelte';
import { warehouses } from '../../../src/renderer/src/state/warehouses.svelte';
import { createFakeDesk, stockOf, WAREHOUSES, type FakeDesk } from '../support/fake-desk';
import { transferOf } from './transfer-fixtures';

/** A move and an adjustment ask at the same size, and a scanner's Enter never says yes to either. */
describe('large moves and changes ask first, on the safe choice', () => {
  let fake: FakeDesk;
  let uninstall: () => void;
  const creates = (): unknown[] => fake.calls.filter((c) => c.channel === 'transfers.create').map((c) => c.input);

  beforeEach(async () => {
    await page.viewport(900, 800);
    fake = createFakeDesk({
      'transfers.create': (input) => ({ ok: true, value: transferOf({ id: `tr-${fake.calls.length}`, quantity: input.quantity, state: 'pending', in: null }) }),
    });
    uninstall = fake.install();
    forgetEntries();
    warehouses.list = WAREHOUSES;
    settings.value.confirmAdjustmentsFrom = 50;
    settings.value.defaultAdjustKind = 'add';
  });
  afterEach(() => uninstall());

  async function fillMove(n: string): Promise<void> {
    await page.getByRole('combobox', { name: /^To/ }).selectOptions('wh-north');
    await page.getByLabelText('Quantity', { exact: true }).fill(n);
  }

  it('a move of 100 asks; Enter and Escape keep the stock where it is; Tab then Enter moves it', async () => {
    render(TransferPanel, { stock: stockOf('SKU-00042') });
    await fillMove('100');
    await userEvent.keyboard('{Enter}');
    const dialog = page.getByRole('dialog', { name: 'Confirm a large move' });
    await expect.element(dialog).toBeVisible();
    await expect.element(dialog).toMatchTextContent(/100/);
    await userEvent.keyboard('{Enter}');
    await expect.element(page.getByRole('dialog')).not.toBeInTheDocument();
    expect(creates()).toEqual([]);
    await page.getByLabelText('Quantity', { exact: true }).click();
    await userEvent.keyboard('{Enter}');
    await expect.element(dialog).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect.element(page.getByRole('dialog')).not.toBeInTheDocument();
    expect(creates()).toEqual([]);
    await page.getByLabelText('Quantity', { exact: true }).click();
    await userEvent.keyboard('{Enter}');
    await expect.element(dialog).toBeVisible();
    await userEvent.keyboard('{Tab}{Enter}');
    await expect.poll(creates).toEqual([{ sku: 'SKU-00042', fromWarehouseId: 'wh-main', toWarehouseId: 'wh-north', quantity: 100 }]);
  });

  it('the threshold is the one the adjustments use: 49 moves at once, 50 asks', async () => {
    render(TransferPanel, { stock: stockOf('SKU-00042') });
    await fillMove('49');
    await userEvent.keyboard('{Enter}');
    await expect.poll(creates).toHaveLength(1);
    await fillMove('50');
    await userEvent.keyboard('{Enter}');
    await expect.element(page.getByRole('dialog', { name: 'Confirm a large move' })).toBeVisible();
    expect(creates()).toHaveLength(1);
    settings.value.confirmAdjustmentsFrom = 200;
    await userEvent.keyboard('{Escape}');
    await fillMove('150');
    await userEvent.keyboard('{Enter}');
    await expect.poll(creates).toHaveLength(2);
  });

  it('a large Add asks too, and a scanner Enter does not confirm it', async () => {
    const adjusts = (): unknown[] => fake.calls.filter((c) => c.channel === 'stock.adjust');
    render(AdjustPanel, { stock: stockOf('SKU-00042') });
    await page.getByLabelText('Reason').selectOptions('received');
    await page.getByLabelText('Quantity to add').fill('60');
    await userEvent.keyboard('{Enter}');
    await expect.element(page.getByRole('dialog', { name: 'Confirm a large change' })).toBeVisible();
    await userEvent.keyboard('{Enter}');
    await expect.element(page.getByRole('dialog')).not.toBeInTheDocument();
    expect(adjusts()).toEqual([]);
  });
});
