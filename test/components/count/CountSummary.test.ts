import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-svelte';
import type { CountSession } from '../../../src/shared/ipc/desk-work-records';
import CountSummary from '../../../src/renderer/src/screens/count/CountSummary.svelte';
import '../../../src/renderer/src/styles/base.css';
import { forgetEntries } from '../../../src/renderer/src/state/outbox.svelte';
import { warehouses } from '../../../src/renderer/src/state/warehouses.svelte';
import { createFakeDesk, entryOf, WAREHOUSES, type FakeDesk } from '../support/fake-desk';

/** A submitted count with one line whose adjustment (−4 SKU-00042, counted 1238 of 1242) was booked. */
function submitted(): CountSession {
  const entry = entryOf({ id: 'ob-count', delta: -4, reason: 'count_correction', state: 'applied', applied: { adjustmentId: 'adj_c', onHandAfter: 1238, requestId: 'req_c' } });
  const at = '2026-03-12T14:32:00.000Z';
  return {
    id: 'cnt-1',
    warehouseId: 'wh-main',
    zone: null,
    worker: null,
    state: 'submitted',
    startedAt: at,
    submittedAt: at,
    lines: [{ sku: 'SKU-00042', name: 'Hex bolt', counted: 1238, decision: 'accepted', basisOnHand: 1242, onHandAtSubmit: 1242, submittedAt: at, entry }],
  };
}

describe('CountSummary', () => {
  let fake: FakeDesk;
  let uninstall: () => void;
  const undoCalls = (): unknown[] => fake.calls.filter((c) => c.channel === 'outbox.undo').map((c) => c.input);

  beforeEach(async () => {
    await page.viewport(1280, 800);
    fake = createFakeDesk({
      'outbox.links': () => ({ ok: true, value: [] }),
      'outbox.undo': () => ({ ok: true, value: { action: 'reversed', original: entryOf({ id: 'ob-count', delta: -4, state: 'applied' }), reversal: entryOf({ id: 'ob-back', delta: 4, state: 'queued' }) } }),
    });
    uninstall = fake.install();
    forgetEntries();
    warehouses.list = WAREHOUSES;
  });
  afterEach(() => uninstall());

  it('Undo of a counted line asks first, on "Keep it": Enter keeps it, Tab then Enter undoes it', async () => {
    render(CountSummary, { session: submitted() });
    const undo = page.getByRole('button', { name: 'Undo SKU-00042' });
    await undo.click();
    const dialog = page.getByRole('dialog', { name: 'Undo this change?' });
    await expect.element(dialog).toBeVisible();
    await expect.element(dialog).toMatchTextContent(/−4 SKU-00042 .* is booked/);
    await expect.element(page.getByRole('button', { name: /^Keep it/ })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect.element(page.getByRole('dialog')).not.toBeInTheDocument();
    expect(undoCalls()).toEqual([]);
    await undo.click();
    await userEvent.keyboard('{Tab}{Enter}');
    await expect.poll(undoCalls).toEqual([{ id: 'ob-count' }]);
  });
});
