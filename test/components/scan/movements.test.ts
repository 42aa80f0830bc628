/// <reference types="@vitest/browser-playwright" />
// The answer card's Movements: the chart and its list, reached by keyboard, the keys back in the
// scan box once closed; an adjustment carries how its code came in. Shots of the card and the
// dialog, English and German, light and dark, 1280x800 and 1024x700, saved to
// test/artifacts/components/movements (docs/screens/movements with SCREENS=docs) to be looked at; each shot also checks that no button's text is cut, and axe audits them.
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-svelte';
import App from '../../../src/renderer/src/App.svelte';
import { loadCatalogue } from '../../../src/renderer/src/i18n/catalogues.svelte';
import { setLanguageSetting, setSystemLanguages } from '../../../src/renderer/src/i18n/locale.svelte';
import { forgetScans, whenScansAnswered } from '../../../src/renderer/src/scan/session.svelte';
import { nav } from '../../../src/renderer/src/shell/navigation.svelte';
import '../../../src/renderer/src/styles/base.css';
import type { SkuMovements } from '../../../src/shared/ipc/movement-records';
import { seriousA11yProblems } from '../support/a11y';
import { createFakeDesk, SETTINGS, type FakeDesk } from '../support/fake-desk';
import { screensSuite, shootScreens } from '../support/screen-shots';
import { scanBurst } from './keys';

const DAY = 86_400_000;
const ago = (days: number, hours = 0): string => new Date(Date.now() - days * DAY - hours * 3_600_000).toISOString();

function movementsOf(sku: string): SkuMovements {
  const line = (at: string, kind: 'adjust' | 'sent', outcome: 'queued' | 'applied', delta: number, entry?: 'scanned' | 'keyed') => ({
    seq: 1,
    at,
    kind,
    worker: 'Ana Díaz',
    code: null,
    sku,
    summary: '',
    details: { what: 'adjustment' as const, params: { delta, warehouse: 'MAIN', reason: 'received' } },
    outcome,
    requestId: null,
    ...(entry ? { entry } : {}),
  });
  return {
    sku,
    since: ago(30),
    lines: [line(ago(2, 1), 'sent', 'applied', -40, 'keyed'), line(ago(2, 1.01), 'adjust', 'queued', -40, 'keyed'), line(ago(9), 'adjust', 'queued', 200, 'scanned')],
    linesCapped: false,
    onHand: [
      { at: ago(26), warehouseId: 'wh-main', before: 1180, after: 1090 },
      { at: ago(19), warehouseId: 'wh-north', before: 120, after: 86 },
      { at: ago(9), warehouseId: 'wh-main', before: 1090, after: 1290 },
      { at: ago(5), warehouseId: 'wh-main', before: 1290, after: 1280 },
      { at: ago(2), warehouseId: 'wh-main', before: 1280, after: 1240 },
    ],
  };
}

/** A scanner's burst with the focus on no field: every key at once, then Enter. */
const scan = (code: string): void => {
  (document.activeElement as HTMLElement | null)?.blur();
  scanBurst(document.body, code);
};

function desk(language: 'en' | 'de' = 'en'): FakeDesk {
  return createFakeDesk({
    'settings.get': () => ({ ok: true, value: { ...structuredClone(SETTINGS), language } }),
    'stock.movements': ({ sku }) => ({ ok: true, value: movementsOf(sku) }),
  });
}

