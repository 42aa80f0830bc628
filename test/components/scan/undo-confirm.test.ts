import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-svelte';
import AdjustmentList from '../../../src/renderer/src/screens/scan/AdjustmentList.svelte';
import TransferPanel from '../../../src/renderer/src/screens/scan/TransferPanel.svelte';
import '../../../src/renderer/src/styles/base.css';
import { forgetEntries, rememberEntry } from '../../../src/renderer/src/state/outbox.svelte';
import { settings } from '../../../src/renderer/src/state/settings.svelte';
import { warehouses } from '../../../src/renderer/src/state/warehouses.svelte';
import { createFakeDesk, entryOf, stockOf, WAREHOUSES, type FakeDesk } from '../support/fake-desk';
import { transferOf } from './transfer-fixtures';

/** Undo books a change of its own: it always asks, on the safe choice, and is never the next Tab stop after a form's button. */
describe('Undo asks before it undoes', () => {
  let fake: FakeDesk;
  let uninstall: () => void;
  const callsTo = (channel: string): unknown[] => fake.calls.filter((c) => c.channel === channel).map((c) => c.input);

  beforeEach(async () => {
    await page.viewport(900, 800);
    fake = createFakeDesk({
      'transfers.list': () => ({ ok: true, value: [transferOf({ id: 'tr-old', quantity: 100 })] }),
      'transfers.undo': () => ({ ok: true, value: transferOf({ id: 'tr-old', quantity: 100, state: 'undone', undoneBy: 'tr-back' }) }),
      'transfers.ofEntries': () => ({ ok: true, value: [] }),
      'outbox.undo': ({ id }) => ({ ok: true, value: { action: 'withdrawn', entry: entryOf({ id, state: 'discarded' }) } }),
    });
    uninstall = fake.install();
    forgetEntries();
    warehouses.list = WAREHOUSES;
    settings.value.confirmAdjustmentsFrom = 50;
  });
  afterEach(() => uninstall());

  it('Undo of a change asks; Enter keeps it; Tab then Enter undoes it', async () => {
    rememberEntry(entryOf({ id: 'ob-3', delta: 3, reason: 'received', state: 'applied', applied: { adjustmentId: 'adj_3', onHandAfter: 1243, requestId: 'req_3' } }));
    render(AdjustmentList, { stock: stockOf('SKU-00042') });
    await page.getByRole('button', { name: /Undo \+3 SKU-00042/ }).click();
    const dialog = page.getByRole('dialog');
    await expect.element(dialog).toBeVisible();
    await expect.element(dialog).toMatchTextContent(/\+3/);
    await userEvent.keyboard('{Enter}');
    await expect.element(page.getByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo('outbox.undo')).toEqual([]);
    await page.getByRole('button', { name: /Undo \+3 SKU-00042/ }).click();
    await expect.element(dialog).toBeVisible();
    await userEvent.keyboard('{Tab}{Enter}');
    await expect.poll(() => callsTo('outbox.undo')).toEqual([{ id: 'ob-3' }]);
  });

  it('Undo of a move asks; Enter keeps it; Tab then Enter undoes it', async () => {
    render(TransferPanel, { stock: stockOf('SKU-00042') });
    const undo = page.getByRole('button', { name: /^Undo the move of 100 SKU-00042/ });
    await undo.click();
    await expect.element(page.getByRole('dialog')).toBeVisible();
    await userEvent.keyboard('{Enter}');
    await expect.element(page.getByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo('transfers.undo')).toEqual([]);
    await undo.click();
    await userEvent.keyboard('{Tab}{Enter}');
    await expect.poll(() => callsTo('transfers.undo')).toEqual([{ id: 'tr-old' }]);
  });

  it('from the move Quantity, Tab Tab Enter never undoes an older move', async () => {
    render(TransferPanel, { stock: stockOf('SKU-00042') });
    await expect.element(page.getByRole('button', { name: /^Undo the move of 100/ })).toBeVisible();
    await page.getByLabelText('Quantity', { exact: true }).click();
    // The form is not filled in (no destination): its button is still the next stop, not an Undo.
    await userEvent.keyboard('{Tab}');
    expect(document.activeElement?.textContent).toMatch(/Move/);
    await userEvent.keyboard('{Tab}{Enter}');
    await userEvent.keyboard('{Enter}');
    expect(callsTo('transfers.undo')).toEqual([]);
    expect(callsTo('transfers.create')).toEqual([]);
  });
});
