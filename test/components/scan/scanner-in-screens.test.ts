import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-svelte';
import App from '../../../src/renderer/src/App.svelte';
import AdjustPanel from '../../../src/renderer/src/screens/scan/AdjustPanel.svelte';
import { whenScansAnswered } from '../../../src/renderer/src/scan/session.svelte';
import { claimScans, listenForScans, routeScan } from '../../../src/renderer/src/scan/window-scanner';
import { nav } from '../../../src/renderer/src/shell/navigation.svelte';
import '../../../src/renderer/src/styles/base.css';
import { forgetEntries } from '../../../src/renderer/src/state/outbox.svelte';
import type { Worker } from '../../../src/shared/ipc/desk-work-records';
import { createFakeDesk, SETTINGS, stockOf, type FakeDesk } from '../support/fake-desk';
import { keyFor, pressLikeBrowser } from './keys';

/**
 * The rule for scanner input on the desk's screens (docs/scanning.md, "One rule for scanner
 * input"): a scan in the adjust note or the Shipments filter is looked up, never typed, never
 * submitted; the scanner's codes go to a claim (a count) before the lookup; after choosing who is at
 * the desk the keys go back to the scan box. Synthetic keys dispatched in one go (a scanner's
 * speed), typed by the test as the browser would when nothing prevented them.
 */
const scan = (field: HTMLElement, code: string): KeyboardEvent[] => [...[...code].map((ch) => pressLikeBrowser(field, keyFor(ch))), pressLikeBrowser(field, { key: 'Enter', code: 'Enter' })];
const lookups = (fake: FakeDesk): unknown[] => fake.calls.filter((c) => c.channel === 'stock.lookup').map((c) => c.input);

describe('scanner input in the desk’s fields', () => {
  let fake: FakeDesk;
  let uninstall: () => void;
  beforeEach(async () => {
    await page.viewport(1280, 800);
    fake = createFakeDesk({ 'shipments.list': () => ({ ok: true, value: { shipments: [], nextCursor: null, source: 'service' } }) });
    uninstall = fake.install();
    forgetEntries();
    nav.screen = 'scan';
  });
  afterEach(() => uninstall());

  it('a scan in the adjust note books nothing, leaves the note as typed, and looks the code up', async () => {
    onTestFinished(listenForScans(SETTINGS.scanner));
    render(AdjustPanel, { stock: stockOf('SKU-00042') });
    await page.getByRole('radio', { name: 'Add' }).click();
    await page.getByLabelText('Reason').selectOptions('received');
    await page.getByLabelText('Quantity to add').fill('3');
    const noteField = page.getByLabelText(/^Note/);
    await noteField.fill('pallet ');
    const note = noteField.element() as HTMLInputElement;
    note.focus();
    note.setSelectionRange(7, 7);
    const keys = scan(note, '4006381333931');
    await whenScansAnswered();
    expect(keys.at(-1)!.defaultPrevented).toBe(true);
    await expect.element(noteField).toHaveValue('pallet ');
    expect([note.selectionStart, note.selectionEnd]).toEqual([7, 7]);
    expect(fake.calls.filter((c) => c.channel === 'stock.adjust')).toEqual([]);
    expect(lookups(fake)).toEqual([{ code: '4006381333931', entry: 'scanned' }]);
  });

  it('Shipments: a product scan in the reference filter filters nothing and shows the product on the Scan screen', async () => {
    nav.screen = 'shipments';
    render(App);
    const filterField = page.getByTestId('shipments-reference');
    await expect.element(filterField).toBeVisible();
    await filterField.fill('ORD');
    const filter = filterField.element() as HTMLInputElement;
    filter.focus();
    const keys = scan(filter, 'SKU-00042');
    expect(keys.at(-1)!.defaultPrevented).toBe(true);
    expect(filter.value).toBe('ORD');
    await expect.element(page.getByTestId('answer-card').getByRole('heading', { name: 'SKU-00042', exact: true })).toBeVisible();
    expect(nav.screen).toBe('scan');
    expect(lookups(fake)).toEqual([{ code: 'SKU-00042', entry: 'scanned' }]);
    const listed = fake.calls.filter((c) => c.channel === 'shipments.list').map((c) => JSON.stringify(c.input ?? {}));
    expect(listed.filter((input) => input.includes('SKU'))).toEqual([]);
  });

  it('a claim takes the scanner’s codes before the lookup (a count), and the lookup has them again once it is released', async () => {
    const counted: string[] = [];
    const release = claimScans((code) => (code.startsWith('SKU-') ? (counted.push(code), true) : false));
    routeScan('SKU-00042');
    routeScan('4006381333931');
    release();
    routeScan('SKU-00043');
    await whenScansAnswered();
    expect(counted).toEqual(['SKU-00042']);
    expect(lookups(fake)).toEqual([{ code: '4006381333931', entry: 'scanned' }, { code: 'SKU-00043', entry: 'scanned' }]);
  });

  it('after choosing who is at the desk, the focus goes back to the scan box and the next keys type there', async () => {
    const ana: Worker = { id: 'wkr_000000000001', name: 'Ana', badge: null, addedAt: '2026-03-12T14:32:00.000Z', role: 'worker', hasPin: false };
    const ben: Worker = { id: 'wkr_000000000002', name: 'Ben', badge: null, addedAt: '2026-03-12T14:32:00.000Z', role: 'worker', hasPin: false };
    fake.handlers['workers.list'] = () => ({ ok: true, value: { workers: [ana, ben], current: ana } });
    fake.handlers['workers.switch'] = () => ({ ok: true, value: { workers: [ana, ben], current: ben } });
    render(App);
    await expect.element(page.getByLabelText('Scan or type a code')).toBeVisible();
    await page.getByRole('button', { name: /At the desk/ }).click();
    await page.getByRole('button', { name: 'Ben', exact: true }).click();
    await expect.element(page.getByRole('dialog')).not.toBeInTheDocument();
    await expect.poll(() => document.activeElement?.id).toBe('scan-input');
  });
});
