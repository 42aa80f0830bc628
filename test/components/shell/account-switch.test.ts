import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-svelte';
import App from '../../../src/renderer/src/App.svelte';
import { nav } from '../../../src/renderer/src/shell/navigation.svelte';
import type { AccountStatus } from '../../../src/shared/ipc/records';
import '../../../src/renderer/src/styles/base.css';
import { createFakeDesk, entryOf, stockOf, SYNCED, type FakeDesk } from '../support/fake-desk';

/**
 * What the renderer keeps of an account when another one signs in (the e2e spec
 * test/e2e/account.spec.ts shows it with the two demo owners, whose SKUs differ; here both
 * accounts have the same SKU, as two real companies might).
 */

const ACME: AccountStatus = { mode: 'signed_in', baseUrl: 'https://api.example.com', clientId: 'acme', keychain: 'available' };

function deferred<T>(): { promise: Promise<T>; resolve: (v: T) => void } {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

async function lookUp(code: string): Promise<void> {
  await page.getByLabelText('Scan or type a code').fill(code);
  await page.getByRole('button', { name: 'Look up' }).click();
}

describe('another account signs in (fake desk)', () => {
  let fake: FakeDesk;
  let uninstall: () => void;
  beforeEach(async () => {
    await page.viewport(1280, 800);
    fake = createFakeDesk();
    uninstall = fake.install();
    nav.screen = 'scan';
  });
  afterEach(() => uninstall());

  it('forgets the card, the recent scans and this session’s adjustments of the previous account, even for the same SKU', async () => {
    fake.handlers['outbox.list'] = () => ({ ok: true, value: { entries: [], counts: { queued: 0, sending: 0, applied: 0, rejected: 1, discarded: 0, uncertain: 0, rejectedSeen: 0, toCheck: 0 }, nextBefore: null } });
    render(App);
    await lookUp('SKU-00042');
    const card = page.getByTestId('answer-card');
    await expect.element(card.getByRole('heading', { name: 'SKU-00042', exact: true })).toBeVisible();
    fake.emit('outbox.changed', entryOf({ id: 'ob-old', sku: 'SKU-00042', state: 'rejected' }));
    await expect.element(page.getByTestId('adjustment-ob-old')).toBeVisible();
    await expect.element(page.getByTestId('pending-count')).toMatchTextContent('1 rejected');

    fake.handlers['account.status'] = () => ({ ok: true, value: ACME });
    fake.handlers['outbox.list'] = () => ({ ok: true, value: { entries: [], counts: { queued: 0, sending: 0, applied: 0, rejected: 0, discarded: 0, uncertain: 0, rejectedSeen: 0, toCheck: 0 }, nextBefore: null } });
    fake.emit('account.changed', ACME);

    await expect.element(card).not.toBeInTheDocument();
    await expect.element(page.getByText('Nothing scanned yet.')).toBeVisible();
    await expect.element(page.getByTestId('pending-count')).toMatchTextContent('Nothing waiting to send');
    await lookUp('SKU-00042'); // the new account's own SKU-00042
    await expect.element(card.getByRole('heading', { name: 'SKU-00042', exact: true })).toBeVisible();
    await expect.element(page.getByTestId('adjustment-ob-old')).not.toBeInTheDocument();
  });

  it('asks again, in the new account, a lookup that was under way when the account changed', async () => {
    const first = deferred<void>();
    let n = 0;
    fake.handlers['stock.lookup'] = ({ code }) => {
      n += 1;
      if (n === 1) return first.promise.then(() => ({ ok: true as const, value: { kind: 'stock' as const, code, matchedBy: 'sku' as const, stock: stockOf(code), refreshing: false } }));
      return { ok: true, value: { kind: 'not_found', code, searched: 'service' } };
    };
    render(App);
    await lookUp('SKU-00077');
    await expect.poll(() => n).toBe(1);
    fake.emit('account.changed', ACME);
    first.resolve(); // the previous account's answer arrives after the switch
    await expect.element(page.getByTestId('answer-card')).toHaveAttribute('data-kind', 'not_found');
    expect(fake.calls.filter((c) => c.channel === 'stock.lookup')).toHaveLength(2);
    await expect.element(page.getByText('Nothing scanned yet.')).not.toBeInTheDocument();
  });

  it('shows the connectivity and sync main announces with the new account, not the previous account’s', async () => {
    render(App);
    // Main announces to a window that is listening: the status bar is up first.
    await expect.element(page.getByTestId('connectivity')).toBeVisible();
    fake.emit('connectivity.changed', { online: false, since: '2026-03-12T14:40:00.000Z', lastError: null });
    fake.emit('sync.progress', { ...SYNCED, state: 'failed', lastError: { code: 'service_unavailable', message: 'The service is busy.' } });
    await expect.element(page.getByTestId('connectivity')).toMatchTextContent('Offline');

    // The order main sends them in (test/main/account/desk-core-account.test.ts checks that side).
    fake.emit('account.changed', ACME);
    fake.emit('connectivity.changed', { online: true, since: '2026-03-12T14:50:00.000Z', lastError: null });
    fake.emit('sync.progress', { ...SYNCED, lastSyncedAt: '2026-03-12T14:50:00.000Z' });
    await expect.element(page.getByTestId('connectivity')).toMatchTextContent('Online');
    await expect.element(page.getByTestId('sync')).toMatchTextContent(/Synced \d\d:\d\d/);
  });
});
