import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-svelte';
import AdjustPanel from '../../../src/renderer/src/screens/scan/AdjustPanel.svelte';
import { whenScansAnswered } from '../../../src/renderer/src/scan/session.svelte';
import '../../../src/renderer/src/styles/base.css';
import { createFakeDesk, stockOf, type FakeDesk } from '../support/fake-desk';
import { keyFor } from './keys';

describe('AdjustPanel (keyboard-first adjust)', () => {
  let fake: FakeDesk;
  let uninstall: () => void;
  const adjustCalls = (): unknown[] => fake.calls.filter((c) => c.channel === 'stock.adjust').map((c) => c.input);

  beforeEach(async () => {
    await page.viewport(500, 800);
    fake = createFakeDesk();
    uninstall = fake.install();
  });
  afterEach(() => uninstall());

  it('computes a count against the on-hand shown, and sends the delta', async () => {
    render(AdjustPanel, { stock: stockOf('SKU-00042') });
    await page.getByRole('radio', { name: 'Set count' }).click();
    await page.getByLabelText('Counted quantity').fill('1230');
    await expect.element(page.getByText('On hand here')).toMatchTextContent('Change −10 → 1,230');
    await expect.element(page.getByLabelText('Reason')).toHaveValue('count_correction');
    await userEvent.keyboard('{Enter}');
    await expect.poll(adjustCalls).toEqual([{ sku: 'SKU-00042', warehouseId: 'wh-main', delta: -10, reason: 'count_correction' }]);
    await expect.element(page.getByRole('status')).toMatchTextContent('−10 SKU-00042');
  });

  it('requires a reason and a positive whole quantity', async () => {
    render(AdjustPanel, { stock: stockOf('SKU-00042') });
    await page.getByRole('radio', { name: 'Remove' }).click();
    await page.getByLabelText('Quantity to remove').fill('2.5');
    await page.getByRole('button', { name: /Adjust stock/ }).click();
    await expect.element(page.getByText('Whole numbers only')).toBeVisible();
    await expect.element(page.getByText('Choose a reason.')).toBeVisible();
    await page.screenshot({ path: '../../artifacts/components/adjust-invalid.png' });
    expect(adjustCalls()).toEqual([]);
  });

  it('asks for a confirmation from the threshold on; Escape and Enter send nothing for a removal, Tab then Enter sends', async () => {
    render(AdjustPanel, { stock: stockOf('SKU-00042') });
    await page.getByRole('radio', { name: 'Remove' }).click();
    await page.getByLabelText('Reason').selectOptions('damaged');
    await page.getByLabelText('Quantity to remove').fill('60');
    await userEvent.keyboard('{Enter}');
    await expect.element(page.getByRole('dialog', { name: 'Confirm a large change' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect.element(page.getByRole('dialog')).not.toBeInTheDocument();
    expect(adjustCalls()).toEqual([]);
    await page.getByLabelText('Quantity to remove').click();
    await userEvent.keyboard('{Enter}');
    await expect.element(page.getByRole('dialog')).toBeVisible();
    // A removal is destructive: the dialog opens on its safe choice, so Enter keeps the stock as it is.
    await userEvent.keyboard('{Enter}');
    await expect.element(page.getByRole('dialog')).not.toBeInTheDocument();
    expect(adjustCalls()).toEqual([]);
    await page.getByLabelText('Quantity to remove').click();
    await userEvent.keyboard('{Enter}');
    await expect.element(page.getByRole('dialog')).toBeVisible();
    await userEvent.keyboard('{Tab}{Enter}');
    await expect.poll(adjustCalls).toEqual([{ sku: 'SKU-00042', warehouseId: 'wh-main', delta: -60, reason: 'damaged' }]);
  });

  it('shows a refusal with its code and request id', async () => {
    fake.handlers['stock.adjust'] = () => ({ ok: false, error: { code: 'validation_failed', message: 'The note is too long.', status: 422, requestId: 'req_77' } });
    render(AdjustPanel, { stock: stockOf('SKU-00042') });
    await page.getByRole('radio', { name: 'Add' }).click();
    await page.getByLabelText('Reason').selectOptions('received');
    await page.getByLabelText('Quantity to add').fill('3');
    await userEvent.keyboard('{Enter}');
    await expect.element(page.getByRole('alert')).toMatchTextContent('req_77');
    await expect.element(page.getByRole('alert')).toMatchTextContent('validation_failed');
  });

  it('never turns a barcode scanned into the quantity field into a quantity', async () => {
    render(AdjustPanel, { stock: stockOf('SKU-00042') });
    await page.getByRole('radio', { name: 'Add' }).click();
    const qty = page.getByLabelText('Quantity to add');
    await qty.fill('12');
    const input = qty.element() as HTMLInputElement;
    input.focus();
    for (const ch of '4006381333931') input.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...keyFor(ch) }));
    input.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, cancelable: true, key: 'Enter', code: 'Enter' }));
    await whenScansAnswered();
    await expect.element(qty).toHaveValue('12');
    expect(fake.calls.filter((c) => c.channel === 'stock.lookup').map((c) => c.input)).toEqual([{ code: '4006381333931' }]);
    expect(adjustCalls()).toEqual([]);
  });
});
