import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-svelte';
import AdjustPanel from '../../../src/renderer/src/screens/scan/AdjustPanel.svelte';
import { whenScansAnswered } from '../../../src/renderer/src/scan/session.svelte';
import { listenForScans } from '../../../src/renderer/src/scan/window-scanner';
import '../../../src/renderer/src/styles/base.css';
import { forgetEntries, rememberEntry } from '../../../src/renderer/src/state/outbox.svelte';
import { createFakeDesk, entryOf, SETTINGS, stockOf, type FakeDesk } from '../support/fake-desk';
import { keyFor } from './keys';

describe('AdjustPanel (keyboard-first adjust)', () => {
  let fake: FakeDesk;
  let uninstall: () => void;
  const adjustCalls = (): unknown[] => fake.calls.filter((c) => c.channel === 'stock.adjust').map((c) => c.input);

  beforeEach(async () => {
    await page.viewport(500, 800);
    fake = createFakeDesk();
    uninstall = fake.install();
    // The fake books every change as queued: what one test booked is not waiting in the next.
    forgetEntries();
  });
  afterEach(() => uninstall());

  it('computes a count against the on-hand shown, and sends the delta with what was counted against what', async () => {
    render(AdjustPanel, { stock: stockOf('SKU-00042') });
    await page.getByRole('radio', { name: 'Set count' }).click();
    await page.getByLabelText('Counted quantity').fill('1230');
    await expect.element(page.getByText('On hand here')).toMatchTextContent('Change −10 → 1,230');
    await expect.element(page.getByLabelText('Reason')).toHaveValue('count_correction');
    await userEvent.keyboard('{Enter}');
    await expect.poll(adjustCalls).toEqual([{ sku: 'SKU-00042', warehouseId: 'wh-main', delta: -10, reason: 'count_correction', count: { counted: 1230, onHand: 1240 } }]);
    await expect.element(page.getByRole('status')).toMatchTextContent('−10 SKU-00042');
  });

  it('counts against on hand plus what is waiting to send: a count that matches both books nothing', async () => {
    // 1,240 on hand, +7 booked offline and still waiting: the shelf holds 1,247.
    rememberEntry(entryOf({ id: 'ob-waiting', sku: 'SKU-00042', warehouseId: 'wh-main', delta: 7, reason: 'received', state: 'queued' }));
    render(AdjustPanel, { stock: stockOf('SKU-00042') });
    await page.getByRole('radio', { name: 'Set count' }).click();
    await page.getByLabelText('Counted quantity').fill('1247');
    await userEvent.keyboard('{Enter}');
    await expect.element(page.getByText(/nothing to change/)).toBeVisible();
    expect(adjustCalls()).toEqual([]);
    // A count of 1,250: +3 on top of the waiting +7, not +10 (which would book the +7 twice).
    await page.getByLabelText('Counted quantity').fill('1250');
    await expect.element(page.getByText('On hand here')).toMatchTextContent('Change +3 → 1,250');
    await userEvent.keyboard('{Enter}');
    await expect.poll(adjustCalls).toEqual([{ sku: 'SKU-00042', warehouseId: 'wh-main', delta: 3, reason: 'count_correction', count: { counted: 1250, onHand: 1247 } }]);
  });

  it('a removal is checked against on hand plus what is waiting: no false alarm, a real one when the waiting change takes stock out', async () => {
    rememberEntry(entryOf({ id: 'ob-in', sku: 'SKU-00042', warehouseId: 'wh-north', delta: 14, reason: 'received', state: 'queued' }));
    render(AdjustPanel, { stock: stockOf('SKU-00042') });
    await page.getByLabelText('Warehouse').selectOptions('wh-north');
    await page.getByRole('radio', { name: 'Remove' }).click();
    // 86 on hand and +14 waiting: 100 can go out, the preview ends at 0, nothing warns.
    await page.getByLabelText('Quantity to remove').fill('100');
    await expect.element(page.getByText('On hand here')).toMatchTextContent('Change −100 → 0');
    await expect.element(page.getByText(/More than/)).not.toBeInTheDocument();
    // With −80 waiting instead, 10 is already more than will be left.
    forgetEntries();
    rememberEntry(entryOf({ id: 'ob-out', sku: 'SKU-00042', warehouseId: 'wh-north', delta: -80, reason: 'damaged', state: 'sending' }));
    await page.getByLabelText('Quantity to remove').fill('10');
    await expect.element(page.getByText('On hand here')).toMatchTextContent(/Change −10 → [−-]4/);
    await expect.element(page.getByText(/More than/)).toBeVisible();
    await page.getByLabelText('Reason').selectOptions('damaged');
    await userEvent.keyboard('{Enter}');
    const dialog = page.getByRole('dialog', { name: 'Remove more than is on hand?' });
    await expect.element(dialog).toMatchTextContent(/On hand 6 → [−-]4/);
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
    // the window-wide scanner, as the shell runs it, takes a scan out of any text field
    const stop = listenForScans(SETTINGS.scanner);
    onTestFinished(stop);
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
    expect(fake.calls.filter((c) => c.channel === 'stock.lookup').map((c) => c.input)).toEqual([{ code: '4006381333931', entry: 'scanned' }]);
    expect(adjustCalls()).toEqual([]);
  });
});