describe('movements of a SKU on the answer card', () => {
  const installed = screensSuite();

  it('opens from the card by keyboard, shows the chart and the list, and gives the keys back to the scan box when closed', async () => {
    await page.viewport(1280, 800);
    const fake = desk();
    installed(fake.install());
    forgetScans();
    nav.screen = 'scan';
    render(App);
    await page.getByLabelText('Scan or type a code').fill('SKU-00042');
    await page.getByRole('button', { name: 'Look up' }).click();
    const open = page.getByRole('button', { name: 'Movements' });
    await expect.element(open).toBeVisible();
    (open.element() as HTMLElement).focus();
    await userEvent.keyboard('{Enter}');
    const dialog = page.getByRole('dialog', { name: 'Movements of SKU-00042' });
    await expect.element(dialog).toBeVisible();
    expect(fake.calls.filter((c) => c.channel === 'stock.movements').map((c) => c.input)).toEqual([{ sku: 'SKU-00042' }]);
    // The list is the chart's table: every on-hand figure and every change made here, newest first.
    await expect.element(dialog.getByTestId('movement-seen').nth(4)).toBeVisible();
    expect(dialog.getByTestId('movement-seen').elements().map((r) => r.textContent?.replace(/\s+/g, ' ').trim().split(' ').slice(-5).join(' '))).toEqual([
      'hall (MAIN): 1,280 → 1,240',
      'hall (MAIN): 1,290 → 1,280',
      'hall (MAIN): 1,090 → 1,290',
      'annex (NRTH): 120 → 86',
      'hall (MAIN): 1,180 → 1,090',
    ]);
    expect(dialog.getByTestId('movement-line').elements().map((r) => r.querySelector('[data-testid="entry-mark"]')?.textContent?.trim())).toEqual(['Typed', 'Typed', 'Scanned']);
    const chart = dialog.getByRole('img', { name: /Stock on hand of SKU-00042/ });
    await expect.element(chart).toBeVisible();
    expect(chart.element().getAttribute('aria-describedby')).toBe(dialog.getByTestId('movements-list').element().id);
    // chart.js drew on the canvas (loaded on demand, sized to its box).
    await expect.poll(() => (chart.element().querySelector('canvas') as HTMLCanvasElement).width).toBeGreaterThan(100);

    await userEvent.keyboard('{Escape}');
    await expect.element(dialog).not.toBeInTheDocument();
    await expect.poll(() => document.activeElement?.id).toBe('scan-input');
  });

  it('a change booked on a typed code says keyed, on a scanned one scanned, a code picked again from the history what it first was', async () => {
    await page.viewport(1280, 800);
    const fake = desk();
    installed(fake.install());
    forgetScans();
    nav.screen = 'scan';
    render(App);
    const adjusts = (): unknown[] => fake.calls.filter((c) => c.channel === 'stock.adjust').map((c) => (c.input as { entry?: string }).entry);
    const book = async (): Promise<void> => {
      await page.getByRole('radio', { name: 'Add' }).click();
      await page.getByLabelText('Reason').selectOptions('received');
      await page.getByLabelText('Quantity to add').fill('2');
      await page.getByRole('button', { name: 'Adjust stock' }).click();
    };

    await page.getByLabelText('Scan or type a code').fill('SKU-00042');
    await page.getByRole('button', { name: 'Look up' }).click();
    await expect.element(page.getByTestId('answer-card').getByRole('heading', { name: 'SKU-00042', exact: true })).toBeVisible();
    await book();
    await expect.poll(adjusts).toEqual(['keyed']);

    scan('SKU-00043');
    await whenScansAnswered();
    await expect.element(page.getByTestId('answer-card').getByRole('heading', { name: 'SKU-00043', exact: true })).toBeVisible();
    await book();
    await expect.poll(adjusts).toEqual(['keyed', 'scanned']);

    // Each picked again from the recent scans: the typed one, then the scanned one.
    for (const sku of ['SKU-00042', 'SKU-00043']) {
      await page.getByRole('region', { name: 'Recent scans' }).getByRole('button', { name: new RegExp(sku) }).first().click();
      await whenScansAnswered();
      await expect.element(page.getByTestId('answer-card').getByRole('heading', { name: sku, exact: true })).toBeVisible();
      await book();
    }
    await expect.poll(adjusts).toEqual(['keyed', 'scanned', 'keyed', 'scanned']);
    expect(fake.calls.filter((c) => c.channel === 'stock.lookup').map((c) => c.input)).toEqual([
      { code: 'SKU-00042', entry: 'keyed' },
      { code: 'SKU-00043', entry: 'scanned' },
      { code: 'SKU-00042', entry: 'keyed' },
      { code: 'SKU-00043', entry: 'scanned' },
    ]);
  });

  for (const { lang, tag, button, look } of [
    { lang: 'en', tag: 'en-GB', button: 'Movements', look: 'Look up' },
    { lang: 'de', tag: 'de-DE', button: 'Bewegungen', look: 'Suchen' },
  ] as const) {
    it(`on screen (${lang}): the card with its Movements button, and the dialog, light and dark, at both sizes`, async () => {
      setSystemLanguages([tag]);
      await loadCatalogue(lang);
      setLanguageSetting(lang);
      await page.viewport(1280, 800);
      installed(desk(lang).install());
      forgetScans();
      nav.screen = 'scan';
      render(App);
      await page.getByRole('textbox').first().fill('SKU-00042');
      await page.getByRole('button', { name: look }).click();
      await expect.element(page.getByRole('button', { name: button })).toBeVisible();
      await shootScreens('movements', 'answer-card', lang);
      await page.getByRole('button', { name: button }).click();
      const dialog = page.getByRole('dialog');
      await expect.poll(() => (dialog.getByRole('img').element().querySelector('canvas') as HTMLCanvasElement | null)?.width ?? 0).toBeGreaterThan(100);
      await shootScreens('movements', 'movements-dialog', lang);
      expect(await seriousA11yProblems()).toEqual([]);
    });
  }
});
