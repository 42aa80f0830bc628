import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-svelte';
import type { Worker, Workers } from '../../../src/shared/ipc/desk-work-records';
import WorkerPicker from '../../../src/renderer/src/shell/WorkerPicker.svelte';
import { badgeScanned, workers } from '../../../src/renderer/src/state/workers.svelte';
import '../../../src/renderer/src/styles/base.css';
import { seriousA11yProblems } from '../support/a11y';
import { createFakeDesk, type FakeDesk } from '../support/fake-desk';

const at = '2026-03-12T14:32:00.000Z';
const ana: Worker = { id: 'wkr_000000000001', name: 'Ana', badge: 'BADGE-ANA', addedAt: at, role: 'worker', hasPin: true };
const bo: Worker = { id: 'wkr_000000000002', name: 'Bo', badge: null, addedAt: at, role: 'worker', hasPin: true };

/** Where the policy requires it, a worker starts at the desk with their own PIN, picked or badge-scanned. */
describe('the worker picker on a desk that asks for PINs', () => {
  let fake: FakeDesk;
  let uninstall: () => void;
  beforeEach(async () => {
    await page.viewport(1280, 800);
    workers.value = { workers: [ana, bo], current: null };
    fake = createFakeDesk({
      // Like main under `pinRequired`: no PIN, no start; Ana's is 4321.
      'workers.switch': (input) => {
        if ('nobody' in input) return { ok: true, value: { workers: [ana, bo], current: null } };
        if (!('pin' in input) || input.pin === undefined) return { ok: false, error: { code: 'pin_required', message: 'PIN', params: { name: 'Ana' } } };
        if (input.pin !== '4321') return { ok: false, error: { code: 'pin_refused', message: 'wrong', reason: 'wrong', params: { name: 'Ana' } } };
        return { ok: true, value: { workers: [ana, bo], current: ana } satisfies Workers };
      },
    });
    uninstall = fake.install();
  });
  afterEach(() => uninstall());

  const switches = () => fake.calls.filter((c) => c.channel === 'workers.switch').map((c) => c.input);

  it('a picked name asks for that worker’s PIN; a wrong one is said, the right one starts them', async () => {
    render(WorkerPicker);
    await page.getByRole('button', { name: /At the desk/ }).click();
    await page.getByRole('button', { name: 'Ana BADGE-ANA' }).click();
    const pin = page.getByLabelText('PIN of Ana');
    await expect.element(pin).toHaveFocus();
    await expect.element(page.getByText('This desk asks each worker for their own PIN before they start.')).toBeVisible();
    await userEvent.keyboard('0000{Enter}');
    await expect.element(page.getByText('That PIN is not right. Try again.')).toBeVisible();
    await page.screenshot({ path: '../../artifacts/components/worker-pin-1280.png' });
    expect(await seriousA11yProblems()).toEqual([]);
    await pin.fill('4321');
    await userEvent.keyboard('{Enter}');
    await expect.element(page.getByRole('dialog')).not.toBeInTheDocument();
    await expect.element(page.getByRole('button', { name: 'At the desk Ana' })).toBeVisible();
    expect(switches()).toEqual([{ id: ana.id }, { id: ana.id, pin: '0000' }, { id: ana.id, pin: '4321' }]);
  });

  it('a badge scanned anywhere opens the picker on that worker’s PIN', async () => {
    await page.viewport(1024, 700);
    render(WorkerPicker);
    badgeScanned({ kind: 'worker', code: 'BADGE-ANA', name: 'Ana', workerId: ana.id, switched: false });
    await expect.element(page.getByLabelText('PIN of Ana')).toHaveFocus();
    await page.screenshot({ path: '../../artifacts/components/worker-pin-1024.png' });
    expect(await seriousA11yProblems()).toEqual([]);
    await userEvent.keyboard('4321{Enter}');
    await expect.element(page.getByRole('dialog')).not.toBeInTheDocument();
    expect(switches()).toEqual([{ id: ana.id, pin: '4321' }]);
  });
});
