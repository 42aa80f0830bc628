import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-svelte';
import App from '../../../src/renderer/src/App.svelte';
import TodayScreen from '../../../src/renderer/src/screens/today/TodayScreen.svelte';
import { dayBounds, dayOf, shiftDay } from '../../../src/renderer/src/screens/today/today-day';
import { loadScreen, screens } from '../../../src/renderer/src/screens/lazy-screens.svelte';
import { go, nav } from '../../../src/renderer/src/shell/navigation.svelte';
import type { TodaySummary } from '../../../src/shared/ipc/today-records';
import '../../../src/renderer/src/styles/base.css';
import { createFakeDesk, type FakeDesk } from '../support/fake-desk';

// The default buffer of 250 entries is full once the test's own modules are in.
performance.setResourceTimingBufferSize(100_000);
// What the page fetched so far: the chart module and chart.js are files of their own until bundled.
const fetchedCharts = (): string[] =>
  performance
    .getEntriesByType('resource')
    .map((e) => e.name)
    .filter((name) => /chart-kit|chart\.js|chart_js/.test(name));

function summaryOf(from: string, to: string): TodaySummary {
  const byHour = Array.from({ length: 24 }, () => ({ scans: 0, adjustments: 0 }));
  byHour[8] = { scans: 1234, adjustments: 3 };
  byHour[14] = { scans: 7, adjustments: 12 };
  return {
    from,
    to,
    scans: 1241,
    adjustments: 15,
    byReason: [
      { reason: 'damaged', adjustments: 9, units: 41 },
      { reason: 'transfer', adjustments: 4, units: 8 },
      { reason: 'count_correction', adjustments: 2, units: 5 },
    ],
    byWorker: [
      { worker: 'Ana', scans: 1200, adjustments: 10 },
      { worker: null, scans: 41, adjustments: 5 },
    ],
    byHour,
    counts: { finished: 1, linesOff: 2, unitsOff: 5 },
    refusals: 2,
    waiting: { toSend: 3, toDecide: 1, refusedUnseen: 2, toCheck: 0 },
  };
}

/** The rows of a chart's table, each as its cells' text. */
async function tableOf(id: string): Promise<string[][]> {
  const figure = page.getByTestId(`today-chart-${id}`);
  await expect.element(figure).toBeInTheDocument();
  return [...figure.element().querySelectorAll('tbody tr')].map((tr) => [...tr.children].map((c) => c.textContent?.trim() ?? ''));
}

describe('the Today screen', () => {
  let fake: FakeDesk;
  let uninstall: () => void;
  beforeEach(async () => {
    await page.viewport(1280, 800);
    fake = createFakeDesk({ 'today.summary': ({ from, to }) => ({ ok: true, value: summaryOf(from, to) }) });
    uninstall = fake.install();
    nav.screen = 'scan';
  });
  afterEach(() => uninstall());

  it('loads the chart module only once the screen shows, not with the start or the screen preloaded', async () => {
    render(App);
    await loadScreen('today');
    expect(screens.loaded.today).toBeDefined();
    expect(fetchedCharts()).toEqual([]);
    go('today');
    await expect.element(page.getByRole('heading', { name: 'Today', level: 1 })).toBeVisible();
    await expect.poll(() => fetchedCharts().length).toBeGreaterThan(0);
    // Drawn: chart.js gives the canvas its size.
    await expect.poll(() => page.getByTestId('today-chart-hours').element().querySelector('canvas')?.width ?? 0).toBeGreaterThan(0);
  });

  it('asks for today, from its local midnight to the next, and shows the big numbers in the desk\'s format', async () => {
    render(TodayScreen);
    await expect.element(page.getByTestId('today-scans')).toHaveTextContent('1,241');
    expect(fake.calls.find((c) => c.channel === 'today.summary')?.input).toEqual(dayBounds(dayOf(new Date())));
    await expect.element(page.getByTestId('today-adjustments')).toHaveTextContent('15');
    await expect.element(page.getByTestId('today-refusals')).toHaveTextContent('2');
    await expect.element(page.getByTestId('today-waiting')).toHaveTextContent('6');
    await expect.element(page.getByText('To send: 3 · Refused: 2 · To check: 1')).toBeVisible();
    await expect.element(page.getByText('Lines off: 2 · Units off: 5')).toBeVisible();
  });

  it('holds the summary\'s numbers in each chart\'s table, which screen readers reach and the worker can show', async () => {
    render(TodayScreen);
    const hours = await tableOf('hours');
    expect(hours).toHaveLength(24);
    expect(hours[8]).toEqual(['08:00', '1,234', '3']);
    expect(hours[14]).toEqual(['14:00', '7', '12']);
    expect(hours[0]).toEqual(['00:00', '0', '0']);
    expect(await tableOf('reasons')).toEqual([
      ['Damaged', '9', '41'],
      ['Move between warehouses', '4', '8'],
      ['Count correction', '2', '5'],
    ]);
    expect(await tableOf('workers')).toEqual([
      ['Ana', '1,200', '10'],
      ['Nobody signed in at the desk', '41', '5'],
    ]);
    // Each figure is named by its caption; the canvas is hidden from screen readers, the table is not.
    await expect.element(page.getByRole('figure', { name: /Stock changes by reason/ })).toBeInTheDocument();
    expect(page.getByTestId('today-chart-reasons').element().querySelector('canvas')?.getAttribute('aria-hidden')).toBe('true');
    await expect.element(page.getByRole('table', { name: 'By worker' })).toBeInTheDocument();
    const shown = (): number => document.getElementById('workers-numbers')?.getBoundingClientRect().height ?? 0;
    expect(shown()).toBeLessThan(2);
    await page.getByTestId('today-chart-workers').getByRole('button', { name: 'Show numbers' }).click();
    await expect.poll(shown).toBeGreaterThan(40);
  });

  it('goes to the day before and back, and says plainly when a day has nothing', async () => {
    const today = dayOf(new Date());
    fake.handlers['today.summary'] = ({ from, to }) =>
      from === dayBounds(today).from
        ? { ok: true, value: summaryOf(from, to) }
        : { ok: true, value: { ...summaryOf(from, to), scans: 0, adjustments: 0, refusals: 0, byReason: [], byWorker: [], counts: { finished: 0, linesOff: 0, unitsOff: 0 }, byHour: [] } };
    render(TodayScreen);
    await expect.element(page.getByRole('button', { name: 'Next day ›' })).toBeDisabled();
    await page.getByRole('button', { name: '‹ Day before' }).click();
    await expect.element(page.getByTestId('today-empty')).toHaveTextContent('Nothing was scanned or booked at this desk on this day.');
    expect(fake.calls.filter((c) => c.channel === 'today.summary').at(-1)?.input).toEqual(dayBounds(shiftDay(today, -1)));
    await page.getByRole('button', { name: 'Back to today' }).click();
    await expect.element(page.getByTestId('today-scans')).toHaveTextContent('1,241');
  });
});
