import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-svelte';
import OutboxScreen from '../../../src/renderer/src/screens/outbox/OutboxScreen.svelte';
import '../../../src/renderer/src/styles/base.css';
import { createFakeDesk, entryOf, type FakeDesk } from '../support/fake-desk';

describe('OutboxScreen', () => {
  let fake: FakeDesk;
  let uninstall: () => void;
  beforeEach(async () => {
    await page.viewport(1280, 800);
    const rejected = entryOf({
      id: 'ob-2',
      delta: -500,
      state: 'rejected',
      attempts: 1,
      lastError: { code: 'insufficient_stock', message: 'Only 86 on hand in North annex.', status: 409, requestId: 'req_9' },
    });
    const queued = entryOf({ id: 'ob-1', delta: 12, reason: 'received', note: 'Pallet 3 of 4' });
    const counts = { queued: 1, sending: 0, applied: 0, rejected: 1, discarded: 0, uncertain: 0 };
    fake = createFakeDesk({
      'outbox.list': (input) => {
        const states = input?.states;
        const all = [queued, rejected];
        return { ok: true, value: { entries: states ? all.filter((e) => states.includes(e.state)) : all, counts, nextBefore: null } };
      },
      'outbox.discard': ({ id }) => ({ ok: true, value: { ...(id === 'ob-2' ? rejected : queued), state: 'discarded' } }),
      'outbox.retry': () => ({ ok: false, error: { code: 'outbox_not_retryable', message: 'This adjustment is being sent right now.' } }),
    });
    uninstall = fake.install();
  });
  afterEach(() => uninstall());

  it('lists pending and rejected entries with the service’s reason', async () => {
    render(OutboxScreen);
    await expect.element(page.getByRole('tab', { name: /Waiting to send/ })).toHaveAttribute('aria-selected', 'true');
    await expect.element(page.getByText('Pallet 3 of 4')).toBeVisible();
    await page.getByRole('tab', { name: /Rejected/ }).click();
    await expect.element(page.getByRole('alert')).toMatchTextContent('Only 86 on hand in North annex.');
    await expect.element(page.getByRole('alert')).toMatchTextContent('req_9');
    await page.getByRole('tab', { name: /All/ }).click();
    await expect.element(page.getByText('Pallet 3 of 4')).toBeVisible();
    await page.screenshot({ path: '../../artifacts/components/outbox-all.png' });
  });

  it('discards only after a confirmation, and shows a refused retry', async () => {
    render(OutboxScreen);
    await page.getByRole('tab', { name: /Rejected/ }).click();
    await page.getByRole('button', { name: 'Discard −500 SKU-00042' }).click();
    await expect.element(page.getByRole('dialog', { name: 'Discard this adjustment?' })).toBeVisible();
    expect(fake.calls.some((c) => c.channel === 'outbox.discard')).toBe(false);
    // Discarding is destructive: Enter alone keeps the entry; Tab to Discard, then Enter.
    await userEvent.keyboard('{Enter}');
    await expect.element(page.getByRole('dialog')).not.toBeInTheDocument();
    expect(fake.calls.some((c) => c.channel === 'outbox.discard')).toBe(false);
    await page.getByRole('button', { name: 'Discard −500 SKU-00042' }).click();
    await userEvent.keyboard('{Tab}{Enter}');
    await expect.poll(() => fake.calls.filter((c) => c.channel === 'outbox.discard').map((c) => c.input)).toEqual([{ id: 'ob-2' }]);
    await page.getByRole('button', { name: 'Retry −500 SKU-00042' }).click();
    await expect.element(page.getByText('This adjustment is being sent right now.')).toBeVisible();
  });

  it('pages through older history with Older and back with Newer', async () => {
    const pages: Record<string, { entries: ReturnType<typeof entryOf>[]; nextBefore: string | null }> = {
      first: { entries: [entryOf({ id: 'ob-new', note: 'newest page' })], nextBefore: 'ob-new' },
      'ob-new': { entries: [entryOf({ id: 'ob-old', note: 'older page' })], nextBefore: null },
    };
    fake.handlers['outbox.list'] = (input) => {
      const p = pages[input?.before ?? 'first']!;
      return { ok: true, value: { ...p, counts: { queued: 2, sending: 0, applied: 0, rejected: 0, discarded: 0, uncertain: 0 } } };
    };
    render(OutboxScreen);
    await expect.element(page.getByText('newest page')).toBeVisible();
    await expect.element(page.getByRole('button', { name: 'Newer' })).toBeDisabled();
    await page.getByRole('button', { name: 'Older' }).click();
    await expect.element(page.getByText('older page')).toBeVisible();
    await expect.element(page.getByRole('button', { name: 'Older' })).toBeDisabled();
    expect(fake.calls.filter((c) => c.channel === 'outbox.list').at(-1)?.input).toMatchObject({ before: 'ob-new' });
    await page.getByRole('button', { name: 'Newer' }).click();
    await expect.element(page.getByText('newest page')).toBeVisible();
  });
});
