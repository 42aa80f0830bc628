// Where the policy asks a supervisor to approve a large adjustment, dropping an uncertain
// adjustment, cancelling a shipment or changing a setting, main refuses it `approval_required`; the shell's approval dialog
// then asks for the supervisor and PIN and the action goes again with main's token. A wrong PIN is
// said in words; Cancel sends nothing more and changes nothing.
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-svelte';
import OutboxScreen from '../../../src/renderer/src/screens/outbox/OutboxScreen.svelte';
import ShipmentDetail from '../../../src/renderer/src/screens/shipments/ShipmentDetail.svelte';
import DeskSettings from '../../../src/renderer/src/screens/settings/DeskSettings.svelte';
import AdjustPanel from '../../../src/renderer/src/screens/scan/AdjustPanel.svelte';
import ApprovalHost from '../../../src/renderer/src/ui/ApprovalHost.svelte';
import { connectivity } from '../../../src/renderer/src/state/connectivity.svelte';
import App from '../../../src/renderer/src/App.svelte';
import { approval, approvalCancelled } from '../../../src/renderer/src/state/approval.svelte';
import { updateSettings } from '../../../src/renderer/src/state/settings.svelte';
import { loadWarehouses } from '../../../src/renderer/src/state/warehouses.svelte';
import { loadWorkers } from '../../../src/renderer/src/state/workers.svelte';
import type { Shipment } from '../../../src/shared/ipc/records';
import type { Result } from '../../../src/shared/ipc/result';
import '../../../src/renderer/src/styles/base.css';
import { createFakeDesk, entryOf, SETTINGS, stockOf, type FakeDesk, type Handlers } from '../support/fake-desk';

const TOKEN = `apv_${'a'.repeat(32)}`;
const sam = { id: 'wkr_000000000001', name: 'Sam', badge: null, addedAt: '2026-03-12T14:32:00.000Z', role: 'supervisor' as const, hasPin: true };
const NEEDS = { ok: false as const, error: { code: 'approval_required', message: 'A supervisor must approve this first.', reason: 'missing' } };

/** Main's side: an action without the token is refused; the PIN 2468 gets the token. */
function desk(overrides: Handlers): FakeDesk {
  return createFakeDesk({
    'workers.list': () => ({ ok: true, value: { workers: [sam], current: null } }),
    'approvals.request': ({ pin }) =>
      pin === '2468' ? { ok: true, value: { token: TOKEN, approver: 'Sam' } } : { ok: false, error: { code: 'pin_refused', message: 'That PIN is not right.', reason: 'wrong' } },
    ...overrides,
  });
}
const sent = (fake: FakeDesk, channel: string) => fake.calls.filter((c) => c.channel === channel).map((c) => c.input);

