import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-svelte';
import App from '../../../src/renderer/src/App.svelte';
import { nav } from '../../../src/renderer/src/shell/navigation.svelte';
import '../../../src/renderer/src/styles/base.css';
import { createFakeDesk, stockOf, type FakeDesk } from '../support/fake-desk';

/**
 * A SKU the service no longer has (main's `stock.removed`, sent when a lookup's refresh meets
 * `stock_item_not_found`): the card answered from the cache must not keep showing its stock.
 */
describe('a scanned SKU the service no longer has (fake desk)', () => {
  let fake: FakeDesk;
  let uninstall: () => void;
  beforeEach(async () => {
    await page.viewport(1280, 800);
    fake = createFakeDesk();
    uninstall = fake.install();
    nav.screen = 'scan';
  });
  afterEach(() => uninstall());

  async function lookUp(code: string): Promise<void> {
    await page.getByLabelText('Scan or type a code').fill(code);
    await page.getByRole('button', { name: 'Look up' }).click();
  }
  const card = () => page.getByTestId('answer-card');

  it('turns the cached card into a miss at the service when the removal follows the answer', async () => {
    fake.handlers['stock.lookup'] = ({ code }) => ({ ok: true, value: { kind: 'stock', code, matchedBy: 'sku', stock: stockOf(code), refreshing: true } });
    render(App);
    await lookUp('SKU-00700');
    await expect.element(card()).toHaveAttribute('data-kind', 'stock');
    await expect.element(page.getByRole('button', { name: /Adjust stock|Queue adjustment/ })).toBeVisible();

    fake.emit('stock.removed', { sku: 'SKU-00700' });
    await expect.element(card()).toHaveAttribute('data-kind', 'not_found');
    await expect.element(page.getByRole('button', { name: /Adjust stock|Queue adjustment/ })).not.toBeInTheDocument();
  });

  it('shows a miss when the removal overtakes the answer it was started by, and only for that SKU', async () => {
    fake.handlers['stock.lookup'] = ({ code }) => {
      if (code === 'SKU-00701') fake.emit('stock.removed', { sku: code }); // main's event arrives first
      return { ok: true, value: { kind: 'stock', code, matchedBy: 'sku', stock: stockOf(code), refreshing: true } };
    };
    render(App);
    await lookUp('SKU-00701');
    await expect.element(card()).toHaveAttribute('data-kind', 'not_found');
    await lookUp('SKU-00702');
    await expect.element(card()).toHaveAttribute('data-kind', 'stock');
  });

  it('a removal before a lookup was asked does not touch its answer (the SKU may have come back)', async () => {
    fake.handlers['stock.lookup'] = ({ code }) => ({ ok: true, value: { kind: 'stock', code, matchedBy: 'sku', stock: stockOf(code), refreshing: false } });
    render(App);
    fake.emit('stock.removed', { sku: 'SKU-00703' });
    await lookUp('SKU-00703');
    await expect.element(card()).toHaveAttribute('data-kind', 'stock');
  });
});
