import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-svelte';
import App from '../../src/renderer/src/App.svelte';
import { nav } from '../../src/renderer/src/shell/navigation.svelte';
import '../../src/renderer/src/styles/base.css';
import { createFakeDesk, entryOf, stockOf, type FakeDesk } from './support/fake-desk';
import { scanBurst as scan } from './scan/keys';

/** Waits for the answer card's flash (every running animation) to finish, so the screenshot shows the resting state. */
const settle = async (): Promise<void> => {
  await Promise.all(document.getAnimations().map((animation) => animation.finished));
};

describe('App shell in Chromium (fake desk)', () => {
  let fake: FakeDesk;
  let uninstall: () => void;
  beforeEach(async () => {
    await page.viewport(1280, 800);
    fake = createFakeDesk();
    uninstall = fake.install();
    nav.screen = 'scan'; // app-wide state outlives a render
  });
  afterEach(() => uninstall());

  it('shows the navigation, the demo banner and the status bar', async () => {
    render(App);
    await expect.element(page.getByRole('navigation', { name: 'Screens' })).toBeVisible();
    for (const name of ['Scan', 'Stock', 'Shipments', 'Outbox', 'Settings']) await expect.element(page.getByRole('button', { name: new RegExp(`^${name}`) })).toBeVisible();
    await expect.element(page.getByText('Practice data on this computer')).toBeVisible();
    await expect.element(page.getByTestId('connectivity')).toMatchTextContent('Online');
    await page.screenshot({ path: '../artifacts/components/app-scan-empty.png' });
  });

  it('answers a scan made with the focus outside any field, and a typed code', async () => {
    render(App);
    await expect.element(page.getByLabelText('Scan or type a code')).toBeVisible();
    (document.activeElement as HTMLElement | null)?.blur();
    scan(document.body, 'SKU-00042');
    await expect.element(page.getByTestId('answer-card')).toHaveAttribute('data-kind', 'stock');
    await expect.element(page.getByTestId('total-available')).toMatchTextContent('1,286');
    await expect.element(page.getByText('cached, as of')).toBeVisible();
    await settle();
    await page.screenshot({ path: '../artifacts/components/app-scan-found.png' });
    await page.getByLabelText('Scan or type a code').fill('NOPE-1');
    await page.getByRole('button', { name: 'Look up' }).click();
    await expect.element(page.getByTestId('answer-card')).toHaveAttribute('data-kind', 'not_found');
    await page.screenshot({ path: '../artifacts/components/app-scan-not-found.png' });
    expect(fake.calls.filter((c) => c.channel === 'stock.lookup').map((c) => c.input)).toEqual([
      { code: 'SKU-00042', entry: 'scanned' },
      { code: 'NOPE-1', entry: 'keyed' },
    ]);
  });

  it('a scan into the scan box replaces half-typed text there', async () => {
    render(App);
    const box = page.getByLabelText('Scan or type a code');
    await box.fill('SKU-0');
    const input = box.element() as HTMLInputElement;
    input.focus();
    scan(input, 'SKU-00077');
    await expect.element(page.getByTestId('answer-card').getByRole('heading', { name: 'SKU-00077', exact: true })).toBeVisible();
    await expect.element(box).toHaveValue('');
    expect(fake.calls.filter((c) => c.channel === 'stock.lookup').map((c) => c.input)).toEqual([{ code: 'SKU-00077', entry: 'scanned' }]);
  });

  it('shows sync progress, offline and pending adjustments in the status bar', async () => {
    render(App);
    await expect.element(page.getByTestId('sync')).toMatchTextContent('Synced');
    fake.emit('sync.progress', { state: 'running', phase: 'stock', done: 12_345, lastSyncedAt: null, lastError: null });
    await expect.element(page.getByRole('progressbar', { name: 'Sync in progress' })).toBeVisible();
    await expect.element(page.getByTestId('sync')).toMatchTextContent('Syncing stock… 12,345 records');
    fake.emit('connectivity.changed', { online: false, since: '2026-03-12T14:40:00.000Z', lastError: null });
    await expect.element(page.getByTestId('connectivity')).toMatchTextContent('Offline');
    fake.handlers['outbox.list'] = () => ({ ok: true, value: { entries: [], counts: { queued: 2, sending: 1, applied: 0, rejected: 1, discarded: 0, uncertain: 0, rejectedSeen: 0, toCheck: 0 }, nextBefore: null } });
    fake.emit('outbox.changed', entryOf({ id: 'ob-9' }));
    await expect.element(page.getByTestId('pending-count')).toMatchTextContent('3 waiting to send · 1 rejected');
    fake.emit('app.notice', { level: 'warning', code: 'sync_slow', message: 'The service answers slowly.', at: '2026-03-12T14:41:00.000Z' });
    await expect.element(page.getByText('The service answers slowly.')).toBeVisible();
    await page.screenshot({ path: '../artifacts/components/app-status-busy.png' });
    await page.getByTestId('pending-count').click();
    await expect.element(page.getByRole('heading', { name: 'Outbox', level: 1 })).toBeVisible();
  });

  it('keeps a fresh copy that overtakes the answer it refreshes, and replaces a card in place', async () => {
    fake.handlers['stock.lookup'] = ({ code }) => {
      // main's refresh event arrives before the lookup's own answer
      fake.emit('stock.updated', stockOf(code, { source: 'service', version: 4, confirmedAt: '2026-03-12T14:45:00.000Z' }));
      return { ok: true, value: { kind: 'stock', code, matchedBy: 'sku', stock: stockOf(code), refreshing: true } };
    };
    render(App);
    await page.getByLabelText('Scan or type a code').fill('SKU-00500');
    await page.getByRole('button', { name: 'Look up' }).click();
    const card = page.getByTestId('answer-card');
    await expect.element(card.getByText('up to date', { exact: true })).toBeVisible();
    await expect.element(card.getByText('checking for a fresh value…')).not.toBeInTheDocument();
    // a later update with other numbers replaces the card's quantities in place
    fake.emit('stock.updated', stockOf('SKU-00500', { source: 'service', version: 5, totals: { onHand: 9, reserved: 0, available: 9 } }));
    await expect.element(page.getByTestId('total-available')).toMatchTextContent('9');
    await expect.element(card.getByText('updated', { exact: true })).toBeVisible();
  });

  it('a scan during an open confirmation answers at once; the unconfirmed change is not sent, and says so', async () => {
    render(App);
    await page.getByLabelText('Scan or type a code').fill('SKU-00600');
    await page.getByRole('button', { name: 'Look up' }).click();
    await page.getByRole('radio', { name: 'Remove' }).click();
    await page.getByRole('combobox', { name: 'Reason', exact: true }).selectOptions('damaged');
    await page.getByLabelText('Quantity to remove').fill('80');
    await page.getByRole('button', { name: /Adjust stock|Queue adjustment/ }).click();
    await expect.element(page.getByRole('dialog')).toBeVisible();
    scan(document.activeElement ?? document.body, 'SKU-00601'); // its Enter must not confirm
    await expect.element(page.getByTestId('answer-card').getByRole('heading', { name: 'SKU-00601', exact: true })).toBeVisible();
    await expect.element(page.getByRole('dialog')).not.toBeInTheDocument();
    await expect.element(page.getByText(/Not sent: the change of −80 for SKU-00600/)).toBeVisible();
    expect(fake.calls.some((c) => c.channel === 'stock.adjust')).toBe(false);
  });

  it('switches screens with F4 and Alt+5', async () => {
    render(App);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'F4', code: 'F4', bubbles: true, cancelable: true }));
    await expect.element(page.getByRole('heading', { name: 'Outbox', level: 1 })).toBeVisible();
    await page.screenshot({ path: '../artifacts/components/app-outbox.png' });
    window.dispatchEvent(new KeyboardEvent('keydown', { key: '5', code: 'Digit5', altKey: true, bubbles: true, cancelable: true }));
    await expect.element(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    await page.screenshot({ path: '../artifacts/components/app-settings.png' });
  });
});
