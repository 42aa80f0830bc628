import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-svelte';
import StockDetail from '../../../src/renderer/src/screens/stock/StockDetail.svelte';
import '../../../src/renderer/src/styles/base.css';
import { createFakeDesk, stockOf, type FakeDesk } from '../support/fake-desk';

/** The stock screen's detail panel against main's two ways of correcting a cached answer. */
describe('stock detail panel (fake desk)', () => {
  let fake: FakeDesk;
  let uninstall: () => void;
  beforeEach(async () => {
    await page.viewport(1280, 800);
    fake = createFakeDesk();
    uninstall = fake.install();
  });
  afterEach(() => uninstall());

  it('keeps the fresh copy when it overtakes the cached answer it refreshes, and stops "checking"', async () => {
    fake.handlers['stock.lookup'] = ({ code }) => {
      fake.emit('stock.updated', stockOf(code, { source: 'service', version: 4, totals: { onHand: 9, reserved: 0, available: 9 } }));
      return { ok: true, value: { kind: 'stock', code, matchedBy: 'sku', stock: stockOf(code, { version: 3 }), refreshing: true } };
    };
    render(StockDetail, { sku: 'SKU-00800', onclose: () => {} });
    await expect.element(page.getByText('fresh from the service')).toBeVisible();
    await expect.element(page.getByText('checking the service…')).not.toBeInTheDocument();
  });

  it('says the SKU is no longer at the service when main removes it', async () => {
    fake.handlers['stock.lookup'] = ({ code }) => ({ ok: true, value: { kind: 'stock', code, matchedBy: 'sku', stock: stockOf(code), refreshing: true } });
    render(StockDetail, { sku: 'SKU-00801', onclose: () => {} });
    await expect.element(page.getByText('checking the service…')).toBeVisible();
    fake.emit('stock.removed', { sku: 'SKU-00802' }); // another SKU: nothing changes
    fake.emit('stock.removed', { sku: 'SKU-00801' });
    await expect.element(page.getByRole('status').filter({ hasText: 'is no longer at the service' })).toBeVisible();
    await expect.element(page.getByTestId('stock-levels')).not.toBeInTheDocument();
  });
  it('shows the levels after Retry when the first read failed', async () => {
    let calls = 0;
    fake.handlers['stock.lookup'] = ({ code }) =>
      ++calls === 1
        ? { ok: false, error: { code: 'internal_error', message: 'The cache is busy.' } }
        : { ok: true, value: { kind: 'stock', code, matchedBy: 'sku', stock: stockOf(code, { source: 'service' }), refreshing: false } };
    render(StockDetail, { sku: 'SKU-00803', onclose: () => {} });
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect.element(page.getByTestId('stock-levels')).toBeVisible();
    await expect.element(page.getByText('Reading SKU-00803…')).not.toBeInTheDocument();
  });
});
