// Notices speak the worker's words: never an internal code, a stale warning goes away once what it
// warned about is done, and the service's reference is there (small, copyable) when it gave one.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-svelte';
import Notices from '../../../src/renderer/src/shell/Notices.svelte';
import { notices, pushNotice, startNotices } from '../../../src/renderer/src/state/notices.svelte';
import '../../../src/renderer/src/styles/base.css';
import { createFakeDesk, entryOf, type FakeDesk } from '../support/fake-desk';

describe('Notices', () => {
  let fake: FakeDesk;
  let uninstall: () => void;
  let stop: () => void;
  beforeEach(async () => {
    await page.viewport(1280, 800);
    notices.list = [];
    fake = createFakeDesk();
    uninstall = fake.install();
    stop = startNotices();
  });
  afterEach(() => {
    stop();
    uninstall();
  });

  it('shows plain words, never the notice\'s code', async () => {
    pushNotice({ level: 'info', code: 'worker_switched', message: 'Ana is at the desk now.' });
    pushNotice({ level: 'warning', code: 'adjustment_not_confirmed', message: 'Not sent: the change of −60 for SKU-1 was still waiting for confirmation when a new scan came.', params: { sku: 'SKU-1', delta: -60 } });
    render(Notices);
    await expect.element(page.getByText('Ana is at the desk now.')).toBeVisible();
    const shown = page.getByRole('region', { name: 'Notices' }).element().textContent ?? '';
    expect(shown).toContain('Not sent: the change of −60 for SKU-1');
    expect(shown).not.toMatch(/worker_switched|adjustment_not_confirmed/);
  });

  it('clears a "Not sent" warning once that change is booked and applied', async () => {
    const at = new Date(Date.now() - 1000).toISOString();
    pushNotice({ level: 'warning', code: 'adjustment_not_confirmed', message: 'Not sent: the change of −60 for SKU-1 was still waiting for confirmation when a new scan came.', params: { sku: 'SKU-1', delta: -60 }, at });
    pushNotice({ level: 'warning', code: 'adjustment_not_confirmed', message: 'Not sent: the change of +4 for SKU-2 was still waiting for confirmation when a new scan came.', params: { sku: 'SKU-2', delta: 4 }, at });
    render(Notices);
    await expect.element(page.getByText(/change of −60 for SKU-1/)).toBeVisible();
    // Another product's change, or the same one only queued, leaves it.
    fake.emit('outbox.changed', entryOf({ id: 'ob-9', sku: 'SKU-3', delta: -60, state: 'applied', createdAt: new Date().toISOString() }));
    await expect.element(page.getByText(/change of −60 for SKU-1/)).toBeVisible();
    fake.emit('outbox.changed', entryOf({ id: 'ob-10', sku: 'SKU-1', delta: -60, state: 'applied', createdAt: new Date().toISOString() }));
    await expect.element(page.getByText(/change of −60 for SKU-1/)).not.toBeInTheDocument();
    await expect.element(page.getByText(/change of \+4 for SKU-2/)).toBeVisible();
  });

  it('shows the service\'s reference, copyable, when the notice has one', async () => {
    pushNotice({ level: 'error', code: 'internal_error', message: 'Sync could not start.', params: { requestId: 'req_7f3a' } });
    render(Notices);
    const ref = page.getByTestId('request-ref');
    await expect.element(ref).toBeVisible();
    expect(ref.element().textContent).toMatch(/^Reference\s+req_7f3a\s+Copy/);
    await expect.element(ref.getByRole('button', { name: /^Copy/ })).toBeVisible();
    expect(page.getByRole('region', { name: 'Notices' }).element().textContent).not.toMatch(/internal_error/);
  });
});
