import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-svelte';
import AdjustmentList from '../../../src/renderer/src/screens/scan/AdjustmentList.svelte';
import '../../../src/renderer/src/styles/base.css';
import { forgetEntries, rememberEntry } from '../../../src/renderer/src/state/outbox.svelte';
import { warehouses } from '../../../src/renderer/src/state/warehouses.svelte';
import { createFakeDesk, stockOf, WAREHOUSES, type FakeDesk } from '../support/fake-desk';
import { transferOf } from './transfer-fixtures';

/** A transfer's legs say where the stock went, in words, not the service's catch-all reason. */
describe("a transfer's legs in the list of changes", () => {
  let fake: FakeDesk;
  let uninstall: () => void;

  beforeEach(async () => {
    await page.viewport(900, 800);
    const t = transferOf();
    fake = createFakeDesk({ 'transfers.ofEntries': () => ({ ok: true, value: [t] }) });
    uninstall = fake.install();
    forgetEntries();
    warehouses.list = WAREHOUSES;
    rememberEntry(t.out);
    rememberEntry(t.in!);
  });
  afterEach(() => uninstall());

  it('reads "Transfer to North annex" and "Transfer from Main hall", never "Other"', async () => {
    render(AdjustmentList, { stock: stockOf('SKU-00042') });
    await expect.element(page.getByTestId('adjustment-ob-out')).toMatchTextContent(/Transfer to North annex/);
    await expect.element(page.getByTestId('adjustment-ob-in')).toMatchTextContent(/Transfer from Main hall/);
    await expect.element(page.getByText(/Other/)).not.toBeInTheDocument();
  });
});
