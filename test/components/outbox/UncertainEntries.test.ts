// The Outbox screen's uncertain entries: both stock values, what they mean, and the two choices
// with the one that can never count goods twice ("Don't send") focused.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-svelte';
import OutboxScreen from '../../../src/renderer/src/screens/outbox/OutboxScreen.svelte';
import type { OutboxEntry } from '../../../src/shared/ipc/records';
import '../../../src/renderer/src/styles/base.css';
import { createFakeDesk, entryOf, type FakeDesk } from '../support/fake-desk';

describe('OutboxScreen: adjustments that need a decision', () => {
  let fake: FakeDesk;
  let uninstall: () => void;
  let entries: OutboxEntry[];
  beforeEach(async () => {
    await page.viewport(1280, 800);
    const since = '2026-11-24T09:00:00.000Z';
    entries = [
      entryOf({
        id: 'ob-7',
        sku: 'WD-000012',
        delta: 5,
        reason: 'received',
        state: 'uncertain',
        attempts: 1,
        firstSentAt: '2026-11-23T08:00:00.000Z',
        uncertain: { since, before: { onHand: 40, version: 3 }, now: { onHand: 45, version: 4, readAt: since } },
      }),
      entryOf({
        id: 'ob-8',
        sku: 'WD-000014',
        delta: -2,
        state: 'uncertain',
        attempts: 2,
        firstSentAt: '2026-11-23T08:05:00.000Z',
        uncertain: { since, before: { onHand: 10, version: 7 }, now: { onHand: 10, version: 7, readAt: since } },
      }),
    ];
    fake = createFakeDesk({
      'outbox.list': (input) => ({
        ok: true,
        value: {
          entries: input?.states?.includes('uncertain') ? entries : [],
          counts: { queued: 0, sending: 0, applied: 0, rejected: 0, discarded: 0, uncertain: entries.length, rejectedSeen: 0, toCheck: 0 },
          nextBefore: null,
        },
      }),
      'outbox.resolve': ({ id, choice }) => {
        const entry = entries.find((e) => e.id === id)!;
        entries = entries.filter((e) => e.id !== id);
        return { ok: true, value: { ...entry, state: choice === 'drop' ? 'discarded' : 'queued', uncertain: null } };
      },
    });
    uninstall = fake.install();
  });
  afterEach(() => uninstall());

  it('shows both values and what they say, with "Don\'t send" focused; Enter drops, never resends', async () => {
    render(OutboxScreen);
    const cards = page.getByTestId('uncertain-entry');
    await expect.element(page.getByRole('heading', { name: '2 adjustments need your decision' })).toBeVisible();
    await expect.element(cards.nth(0).getByTestId('before')).toHaveTextContent('40');
    await expect.element(cards.nth(0).getByTestId('now')).toHaveTextContent('45');
    await expect.element(cards.nth(0)).toMatchTextContent(/most likely applied/);
    await expect.element(cards.nth(1)).toMatchTextContent(/not applied, so sending it again is safe/);
    await expect.element(cards.nth(0).getByRole('button', { name: "Don't send" })).toHaveFocus();
    await page.screenshot({ path: '../../artifacts/components/outbox-uncertain.png' });

    await userEvent.keyboard('{Enter}');
    await expect.poll(() => fake.calls.filter((c) => c.channel === 'outbox.resolve').map((c) => c.input)).toEqual([{ id: 'ob-7', choice: 'drop' }]);
    await expect.element(page.getByRole('heading', { name: '1 adjustment needs your decision' })).toBeVisible();
    await cards.nth(0).getByRole('button', { name: 'Send again' }).click();
    await expect.poll(() => fake.calls.filter((c) => c.channel === 'outbox.resolve').map((c) => c.input)).toEqual([
      { id: 'ob-7', choice: 'drop' },
      { id: 'ob-8', choice: 'resend' },
    ]);
    await expect.element(page.getByTestId('uncertain-entries')).not.toBeInTheDocument();
  });
});
