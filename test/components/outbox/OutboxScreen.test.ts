import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-svelte';
import App from '../../../src/renderer/src/App.svelte';
import OutboxScreen from '../../../src/renderer/src/screens/outbox/OutboxScreen.svelte';
import { nav } from '../../../src/renderer/src/shell/navigation.svelte';
import { connectivity } from '../../../src/renderer/src/state/connectivity.svelte';
import '../../../src/renderer/src/styles/base.css';
import { createFakeDesk, entryOf, type FakeDesk } from '../support/fake-desk';

describe('OutboxScreen', () => {
  let fake: FakeDesk;
  let uninstall: () => void;
  beforeEach(async () => {
    await page.viewport(1280, 800);
    let rejected = entryOf({
      id: 'ob-2',
      delta: -500,
      state: 'rejected',
      attempts: 1,
      lastError: { code: 'insufficient_stock', message: 'Only 86 on hand in North annex.', status: 409, requestId: 'req_9' },
    });
    const queued = entryOf({ id: 'ob-1', delta: 12, reason: 'received', note: 'Pallet 3 of 4' });
    fake = createFakeDesk({
      'outbox.list': (input) => {
        const states = input?.states;
        const all = [queued, rejected];
        // Main counts the refusals marked Seen with the entry itself.
        const counts = { queued: 1, sending: 0, applied: 0, rejected: 1, discarded: 0, uncertain: 0, rejectedSeen: rejected.seen ? 1 : 0, toCheck: 0 };
        return { ok: true, value: { entries: states ? all.filter((e) => states.includes(e.state)) : all, counts, nextBefore: null } };
      },
      'outbox.markSeen': ({ id }) => {
        if (id !== rejected.id) return { ok: false, error: { code: 'outbox_not_rejected', message: 'Not refused.' } };
        rejected = { ...rejected, seen: true };
        return { ok: true, value: rejected };
      },
      'outbox.discard': ({ id }) => ({ ok: true, value: { ...(id === 'ob-2' ? rejected : queued), state: 'discarded' } }),
      'outbox.retry': () => ({ ok: false, error: { code: 'outbox_not_retryable', message: 'This adjustment is being sent right now.' } }),
    });
    uninstall = fake.install();
  });
  afterEach(() => {
    uninstall();
    connectivity.known = false;
    connectivity.online = true;
  });

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
    await expect.element(page.getByText('Only an adjustment the service refused can be sent again.')).toBeVisible();
  });

  it('pages through older history with Older and back with Newer', async () => {
    const pages: Record<string, { entries: ReturnType<typeof entryOf>[]; nextBefore: string | null }> = {
      first: { entries: [entryOf({ id: 'ob-new', note: 'newest page' })], nextBefore: 'ob-new' },
      'ob-new': { entries: [entryOf({ id: 'ob-old', note: 'older page' })], nextBefore: null },
    };
    fake.handlers['outbox.list'] = (input) => {
      const p = pages[input?.before ?? 'first']!;
      return { ok: true, value: { ...p, counts: { queued: 2, sending: 0, applied: 0, rejected: 0, discarded: 0, uncertain: 0, rejectedSeen: 0, toCheck: 0 } } };
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
  it('offers neither Undo nor Discard for an adjustment sent without an answer (the service may have applied it), and says why', async () => {
    const unsent = entryOf({ id: 'ob-unsent', delta: 3, note: 'never sent' });
    const unanswered = entryOf({ id: 'ob-lost', delta: 8, note: 'answer lost', attempts: 1, firstSentAt: '2025-01-01T10:00:00.000Z', lastError: { code: 'timeout', message: 'The service took too long.' } });
    fake.handlers['outbox.list'] = () => ({ ok: true, value: { entries: [unanswered, unsent], counts: { queued: 2, sending: 0, applied: 0, rejected: 0, discarded: 0, uncertain: 0, rejectedSeen: 0, toCheck: 0 }, nextBefore: null } });
    fake.handlers['outbox.links'] = () => ({ ok: true, value: [] });
    render(OutboxScreen);
    await expect.element(page.getByText('never sent')).toBeVisible();
    const rows = page.getByTestId('outbox-row');
    // A waiting row offers one way to take it back (Discard, confirmed), never Retry: it is sent anyway.
    await expect.element(rows.nth(1).getByRole('button', { name: 'Discard +3 SKU-00042' })).toBeVisible();
    expect(rows.nth(1).getByRole('button').all().map((b) => b.element().textContent?.trim())).toEqual(['Discard']);
    await expect.element(rows.nth(0).getByTestId('sent-no-answer')).toMatchTextContent('same key');
    expect(rows.nth(0).getByRole('button').all()).toHaveLength(0);
  });
  it('offers Retry for a refused row only while online', async () => {
    connectivity.known = true;
    connectivity.online = false;
    render(OutboxScreen);
    await page.getByRole('tab', { name: /Rejected/ }).click();
    const row = page.getByTestId('outbox-row');
    await expect.element(row.getByRole('button', { name: 'Discard −500 SKU-00042' })).toBeVisible();
    expect(row.getByRole('button', { name: /^Retry/ }).all()).toHaveLength(0);
    await expect.element(page.getByText('Retry once the desk is back online.')).toBeVisible();
    connectivity.online = true;
    await expect.element(row.getByRole('button', { name: 'Retry −500 SKU-00042' })).toBeVisible();
  });
  it('Seen acknowledges a refusal: the red count clears, the entry stays in the history', async () => {
    nav.screen = 'outbox';
    render(App);
    await expect.element(page.getByTestId('pending-count')).toHaveTextContent('1 waiting to send · 1 rejected');
    const row = page.getByTestId('outbox-row').filter({ hasText: '−500' });
    await row.getByRole('button', { name: 'Seen: −500 SKU-00042 was refused' }).click();
    await expect.element(page.getByTestId('pending-count')).toHaveTextContent('1 waiting to send');
    // Still in the history, marked as seen, still with Discard.
    await expect.element(row.getByTestId('seen-mark')).toBeVisible();
    await expect.element(row.getByRole('button', { name: 'Discard −500 SKU-00042' })).toBeVisible();
    expect(row.getByRole('button', { name: /^Seen/ }).all()).toHaveLength(0);
    // Main keeps the mark: the window asked it, and keeps nothing of its own.
    expect(fake.calls.filter((c) => c.channel === 'outbox.markSeen').map((c) => c.input)).toEqual([{ id: 'ob-2' }]);
    expect(Object.keys(localStorage).filter((k) => k.includes('seen'))).toEqual([]);
  });
  it('shows a transfer as one line with the state of each leg, and undoes the whole transfer', async () => {
    const out = entryOf({ id: 'ob-out', delta: -4, reason: 'other', warehouseId: 'wh-main', state: 'applied', note: 'Transfer trf_1: out to NORTH' });
    const into = entryOf({ id: 'ob-in', delta: 4, reason: 'other', warehouseId: 'wh-north', state: 'queued', note: 'Transfer trf_1: in from MAIN' });
    const transfer = { id: 'trf_1', sku: 'SKU-00042', fromWarehouseId: 'wh-main', toWarehouseId: 'wh-north', quantity: 4, worker: null, createdAt: out.createdAt, state: 'pending' as const, out, in: into, advice: null, reverses: null, undoneBy: null, reversal: null };
    fake.handlers['outbox.list'] = () => ({ ok: true, value: { entries: [into, out], counts: { queued: 1, sending: 0, applied: 1, rejected: 0, discarded: 0, uncertain: 0, rejectedSeen: 0, toCheck: 0 }, nextBefore: null } });
    fake.handlers['outbox.links'] = () => ({ ok: true, value: [] });
    fake.handlers['transfers.ofEntries'] = () => ({ ok: true, value: [transfer] });
    fake.handlers['transfers.undo'] = () => ({ ok: true, value: { ...transfer, state: 'undone' as const, in: { ...into, state: 'discarded' as const } } });
    render(OutboxScreen);
    const line = page.getByTestId('outbox-transfer');
    await expect.element(line).toBeVisible();
    await expect.element(page.getByTestId('outbox-row')).not.toBeInTheDocument();
    await expect.element(line.getByTestId('leg-out')).toMatchTextContent('applied');
    await expect.element(line.getByTestId('leg-in')).toMatchTextContent('waiting to send');
    // Undo asks first, opening on "Keep it": Enter keeps the move; Tab then Enter undoes it.
    await line.getByRole('button', { name: /^Undo the move of 4 SKU-00042/ }).click();
    await expect.element(page.getByRole('dialog', { name: 'Undo this move?' })).toBeVisible();
    await expect.element(page.getByRole('button', { name: /^Keep it/ })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect.element(page.getByRole('dialog')).not.toBeInTheDocument();
    expect(fake.calls.some((c) => c.channel === 'transfers.undo')).toBe(false);
    await line.getByRole('button', { name: /^Undo the move of 4 SKU-00042/ }).click();
    await userEvent.keyboard('{Tab}{Enter}');
    await expect.poll(() => fake.calls.filter((c) => c.channel === 'transfers.undo').map((c) => c.input)).toEqual([{ id: 'trf_1' }]);
    expect(fake.calls.some((c) => c.channel === 'outbox.undo')).toBe(false);
  });
  it('Undo of an applied adjustment asks first: Enter keeps it, Tab then Enter undoes it', async () => {
    const applied = entryOf({ id: 'ob-3', delta: 3, reason: 'received', state: 'applied', applied: { adjustmentId: 'adj_3', onHandAfter: 1243, requestId: 'req_3' } });
    fake.handlers['outbox.list'] = () => ({ ok: true, value: { entries: [applied], counts: { queued: 0, sending: 0, applied: 1, rejected: 0, discarded: 0, uncertain: 0, rejectedSeen: 0, toCheck: 0 }, nextBefore: null } });
    fake.handlers['outbox.links'] = () => ({ ok: true, value: [] });
    fake.handlers['transfers.ofEntries'] = () => ({ ok: true, value: [] });
    fake.handlers['outbox.undo'] = () => ({ ok: true, value: { action: 'reversed', original: applied, reversal: entryOf({ id: 'ob-4', delta: -3, state: 'queued' }) } });
    render(OutboxScreen);
    await page.getByRole('tab', { name: /Applied/ }).click();
    const undo = page.getByRole('button', { name: /^Undo \+3 SKU-00042/ });
    await undo.click();
    const dialog = page.getByRole('dialog', { name: 'Undo this change?' });
    await expect.element(dialog).toBeVisible();
    await expect.element(dialog).toMatchTextContent(/\+3 SKU-00042 .* is booked/);
    await expect.element(page.getByRole('button', { name: /^Keep it/ })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect.element(page.getByRole('dialog')).not.toBeInTheDocument();
    expect(fake.calls.some((c) => c.channel === 'outbox.undo')).toBe(false);
    await undo.click();
    await userEvent.keyboard('{Tab}{Enter}');
    await expect.poll(() => fake.calls.filter((c) => c.channel === 'outbox.undo').map((c) => c.input)).toEqual([{ id: 'ob-3' }]);
  });
});
