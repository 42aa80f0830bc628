import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-svelte';
import StockScreen from '../../../src/renderer/src/screens/stock/StockScreen.svelte';
import '../../../src/renderer/src/styles/base.css';
import { warehouses } from '../../../src/renderer/src/state/warehouses.svelte';
import { installDesk, WAREHOUSES } from './desk-stub';

function frame(): Promise<void> {
  return new Promise((r) => requestAnimationFrame(() => r()));
}
const dataRows = (): HTMLTableRowElement[] => Array.from(document.querySelectorAll<HTMLTableRowElement>('[data-testid="stock-table"] tr.data'));

describe('Stock list in Chromium', () => {
  afterEach(() => {
    delete (window as { desk?: unknown }).desk;
  });

  it('windows 100,000 rows: only a few dozen rows in the DOM, top and bottom', async () => {
    const { searches } = installDesk({ size: 100_000 });
    await page.viewport(1280, 800);
    render(StockScreen);
    await expect.element(page.getByTestId('stock-count')).toMatchTextContent('100,000 items');
    await expect.element(page.getByRole('cell', { name: 'SKU-000000' })).toBeVisible();

    const table = document.querySelector('[data-testid="stock-table"]')!;
    expect(table.getAttribute('aria-rowcount')).toBe('100001');
    expect(dataRows().length).toBeGreaterThan(5);
    expect(dataRows().length).toBeLessThan(80);
    await page.screenshot({ path: '../../artifacts/components/stock-list-top.png' });

    // Jump to the very end: the last row renders, the DOM still holds only a window.
    const scroller = document.querySelector<HTMLDivElement>('[data-testid="stock-scroller"]')!;
    expect(scroller.scrollHeight).toBeGreaterThan(100_000 * 40);
    scroller.scrollTop = scroller.scrollHeight;
    await frame();
    await expect.element(page.getByRole('cell', { name: 'SKU-099999' })).toBeVisible();
    const last = dataRows().at(-1)!;
    expect(last.getAttribute('aria-rowindex')).toBe('100001');
    expect(dataRows().length).toBeLessThan(80);
    // Pages were fetched by offset near the end, never the whole list at once.
    expect(searches.some((s) => (s.offset ?? 0) >= 99_800)).toBe(true);
    expect(Math.max(...searches.map((s) => s.limit ?? 0))).toBeLessThanOrEqual(500);
    await page.screenshot({ path: '../../artifacts/components/stock-list-bottom.png' });

    // The middle, too (a jump far from both cached ends).
    scroller.scrollTop = scroller.scrollHeight / 2;
    await frame();
    await expect.poll(() => dataRows().some((r) => /SKU-04\d{4}|SKU-05\d{4}/.test(r.textContent ?? ''))).toBe(true);
    expect(dataRows().length).toBeLessThan(80);
  });

  it('filters by prefix as you type, and sorts from the keyboard-operable headers', async () => {
    const { searches } = installDesk({ size: 100_000 });
    render(StockScreen);
    await expect.element(page.getByTestId('stock-count')).toMatchTextContent('100,000 items');

    await userEvent.type(page.getByTestId('stock-filter'), 'sku-00012');
    await expect.element(page.getByTestId('stock-count')).toMatchTextContent('10 items matching “sku-00012”');
    await expect.element(page.getByRole('cell', { name: 'SKU-000120' })).toBeVisible();
    expect(searches.at(-1)).toMatchObject({ query: 'sku-00012', offset: 0 });

    const skuHeader = page.getByRole('columnheader', { name: /SKU/ });
    await expect.element(skuHeader).toHaveAttribute('aria-sort', 'ascending');
    const sortButton = page.getByRole('button', { name: /^SKU/ });
    (sortButton.element() as HTMLButtonElement).focus();
    await userEvent.keyboard('{Enter}');
    await expect.element(skuHeader).toHaveAttribute('aria-sort', 'descending');
    await expect.element(page.getByRole('cell', { name: 'SKU-000129' })).toBeVisible();
    expect(searches.at(-1)).toMatchObject({ query: 'sku-00012', sort: 'sku', direction: 'desc' });

    await page.getByRole('button', { name: /^On hand/ }).click();
    await expect.element(page.getByRole('columnheader', { name: /On hand/ })).toHaveAttribute('aria-sort', 'descending');
    expect(searches.at(-1)).toMatchObject({ sort: 'onHand', direction: 'desc' });
    await expect.element(skuHeader).not.toHaveAttribute('aria-sort');
  });

  it('a filter matching more than main counts says "1,000+", and the list grows as it is scrolled until every match is in it', async () => {
    // 10,000 SKUs start with SKU-00; this stub counts like main with a cap of 1,000.
    const { searches } = installDesk({ size: 100_000, countCap: 1_000 });
    await page.viewport(1280, 800);
    render(StockScreen);
    await expect.element(page.getByTestId('stock-count')).toMatchTextContent('100,000 items');
    await userEvent.type(page.getByTestId('stock-filter'), 'sku-00');
    await expect.element(page.getByTestId('stock-count')).toMatchTextContent('1,000+ items matching “sku-00”');
    const table = document.querySelector('[data-testid="stock-table"]')!;
    expect(table.getAttribute('aria-rowcount')).toBe('-1'); // how many rows is not known yet
    await page.screenshot({ path: '../../artifacts/components/stock-list-capped.png' });
    const scroller = document.querySelector<HTMLDivElement>('[data-testid="stock-scroller"]')!;
    expect(scroller.scrollHeight).toBeLessThan(1_100 * 50);

    // To the end of what the list knows, again and again: each time main counts further.
    const counts: string[] = [];
    for (let step = 0; step < 100 && !counts.at(-1)?.startsWith('10,000 items'); step += 1) {
      scroller.scrollTop = scroller.scrollHeight;
      await frame();
      await new Promise((r) => setTimeout(r, 20));
      const text = page.getByTestId('stock-count').element().textContent ?? '';
      if (counts.at(-1) !== text) counts.push(text);
    }
    // Each count said "more than" and grew, until main had counted them all.
    const figures = counts.map((c) => c.split(' ')[0]!);
    expect(figures.at(-1)).toBe('10,000');
    expect(figures.slice(0, -1).every((f) => f.endsWith('+'))).toBe(true);
    const numbers = figures.map((f) => Number(f.replace(/\D/g, '')));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(new Set(numbers).size).toBe(numbers.length);
    scroller.scrollTop = scroller.scrollHeight;
    await frame();
    await expect.element(page.getByRole('cell', { name: 'SKU-009999' })).toBeVisible();
    expect(dataRows().at(-1)!.getAttribute('aria-rowindex')).toBe('10001');
    expect(table.getAttribute('aria-rowcount')).toBe('10001');
    expect(dataRows().length).toBeLessThan(80);
    expect(searches.filter((s) => s.query === 'sku-00').every((s) => (s.limit ?? 0) <= 500)).toBe(true);
  });

  it('moves through rows with the arrow keys and opens the per-warehouse detail with Enter', async () => {
    const { calls } = installDesk({ size: 1_000 });
    render(StockScreen);
    await expect.element(page.getByTestId('stock-count')).toMatchTextContent('1,000 items');
    const first = dataRows()[0]!;
    expect(first.tabIndex).toBe(0);
    first.focus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(document.activeElement?.getAttribute('data-index')).toBe('2');
    await expect.element(page.getByTestId('stock-detail')).toBeVisible();
    expect(calls).toContain('lookup:SKU-000002');
    const levels = page.getByTestId('stock-levels');
    await expect.element(levels.getByRole('rowheader', { name: 'Main hall (MAIN)' })).toBeVisible();
    await expect.element(levels.getByRole('rowheader', { name: 'East annex (EAST)' })).toBeVisible();
    await expect.element(page.getByText(/cached, as of/)).toBeVisible();

    // End jumps to the last row, far outside the rendered window.
    await userEvent.keyboard('{End}');
    await expect.poll(() => document.activeElement?.getAttribute('data-index')).toBe('999');
    await page.screenshot({ path: '../../artifacts/components/stock-detail.png' });
  });

  it('keeps each warehouse name of the detail on one line at 1280 px and ties every figure to its warehouse and column', async () => {
    installDesk({ size: 1_000 });
    // Names as long as the demo's: beside three figure columns they broke over three lines.
    warehouses.list = [
      { ...WAREHOUSES[0]!, name: 'Amsterdam Westpoort', code: 'AMS1' },
      { ...WAREHOUSES[1]!, name: 'Duisburg Logport', code: 'DUI1' },
    ];
    try {
      await page.viewport(1280, 800);
      render(StockScreen);
      await expect.element(page.getByTestId('stock-count')).toMatchTextContent('1,000 items');
      dataRows()[3]!.focus();
      await userEvent.keyboard('{Enter}');
      const levels = page.getByTestId('stock-levels');
      await expect.element(levels.getByRole('rowheader', { name: 'Amsterdam Westpoort (AMS1)' })).toBeVisible();

      const table = levels.element() as HTMLTableElement;
      const names = Array.from(table.querySelectorAll<HTMLTableCellElement>('tbody th'));
      expect(names.map((th) => th.textContent?.trim())).toEqual(['Amsterdam Westpoort (AMS1)', 'Duisburg Logport (DUI1)']);
      for (const th of names) {
        expect(th.getBoundingClientRect().height, th.textContent ?? '').toBeLessThan(2 * parseFloat(getComputedStyle(th).lineHeight));
      }
      // What a screen reader announces for a figure: its warehouse and its column.
      const headersOf = (cell: HTMLTableCellElement) => cell.headers.split(' ').map((ref) => document.getElementById(ref)?.textContent?.trim());
      expect(headersOf(table.querySelector('[data-testid="on-hand-wh-1"]')!.closest('td')!)).toEqual(['Amsterdam Westpoort (AMS1)', 'On hand']);
      const eastFigures = Array.from(table.tBodies[1]!.querySelectorAll<HTMLTableCellElement>('td[headers]'));
      expect(eastFigures.map(headersOf)).toEqual([
        ['Duisburg Logport (DUI1)', 'On hand'],
        ['Duisburg Logport (DUI1)', 'Reserved'],
        ['Duisburg Logport (DUI1)', 'Available'],
      ]);
      await page.screenshot({ path: '../../artifacts/components/stock-detail-long-names.png' });
    } finally {
      warehouses.list = WAREHOUSES;
    }
  });
});
