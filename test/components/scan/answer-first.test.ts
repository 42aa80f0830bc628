import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-svelte';
import App from '../../../src/renderer/src/App.svelte';
import { forgetScans } from '../../../src/renderer/src/scan/session.svelte';
import { nav } from '../../../src/renderer/src/shell/navigation.svelte';
import '../../../src/renderer/src/styles/base.css';
import { createFakeDesk, stockOf, type FakeDesk } from '../support/fake-desk';

/**
 * Issue 19: the answer card is painted before anything else the answer changes. The history (and
 * the tone) follow once the card's frame has been painted; what happens to the answer in between (a
 * fresher copy, the SKU removed at the service, another account signing in) still reaches them.
 */
describe('the answer card first, the history after its frame (fake desk)', () => {
  let fake: FakeDesk;
  let uninstall: () => void;
  beforeEach(async () => {
    await page.viewport(1280, 800);
    fake = createFakeDesk();
    uninstall = fake.install();
    nav.screen = 'scan';
    fake.handlers['stock.lookup'] = ({ code }) => ({ ok: true, value: { kind: 'stock', code, matchedBy: 'sku', stock: stockOf(code), refreshing: true } });
  });
  afterEach(() => uninstall());

  const history = (): HTMLElement => document.querySelector<HTMLElement>('section.history')!;

  /**
   * Looks `code` up and calls `atCard` in the microtask after the card shows that SKU (before any
   * frame); resolves with what the history said at that moment.
   */
  async function lookUpWatching(code: string, atCard: () => void = () => {}): Promise<string> {
    let historyAtCard: string | null = null;
    const observer = new MutationObserver(() => {
      if (historyAtCard !== null || document.querySelector('[data-testid="answer-card"] h2.sku')?.textContent?.trim() !== code) return;
      historyAtCard = history().textContent ?? '';
      atCard();
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    await page.getByLabelText('Scan or type a code').fill(code);
    await page.getByRole('button', { name: 'Look up' }).click();
    await expect.poll(() => historyAtCard).not.toBeNull();
    observer.disconnect();
    return historyAtCard!;
  }

  it('shows the card while the history does not list the answer yet, then lists it', async () => {
    render(App);
    const atCard = await lookUpWatching('SKU-00810');
    expect(atCard).not.toContain('SKU-00810');
    await expect.element(page.getByRole('region', { name: 'Recent scans' }).getByText('SKU-00810')).toBeVisible();
  });

  it('lists the answer as a miss at the service when the SKU is removed between the card and the history', async () => {
    render(App);
    await lookUpWatching('SKU-00811', () => fake.emit('stock.removed', { sku: 'SKU-00811' }));
    const item = page.getByRole('region', { name: 'Recent scans' }).getByRole('button', { name: /SKU-00811/ });
    await expect.element(item).toHaveClass('tone-not_found');
    await expect.element(page.getByTestId('answer-card')).toHaveAttribute('data-kind', 'not_found');
  });

  it('lists nothing of an answer forgotten (another account) between the card and the history', async () => {
    render(App);
    await lookUpWatching('SKU-00812', () => forgetScans());
    // A later answer is listed alone: the forgotten one never comes back.
    await lookUpWatching('SKU-00813');
    await expect.element(page.getByRole('region', { name: 'Recent scans' }).getByText('SKU-00813')).toBeVisible();
    expect(history().textContent).not.toContain('SKU-00812');
  });
});
