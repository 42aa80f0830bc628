import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-svelte';
import type { Worker, Workers } from '../../../src/shared/ipc/desk-work-records';
import WorkersSettings from '../../../src/renderer/src/screens/settings/WorkersSettings.svelte';
import ApprovalHost from '../../../src/renderer/src/ui/ApprovalHost.svelte';
import { workers } from '../../../src/renderer/src/state/workers.svelte';
import '../../../src/renderer/src/styles/base.css';
import { seriousA11yProblems } from '../support/a11y';
import { createFakeDesk, type FakeDesk } from '../support/fake-desk';

const at = '2026-03-12T14:32:00.000Z';
const sam: Worker = { id: 'wkr_000000000001', name: 'Sam', badge: 'BADGE-0001', addedAt: at, role: 'supervisor', hasPin: true };
const wim: Worker = { id: 'wkr_000000000002', name: 'Wim', badge: null, addedAt: at, role: 'worker', hasPin: false };
const TOKEN = `apv_${'a'.repeat(32)}`;

/** The card in the desk's words: roles and PINs, a change asked of a supervisor once one has a PIN. */
describe('Settings: workers and supervisors', () => {
  let fake: FakeDesk;
  let uninstall: () => void;
  let state: Workers;
  beforeEach(async () => {
    await page.viewport(1280, 800);
    state = { workers: [sam, wim], current: wim };
    workers.value = state;
    fake = createFakeDesk({
      'workers.list': () => ({ ok: true, value: state }),
      // Like main: with a supervisor who has a PIN, a PIN or role changes only with an approval.
      'workers.setPin': ({ workerId, pin, approval }) => {
        if (approval !== TOKEN) return { ok: false, error: { code: 'approval_required', message: 'needs a supervisor', reason: 'missing' } };
        state = { ...state, workers: state.workers.map((w) => (w.id === workerId ? { ...w, hasPin: pin !== null } : w)) };
        return { ok: true, value: state };
      },
      'workers.setRole': ({ workerId, role, approval }) => {
        if (approval !== TOKEN) return { ok: false, error: { code: 'approval_required', message: 'needs a supervisor', reason: 'missing' } };
        state = { ...state, workers: state.workers.map((w) => (w.id === workerId ? { ...w, role } : w)) };
        return { ok: true, value: state };
      },
      'approvals.request': ({ pin }) => (pin === '2468' ? { ok: true, value: { token: TOKEN, approver: 'Sam' } } : { ok: false, error: { code: 'pin_refused', message: 'wrong', reason: 'wrong', params: { name: 'Sam' } } }),
    });
    uninstall = fake.install();
  });
  afterEach(() => uninstall());

  /** A row's words, spaces as a person reads them. */
  const row = (i: number): string => (document.querySelectorAll('[data-testid="worker-row"]')[i]?.textContent ?? '').replace(/\s+/g, ' ').trim();
  const sent = (channel: 'workers.setPin' | 'workers.setRole' | 'approvals.request') => fake.calls.filter((c) => c.channel === channel).map((c) => c.input);

  it('sets a PIN typed twice, asking a supervisor first; a short or mistyped PIN is said and sends nothing', async () => {
    render(WorkersSettings);
    render(ApprovalHost);
    const rows = page.getByTestId('worker-row');
    await expect.poll(() => row(0)).toMatch(/Sam.*PIN set/);
    await expect.poll(() => row(1)).toMatch(/Wim.*No PIN/);
    await rows.nth(1).getByRole('button', { name: 'Set PIN' }).click();
    await expect.element(page.getByLabelText('New PIN for Wim (4 to 12 digits)')).toHaveFocus();
    await userEvent.keyboard('12{Enter}');
    await expect.element(page.getByRole('alert')).toHaveTextContent('A PIN is 4 to 12 digits.');
    await page.getByLabelText('New PIN for Wim (4 to 12 digits)').fill('1234');
    await page.getByLabelText('The same PIN again').fill('1243');
    await userEvent.keyboard('{Enter}');
    await expect.element(page.getByRole('alert')).toHaveTextContent('The two PINs are not the same.');
    expect(sent('workers.setPin')).toEqual([]);
    await page.getByLabelText('The same PIN again').fill('1234');
    await page.screenshot({ path: '../../artifacts/components/workers-settings-pin-1280.png' });
    expect(await seriousA11yProblems()).toEqual([]);
    await userEvent.keyboard('{Enter}');

    const dialog = page.getByRole('dialog', { name: 'Supervisor approval' });
    await expect.element(dialog).toHaveAccessibleDescription('A supervisor approves: the PIN or role of Wim');
    await expect.element(page.getByLabelText('PIN', { exact: true })).toHaveFocus();
    await userEvent.keyboard('1111{Enter}');
    await expect.element(dialog.getByText('That PIN is not right. Try again.')).toBeVisible();
    await userEvent.keyboard('2468{Enter}');
    await expect.element(page.getByRole('status')).toHaveTextContent('PIN of Wim saved.');
    await expect.poll(() => row(1)).toMatch(/Wim.*PIN set/);
    expect(sent('approvals.request')).toEqual([
      { supervisor: { id: sam.id }, pin: '1111', action: { kind: 'worker', workerId: wim.id } },
      { supervisor: { id: sam.id }, pin: '2468', action: { kind: 'worker', workerId: wim.id } },
    ]);
    expect(sent('workers.setPin')).toEqual([
      { workerId: wim.id, pin: '1234' },
      { workerId: wim.id, pin: '1234', approval: TOKEN },
    ]);
  });

  it('a supervisor box shows the role main holds: unchanged when the approval is cancelled, ticked once approved', async () => {
    render(WorkersSettings);
    render(ApprovalHost);
    const box = page.getByTestId('worker-row').nth(1).getByRole('checkbox', { name: 'Supervisor' });
    await expect.element(box).not.toBeChecked();
    await box.click();
    await expect.element(page.getByRole('dialog', { name: 'Supervisor approval' })).toBeVisible();
    await expect.element(box).not.toBeChecked();
    await userEvent.keyboard('{Escape}');
    await expect.element(page.getByRole('dialog')).not.toBeInTheDocument();
    await expect.element(box).not.toBeChecked();
    await box.click();
    await userEvent.keyboard('2468{Enter}');
    await expect.element(page.getByRole('status')).toHaveTextContent('Wim is now a supervisor.');
    await expect.element(box).toBeChecked();
    // A supervisor without a PIN cannot approve anything yet, and the card says so.
    await expect.poll(() => row(1)).toContain('No PIN: needs a PIN to approve');
    await page.viewport(1024, 700);
    await page.screenshot({ path: '../../artifacts/components/workers-settings-1024.png' });
    expect(await seriousA11yProblems()).toEqual([]);
    expect(sent('workers.setRole')).toEqual([
      { workerId: wim.id, role: 'supervisor' },
      { workerId: wim.id, role: 'supervisor' },
      { workerId: wim.id, role: 'supervisor', approval: TOKEN },
    ]);
  });
});
