import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-svelte';
import AdjustPanel from '../../../src/renderer/src/screens/scan/AdjustPanel.svelte';
import '../../../src/renderer/src/styles/base.css';
import { forgetEntries } from '../../../src/renderer/src/state/outbox.svelte';
import { settings } from '../../../src/renderer/src/state/settings.svelte';
import { createFakeDesk, stockOf, type FakeDesk } from '../support/fake-desk';

/** Each product starts afresh: the desk's kind of change, no reason; a reason that no longer fits is never booked. */
describe('AdjustPanel: the kind of change and the reason never carry over', () => {
  let fake: FakeDesk;
  let uninstall: () => void;
  const adjustCalls = (): unknown[] => fake.calls.filter((c) => c.channel === 'stock.adjust').map((c) => c.input);
  const reasonOptions = (): string[] => [...(page.getByLabelText('Reason').element() as HTMLSelectElement).options].filter((o) => !o.disabled).map((o) => o.value);

  beforeEach(async () => {
    await page.viewport(500, 800);
    fake = createFakeDesk();
    uninstall = fake.install();
    forgetEntries();
    settings.value.defaultAdjustKind = 'add';
  });
  afterEach(() => uninstall());

  it('the next product starts on Add with no reason, whatever the last one booked', async () => {
    const first = await render(AdjustPanel, { stock: stockOf('SKU-00042') });
    await page.getByRole('radio', { name: 'Remove' }).click();
    await page.getByLabelText('Reason').selectOptions('damaged');
    await page.getByLabelText('Quantity to remove').fill('3');
    await userEvent.keyboard('{Enter}');
    await expect.poll(adjustCalls).toEqual([{ sku: 'SKU-00042', warehouseId: 'wh-main', delta: -3, reason: 'damaged' }]);
    await first.unmount();

    render(AdjustPanel, { stock: stockOf('SKU-00043') });
    await expect.element(page.getByRole('radio', { name: 'Add' })).toBeChecked();
    await expect.element(page.getByLabelText('Reason')).toHaveValue('');
    // Nothing is booked without a reason chosen for this product.
    await page.getByLabelText('Quantity to add').fill('7');
    await userEvent.keyboard('{Enter}');
    await expect.element(page.getByText('Choose a reason.')).toBeVisible();
    expect(adjustCalls()).toHaveLength(1);
  });

  it("starts on the desk's own default kind; a count comes with its own reason", async () => {
    settings.value.defaultAdjustKind = 'count';
    render(AdjustPanel, { stock: stockOf('SKU-00042') });
    await expect.element(page.getByRole('radio', { name: 'Set count' })).toBeChecked();
    await expect.element(page.getByLabelText('Reason')).toHaveValue('count_correction');
  });

  it('Set count after "Remove 3 · Damaged" books a count correction, never "+7 · Damaged"', async () => {
    render(AdjustPanel, { stock: stockOf('SKU-00042') });
    await page.getByRole('radio', { name: 'Remove' }).click();
    await page.getByLabelText('Reason').selectOptions('damaged');
    await page.getByLabelText('Quantity to remove').fill('3');
    await userEvent.keyboard('{Enter}');
    await expect.poll(adjustCalls).toHaveLength(1);
    await page.getByRole('radio', { name: 'Set count' }).click();
    await expect.element(page.getByLabelText('Reason')).not.toHaveValue('damaged');
    await page.getByLabelText('Counted quantity').fill('1247');
    await userEvent.keyboard('{Enter}');
    await expect.poll(adjustCalls).toHaveLength(2);
    expect(adjustCalls()[1]).toEqual({ sku: 'SKU-00042', warehouseId: 'wh-main', delta: 10, reason: 'count_correction', count: { counted: 1247, onHand: 1237 } });
  });

  it('offers only the reasons that fit the kind, and clears one that stops fitting', async () => {
    render(AdjustPanel, { stock: stockOf('SKU-00042') });
    expect(reasonOptions()).toEqual(['received', 'found', 'returned', 'other']);
    await page.getByLabelText('Reason').selectOptions('received');
    await page.getByRole('radio', { name: 'Remove' }).click();
    expect(reasonOptions()).toEqual(['damaged', 'lost', 'other']);
    await expect.element(page.getByLabelText('Reason')).toHaveValue('');
    await page.getByLabelText('Reason').selectOptions('other');
    // "Other" fits every kind: it stays.
    await page.getByRole('radio', { name: 'Add' }).click();
    await expect.element(page.getByLabelText('Reason')).toHaveValue('other');
    await page.getByRole('radio', { name: 'Set count' }).click();
    expect(reasonOptions()).toEqual(['count_correction', 'other']);
    await expect.element(page.getByLabelText('Reason')).toHaveValue('other');
  });
});
