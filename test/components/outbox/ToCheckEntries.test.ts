/// <reference types="@vitest/browser-playwright" />
// The changes a rebuilt cache held back for the worker, on the Outbox screen: listed with their
// SKU, warehouse, change, why and when, counted red in the tab's badge and the status bar, and
// taken off one by one with "Checked" after a confirmation. Shot in English, German and Polish,
// light and dark, at both desk sizes, into test/artifacts/components/outbox-held (docs/screens/outbox-held with SCREENS=docs); audited with axe.
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-svelte';
import App from '../../../src/renderer/src/App.svelte';
import { setLanguageSetting, setSystemLanguages } from '../../../src/renderer/src/i18n/locale.svelte';
import { nav } from '../../../src/renderer/src/shell/navigation.svelte';
import { notices } from '../../../src/renderer/src/state/notices.svelte';
import type { ToCheckChange } from '../../../src/shared/ipc/records';
import '../../../src/renderer/src/styles/base.css';
import { seriousA11yProblems } from '../support/a11y';
import { screensSuite, shootScreens } from '../support/screen-shots';
import { createFakeDesk, entryOf, SETTINGS, type FakeDesk } from '../support/fake-desk';
import { inLookLanguages } from '../../support/run-depth';
import { RUN } from '../support/run-depth';

const DIR = 'outbox-held';
const HELD = '2026-03-12T14:40:00.000Z';
const CHANGES: ToCheckChange[] = [
  { id: 'ob-out', sku: 'WD-000017', warehouseId: 'wh-main', delta: -4, why: 'transfer', sent: true, createdAt: '2026-03-12T09:15:00.000Z', heldAt: HELD },
  { id: 'ob-in', sku: 'WD-000019', warehouseId: 'wh-north', delta: 3, why: 'transfer', sent: false, createdAt: '2026-03-12T11:02:00.000Z', heldAt: HELD },
  { id: 'ob-rev', sku: 'WD-000018', warehouseId: 'wh-main', delta: 6, why: 'undo', sent: false, createdAt: '2026-03-12T13:47:00.000Z', heldAt: HELD },
];

function deskWith(lang: string): { fake: FakeDesk; left: () => ToCheckChange[] } {
  let left = [...CHANGES];
  const waiting = entryOf({ id: 'ob-1', sku: 'WD-000044', delta: 12, reason: 'received', note: 'Pallet 3 of 4' });
  const fake = createFakeDesk({
    'settings.get': () => ({ ok: true, value: { ...structuredClone(SETTINGS), language: lang as typeof SETTINGS.language } }),
    'outbox.list': (input) => ({
      ok: true,
      value: { entries: [waiting].filter((e) => !input?.states || input.states.includes(e.state)), counts: { queued: 1, sending: 0, applied: 0, rejected: 0, discarded: 0, uncertain: 0, rejectedSeen: 0, toCheck: left.length }, nextBefore: null },
    }),
    'outbox.toCheck': () => ({ ok: true, value: left }),
    'outbox.checked': ({ id }) => {
      const found = left.find((c) => c.id === id);
      if (!found) return { ok: false, error: { code: 'outbox_entry_not_found', message: 'No such change to check.' } };
      left = left.filter((c) => c.id !== id);
      return { ok: true, value: found };
    },
  });
  return { fake, left: () => left };
}

describe('Outbox: changes to check by hand', () => {
  const installed = screensSuite();

  it('lists them apart, counts them red, and takes one off only once the worker confirms it was checked', async () => {
    setLanguageSetting('en');
    const { fake, left } = deskWith('en');
    installed(fake.install());
    notices.list = [];
    nav.screen = 'outbox';
    render(App);
    const group = page.getByTestId('to-check');
    await expect.element(group.getByRole('heading', { name: 'To check by hand: 3 changes' })).toBeVisible();
    const rows = group.getByTestId('to-check-row');
    await expect.element(rows.nth(0)).toMatchTextContent('WD-000017');
    await expect.element(rows.nth(0)).toMatchTextContent('−4');
    await expect.element(rows.nth(0)).toMatchTextContent('Part of a move between warehouses that could not be checked. The stock left Main hall, but its arrival was never booked.');
    await expect.element(rows.nth(1)).toMatchTextContent('It was never sent.');
    await expect.element(rows.nth(2)).toMatchTextContent('Part of an undo that could not be checked.');
    // The badge and the status bar count them with what needs the worker: red.
    await expect.element(page.getByTestId('pending-count')).toHaveTextContent('1 waiting to send · 3 to check');
    await expect.element(page.getByLabelText('1 waiting to send, 0 rejected, 0 need a decision, 3 to check by hand')).toHaveTextContent('4');
    expect(await seriousA11yProblems()).toEqual([]);

    await rows.nth(0).getByRole('button', { name: 'Checked: −4 WD-000017 at Main hall' }).click();
    const dialog = page.getByRole('dialog', { name: 'Have you checked the stock?' });
    await expect.element(dialog).toBeVisible();
    expect(await seriousA11yProblems()).toEqual([]);
    // Enter alone keeps it on the list: the dialog opens on "Not yet".
    await userEvent.keyboard('{Enter}');
    await expect.element(dialog).not.toBeInTheDocument();
    expect(fake.calls.some((c) => c.channel === 'outbox.checked')).toBe(false);

    await rows.nth(0).getByRole('button', { name: /^Checked/ }).click();
    await page.getByRole('button', { name: 'Yes, checked' }).click();
    await expect.poll(() => fake.calls.filter((c) => c.channel === 'outbox.checked').map((c) => c.input)).toEqual([{ id: 'ob-out' }]);
    await expect.element(group.getByRole('heading', { name: 'To check by hand: 2 changes' })).toBeVisible();
    expect(left().map((c) => c.id)).toEqual(['ob-in', 'ob-rev']);
    await expect.element(page.getByTestId('pending-count')).toHaveTextContent('1 waiting to send · 2 to check');
  });

  it('shows nothing of it when there is nothing to check', async () => {
    setLanguageSetting('en');
    const { fake } = deskWith('en');
    fake.handlers['outbox.toCheck'] = () => ({ ok: true, value: [] });
    installed(fake.install());
    nav.screen = 'outbox';
    render(App);
    await expect.element(page.getByText('Pallet 3 of 4')).toBeVisible();
    expect(page.getByTestId('to-check').all()).toHaveLength(0);
  });

  for (const { lang, tag } of inLookLanguages(RUN, 'outbox to-check screens', [
    { lang: 'en', tag: 'en-GB' },
    { lang: 'de', tag: 'de-DE' },
    { lang: 'pl', tag: 'pl-PL' },
  ])) {
    it(`${lang}: the group as a worker sees it, and its confirmation`, async () => {
      setSystemLanguages([tag]);
      setLanguageSetting(lang as 'en');
      const { fake } = deskWith(lang);
      installed(fake.install());
      notices.list = [];
      nav.screen = 'outbox';
      render(App);
      await expect.element(page.getByTestId('to-check-row').nth(2)).toBeVisible();
      expect(await seriousA11yProblems()).toEqual([]);
      await shootScreens(DIR, 'outbox-to-check', lang);
      await page.getByTestId('to-check-row').nth(0).getByRole('button').click();
      await expect.element(page.getByRole('dialog')).toBeVisible();
      await shootScreens(DIR, 'outbox-to-check-confirm', lang);
    });
  }
});
