/// <reference types="@vitest/browser-playwright" />
// The journal's mark of how a line's code came in, and the report of changes booked on typed codes.
// Shots of the journal with the report, English and German, light and dark, 1280x800 and
// 1024x700, saved to test/artifacts/components/movements (docs/screens/movements with SCREENS=docs) to be looked at, audited with axe.
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-svelte';
import App from '../../../src/renderer/src/App.svelte';
import { loadCatalogue } from '../../../src/renderer/src/i18n/catalogues.svelte';
import { setLanguageSetting, setSystemLanguages } from '../../../src/renderer/src/i18n/locale.svelte';
import { nav } from '../../../src/renderer/src/shell/navigation.svelte';
import '../../../src/renderer/src/styles/base.css';
import type { JournalEntry, Worker } from '../../../src/shared/ipc/desk-work-records';
import type { KeyedShare } from '../../../src/shared/ipc/movement-records';
import { seriousA11yProblems } from '../support/a11y';
import { createFakeDesk, SETTINGS, type FakeDesk } from '../support/fake-desk';
import { screensSuite, shootScreens } from '../support/screen-shots';

const at = (h: number, min: number): string => new Date(Date.UTC(2026, 2, 12, h, min)).toISOString();
const line = (seq: number, kind: 'scan' | 'adjust' | 'sent', code: string | null, entry?: 'scanned' | 'keyed'): JournalEntry => ({
  seq,
  at: at(9, seq),
  kind,
  worker: seq % 2 ? 'Ana Díaz' : 'Bo Berg',
  code,
  sku: 'WD-000042',
  summary: '',
  details: kind === 'scan' ? { what: 'stock_found', params: { name: 'Pallet wrap', onHand: 12 } } : { what: 'adjustment', params: { delta: -2, warehouse: 'MAIN', reason: 'damaged' } },
  outcome: kind === 'scan' ? 'found' : kind === 'adjust' ? 'queued' : 'applied',
  requestId: null,
  ...(entry ? { entry } : {}),
});
const LINES = [line(6, 'sent', null, 'keyed'), line(5, 'adjust', null, 'keyed'), line(4, 'scan', 'WD-000042', 'keyed'), line(3, 'adjust', null, 'scanned'), line(2, 'scan', '4006381333931', 'scanned'), line(1, 'scan', 'WD-000041')];
const REPORT: KeyedShare = {
  from: '2026-02-11',
  rows: [
    { day: '2026-03-12', worker: 'Ana Díaz', scanned: 3, keyed: 1 },
    { day: '2026-03-12', worker: 'Bo Berg', scanned: 12, keyed: 0 },
    { day: '2026-03-11', worker: null, scanned: 0, keyed: 2 },
    { day: '2026-03-11', worker: 'Bo Berg', scanned: 7, keyed: 9 },
  ],
};
const WORKERS: Worker[] = ['Ana Díaz', 'Bo Berg'].map((name, i) => ({ id: `wkr_00000000000${i}`, name, badge: null, addedAt: at(8, 0), role: 'worker', hasPin: false }));

function desk(language: 'en' | 'de' = 'en'): FakeDesk {
  return createFakeDesk({
    'settings.get': () => ({ ok: true, value: { ...structuredClone(SETTINGS), language } }),
    'journal.search': () => ({ ok: true, value: { entries: LINES, nextBefore: null } }),
    'journal.keyedShare': (q) => ({ ok: true, value: { ...REPORT, rows: REPORT.rows.filter((r) => !q?.worker || r.worker === q.worker) } }),
    'journal.exportKeyedShare': () => ({ ok: true, value: { status: 'download', fileName: 'keyed-codes-2026-03-12.csv', content: 'day (UTC)\r\n', rows: 4 } }),
    'workers.list': () => ({ ok: true, value: { workers: WORKERS, current: null } }),
  });
}

describe('typed or scanned, in the journal', () => {
  const installed = screensSuite();

  it('marks each scan and change with how its code came in, in words beside an icon, and nothing where the desk does not know', async () => {
    await page.viewport(1280, 800);
    installed(desk().install());
    nav.screen = 'journal';
    render(App);
    const rows = page.getByTestId('journal-row');
    await expect.element(rows.nth(5)).toBeVisible();
    expect(rows.elements().map((r) => r.querySelector('[data-testid="entry-mark"]')?.textContent?.trim() ?? null)).toEqual(['Typed', 'Typed', 'Typed', 'Scanned', 'Scanned', null]);
    await expect.element(rows.first().getByTitle('The code was typed or picked by hand, not scanned')).toBeVisible();
  });

  it('reports the share of changes booked on typed codes per worker and day, follows the worker chosen, and exports it', async () => {
    await page.viewport(1280, 800);
    const fake = desk();
    installed(fake.install());
    nav.screen = 'journal';
    render(App);
    const toggle = page.getByRole('button', { name: 'Typed codes' });
    await expect.element(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect.element(toggle).toHaveAttribute('aria-expanded', 'true');
    const report = page.getByRole('region', { name: 'Changes booked on typed codes' });
    await expect.element(report.getByTestId('keyed-row').nth(3)).toBeVisible();
    expect(report.getByTestId('keyed-row').elements().map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent?.trim()))).toEqual([
      ['12 Mar 2026', 'Ana Díaz', '3', '1', '25%'],
      ['12 Mar 2026', 'Bo Berg', '12', '0', '0%'],
      ['11 Mar 2026', 'Nobody chosen', '0', '2', '100%'],
      ['11 Mar 2026', 'Bo Berg', '7', '9', '56%'],
    ]);
    await page.getByRole('combobox', { name: 'Worker', exact: true }).selectOptions('Bo Berg');
    await expect.poll(() => fake.calls.filter((c) => c.channel === 'journal.keyedShare').at(-1)?.input).toEqual({ worker: 'Bo Berg' });
    await expect.poll(() => report.getByTestId('keyed-row').elements().length).toBe(2);
    await report.getByRole('button', { name: 'Export CSV' }).click();
    await expect.element(report.getByRole('status')).toHaveTextContent('4 rows exported as keyed-codes-2026-03-12.csv.');
    expect(fake.calls.filter((c) => c.channel === 'journal.exportKeyedShare').map((c) => c.input)).toEqual([{ worker: 'Bo Berg' }]);
  });

  for (const { lang, tag, toggle } of [
    { lang: 'en', tag: 'en-GB', toggle: 'Typed codes' },
    { lang: 'de', tag: 'de-DE', toggle: 'Eingetippte Codes' },
  ] as const) {
    it(`on screen (${lang}): the journal with the report, light and dark, at both sizes`, async () => {
      setSystemLanguages([tag]);
      await loadCatalogue(lang);
      setLanguageSetting(lang);
      await page.viewport(1280, 800);
      installed(desk(lang).install());
      nav.screen = 'journal';
      render(App);
      await page.getByRole('button', { name: toggle }).click();
      await expect.element(page.getByTestId('keyed-row').nth(3)).toBeVisible();
      await shootScreens('movements', 'journal-typed-codes', lang);
      expect(await seriousA11yProblems()).toEqual([]);
    });
  }
});