describe('a supervisor approves, where the policy asks', () => {
  let uninstall: () => void = () => {};
  beforeEach(async () => {
    await page.viewport(1280, 800);
  });
  afterEach(() => {
    approval.asking?.answer(null);
    approval.asking = null;
    uninstall();
  });

  it('dropping an uncertain adjustment on the Outbox screen: wrong PIN said, then sent again with the token', async () => {
    const entry = entryOf({ id: 'ob-7', sku: 'WD-000012', delta: 5, reason: 'received', state: 'uncertain', attempts: 1, firstSentAt: '2026-11-23T08:00:00.000Z', uncertain: null });
    let entries = [entry];
    const fake = desk({
      'outbox.list': (input) => ({
        ok: true,
        value: { entries: input?.states?.includes('uncertain') ? entries : [], counts: { queued: 0, sending: 0, applied: 0, rejected: 0, discarded: 0, uncertain: entries.length, rejectedSeen: 0, toCheck: 0 }, nextBefore: null },
      }),
      'outbox.resolve': ({ approval }) => {
        if (approval !== TOKEN) return NEEDS;
        entries = [];
        return { ok: true, value: { ...entry, state: 'discarded' } };
      },
    });
    uninstall = fake.install();
    await Promise.all([loadWorkers(), loadWarehouses()]);
    render(OutboxScreen);
    render(ApprovalHost);

    await page.getByRole('button', { name: "Don't send" }).click();
    const dialog = page.getByRole('dialog', { name: 'Supervisor approval' });
    await expect.element(dialog).toHaveAccessibleDescription('A supervisor approves: not sending +5 of WD-000012 at Main hall (MAIN)');
    await expect.element(page.getByLabelText('PIN', { exact: true })).toHaveFocus();
    await userEvent.keyboard('1357{Enter}');
    await expect.element(page.getByText('That PIN is not right. Try again.')).toBeVisible();
    await page.screenshot({ path: '../../artifacts/components/approval-outbox-1280.png' });
    const audit = await axe.run(document, { resultTypes: ['violations'] });
    expect(audit.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    await page.viewport(1024, 700);
    await page.screenshot({ path: '../../artifacts/components/approval-outbox-1024.png' });

    await page.getByLabelText('PIN', { exact: true }).click();
    await userEvent.keyboard('2468{Enter}');
    await expect.element(dialog).not.toBeInTheDocument();
    expect(sent(fake, 'approvals.request').map((i) => (i as { action: unknown }).action)).toEqual([
      { kind: 'uncertain', entryId: 'ob-7', choice: 'drop' },
      { kind: 'uncertain', entryId: 'ob-7', choice: 'drop' },
    ]);
    expect(sent(fake, 'outbox.resolve')).toEqual([
      { id: 'ob-7', choice: 'drop' },
      { id: 'ob-7', choice: 'drop', approval: TOKEN },
    ]);
    await expect.element(page.getByTestId('uncertain-entries')).not.toBeInTheDocument();
  });

  it('cancelling a shipment: the approval takes the confirmation’s place; Cancel sends nothing more', async () => {
    const at = '2026-03-01T10:00:00.000Z';
    const party = { name: 'Ada Lovelace', address: { line1: '1 Dock Road', line2: null, city: 'Berlin', postalCode: '10115', country: 'DE' } };
    const shipment: Shipment = { token: `shp_${'0'.repeat(19)}7`, reference: 'ORD-7', scope: 1, status: 'created', carrier: 'dhl', service: 'standard', trackingNumber: null, sender: party, recipient: party, parcels: [{ weightGrams: 1200, dimensionsMm: null }], createdAt: at, updatedAt: at, cancelledAt: null, confirmedAt: at, source: 'service' };
    const fake = desk({
      'shipments.cancel': ({ approval }): Result<Shipment> => (approval === TOKEN ? { ok: true, value: { ...shipment, status: 'cancelled', cancelledAt: at } } : NEEDS),
    });
    uninstall = fake.install();
    await loadWorkers();
    connectivity.online = true;
    const changed: Shipment[] = [];
    render(ShipmentDetail, { shipment, onchanged: (s: Shipment) => changed.push(s), ondeleted: () => {}, onback: () => {} });
    render(ApprovalHost);

    await page.getByRole('button', { name: 'Cancel shipment…' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel shipment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Supervisor approval' });
    await expect.element(dialog).toHaveAccessibleDescription('A supervisor approves: cancel shipment ORD-7');
    await userEvent.keyboard('24{Escape}');
    await expect.element(dialog).not.toBeInTheDocument();
    expect(sent(fake, 'shipments.cancel')).toEqual([{ token: shipment.token }]);
    expect(sent(fake, 'approvals.request')).toEqual([]);
    expect(changed).toEqual([]);
    expect(document.body.textContent).not.toMatch(/Could not cancel|supervisor must/);

    await page.getByRole('button', { name: 'Cancel shipment…' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel shipment' }).click();
    await expect.element(page.getByLabelText('PIN', { exact: true })).toHaveFocus();
    await userEvent.keyboard('2468{Enter}');
    await expect.poll(() => changed.map((s) => s.status)).toEqual(['cancelled']);
    expect(sent(fake, 'shipments.cancel')).toEqual([{ token: shipment.token }, { token: shipment.token }, { token: shipment.token, approval: TOKEN }]);
    expect(sent(fake, 'approvals.request')).toEqual([{ supervisor: { id: sam.id }, pin: '2468', action: { kind: 'shipment', token: shipment.token, verb: 'cancel' } }]);
  });

  it('saving a setting: approved for that very change, then saved with the token', async () => {
    const fake = desk({
      'settings.update': ({ approval, deskName }) => (approval === TOKEN ? { ok: true, value: { ...SETTINGS, deskName: deskName ?? null } } : NEEDS),
    });
    uninstall = fake.install();
    await loadWorkers();
    render(DeskSettings);
    render(ApprovalHost);

    await page.getByLabelText('Name of this desk').fill('Dock 3');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.element(page.getByRole('dialog', { name: 'Supervisor approval' })).toHaveAccessibleDescription("A supervisor approves: a change to this desk's settings");
    await userEvent.keyboard('2468{Enter}');
    await expect.element(page.getByRole('status').getByText(/saved/i)).toBeVisible();
    expect(sent(fake, 'approvals.request')).toEqual([{ supervisor: { id: sam.id }, pin: '2468', action: { kind: 'settings', patch: { deskName: 'Dock 3' } } }]);
    expect(sent(fake, 'settings.update')).toEqual([{ deskName: 'Dock 3' }, { deskName: 'Dock 3', approval: TOKEN }]);
  });

  it('a large adjustment on the Scan screen: asked for, then booked with the token', async () => {
    const fake = desk({
      'stock.adjust': (input) => (input.approval === TOKEN ? { ok: true, value: entryOf({ id: 'ob-9', sku: input.sku, warehouseId: input.warehouseId, delta: input.delta, reason: input.reason }) } : NEEDS),
    });
    uninstall = fake.install();
    await Promise.all([loadWorkers(), loadWarehouses()]);
    render(AdjustPanel, { stock: stockOf('SKU-00042') });
    render(ApprovalHost);

    await page.getByRole('radio', { name: 'Set count' }).click();
    await page.getByLabelText('Counted quantity').fill('1230');
    await userEvent.keyboard('{Enter}');
    await expect.element(page.getByRole('dialog', { name: 'Supervisor approval' })).toHaveAccessibleDescription('A supervisor approves: −10 SKU-00042 Main hall (MAIN)');
    await userEvent.keyboard('2468{Enter}');
    await expect.element(page.getByRole('status').getByText(/−10 SKU-00042/)).toBeInTheDocument();
    const input = { sku: 'SKU-00042', warehouseId: 'wh-main', delta: -10, reason: 'count_correction', count: { counted: 1230, onHand: 1240 } };
    expect(sent(fake, 'stock.adjust')).toEqual([input, { ...input, approval: TOKEN }]);
    expect(sent(fake, 'approvals.request')).toEqual([{ supervisor: { id: sam.id }, pin: '2468', action: { kind: 'adjust', sku: 'SKU-00042', warehouseId: 'wh-main', delta: -10 } }]);
  });

  it('the shell fetches its approval dialog when first asked, and a cancel leaves the change unsent', async () => {
    const fake = desk({ 'settings.update': ({ approval: token, deskName }) => (token === TOKEN ? { ok: true, value: { ...SETTINGS, deskName: deskName ?? null } } : NEEDS) });
    uninstall = fake.install();
    render(App);
    await loadWorkers();
    const saving = updateSettings({ deskName: 'Dock 3' });
    const dialog = page.getByRole('dialog', { name: 'Supervisor approval' });
    await expect.element(dialog).toHaveAccessibleDescription("A supervisor approves: a change to this desk's settings");
    await expect.element(page.getByLabelText('PIN', { exact: true })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(approvalCancelled(await saving)).toBe(true);
    await expect.element(dialog).not.toBeInTheDocument();
    expect(sent(fake, 'settings.update')).toEqual([{ deskName: 'Dock 3' }]);
  });
});
