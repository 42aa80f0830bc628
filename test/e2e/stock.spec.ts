import type { Page } from '@playwright/test';
import { expect, test, type DeskHarness } from './support/harness-fixture';
import { matchBaseline } from './support/baseline';
import { seriousA11yProblems } from './support/page-helpers';

/**
 * The Stock screen through the harness: the real renderer in Chromium, the real bridge, main's
 * services over the real cache, the sandbox behind them. The demo data (2,400 SKUs WD-000001..)
 * is pulled into the cache by the first sync.
 */

async function openStock(page: Page, desk: DeskHarness): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(desk.url);
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: /^Stock/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Stock' })).toBeVisible();
  // The first sync fills the cache page by page, and a list opened meanwhile counts what has
  // arrived: wait until it has ended and the list, which refreshes itself then, counts it all.
  await expect(page.getByTestId('sync')).toHaveText(/Synced/, { timeout: 60_000 });
  const { total } = await desk.core.handlers['stock.search']({});
  expect(total).toBeGreaterThan(0);
  await expect.poll(() => countShown(page), { timeout: 30_000 }).toBe(total);
}

/** "2,400 items ..." -> 2400. */
async function countShown(page: Page): Promise<number> {
  const text = (await page.getByTestId('stock-count').textContent()) ?? '';
  return Number(/^([\d,]+)/.exec(text)?.[1]?.replace(/,/g, '') ?? 'NaN');
}

const rowSkus = (page: Page) => page.locator('[data-testid="stock-table"] tr.data td:first-child').allTextContents();

test('stock list: filter by SKU prefix as you type, warehouse filter, sort, detail per warehouse, offline', async ({ page, desk }) => {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  await openStock(page, desk);

  // Virtualised: the whole cache is counted, only a window of rows is in the DOM.
  const total = await countShown(page);
  expect(total).toBeGreaterThan(1000);
  expect(await page.locator('[data-testid="stock-table"] tr.data').count()).toBeLessThan(80);

  await page.getByTestId('stock-filter').pressSequentially('WD-00012', { delay: 30 });
  await expect(page.getByTestId('stock-count')).toHaveText(/^10 items matching “WD-00012”/);
  await expect.poll(async () => (await rowSkus(page)).length).toBe(10);
  for (const sku of await rowSkus(page)) expect(sku).toMatch(/^WD-00012\d$/);

  // Sort from the header button: SKU descending.
  const skuHeader = page.getByTestId('stock-table').getByRole('columnheader', { name: /SKU/ });
  await expect(skuHeader).toHaveAttribute('aria-sort', 'ascending');
  await page.getByRole('button', { name: /^SKU/ }).press('Enter');
  await expect(skuHeader).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(async () => (await rowSkus(page))[0]).toBe('WD-000129');

  // Enter on a row shows that SKU per warehouse.
  const firstRow = page.locator('[data-testid="stock-table"] tr.data').first();
  await firstRow.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  const detail = page.getByTestId('stock-detail');
  await expect(detail.getByRole('heading', { level: 2, name: /WD-000128/ })).toBeVisible();
  await expect(detail.getByTestId('stock-levels').getByRole('rowheader', { name: 'Total' })).toBeVisible();
  await expect(detail.getByTestId('stock-levels').getByRole('rowheader').first()).toHaveText(/\((AMS1|DUI1|LYS1)\)/);

  // A warehouse filter narrows to the SKUs held there.
  await page.getByTestId('stock-filter').fill('');
  await expect(page.getByTestId('stock-count')).toHaveText(new RegExp(`^${total.toLocaleString('en-US')} items`));
  await page.getByTestId('stock-warehouse').selectOption({ label: 'Duisburg Logport (DUI1)' });
  await expect(page.getByTestId('stock-count')).toContainText('in Duisburg Logport (DUI1)');
  await expect.poll(() => countShown(page)).toBeLessThan(total);

  // Sort by on hand, largest first: the quantities read in order.
  await page.getByTestId('stock-table').getByRole('button', { name: /^On hand/ }).click();
  await expect(page.getByTestId('stock-table').getByRole('columnheader', { name: /On hand/ })).toHaveAttribute('aria-sort', 'descending');
  await expect
    .poll(async () => {
      const cells = await page.locator('[data-testid="stock-table"] tr.data td:nth-child(3)').allTextContents();
      const values = cells.slice(0, 8).map((t) => Number(t.replace(/[^\d]/g, '')));
      return values.length > 1 && values.every((v, i) => i === 0 || v <= values[i - 1]!);
    })
    .toBe(true);

  // Offline: the list reads the cache only, so filtering still works.
  await desk.setFaults({ unreachable: true });
  await page.getByTestId('stock-warehouse').selectOption({ label: 'All warehouses' });
  await page.getByTestId('stock-filter').fill('WD-00013');
  await expect(page.getByTestId('stock-count')).toHaveText(/^10 items matching “WD-00013”/);
  await desk.setFaults({ unreachable: false });
  expect(problems).toEqual([]);
});

test('stock list scrolls to the end of the cache', async ({ page, desk }) => {
  await openStock(page, desk);
  const scroller = page.getByTestId('stock-scroller');
  await scroller.evaluate((el) => (el.scrollTop = el.scrollHeight));
  await expect(page.getByRole('cell', { name: /^WD-002400$/ })).toBeVisible();
  expect(await page.locator('[data-testid="stock-table"] tr.data').count()).toBeLessThan(80);
});

test('products tab lists the catalogue with a SKU filter and paging', async ({ page, desk }) => {
  await openStock(page, desk);
  await page.getByRole('tab', { name: 'Products' }).click();
  const table = page.getByTestId('products-table');
  await expect(table.getByRole('row')).toHaveCount(51); // header + the first page of 50
  await page.getByRole('button', { name: 'Load more products' }).click();
  await expect(table.getByRole('row')).toHaveCount(101);
  await page.getByTestId('products-sku').fill('WD-00005');
  await expect(table.getByRole('row')).toHaveCount(11);
  await expect(table.getByRole('cell', { name: 'WD-000050' })).toBeVisible();
});

for (const scheme of ['light', 'dark'] as const) {
  test(`stock screen in ${scheme}: screenshot and accessibility audit`, async ({ page, desk }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await openStock(page, desk);
    await page.locator('[data-testid="stock-table"] tr.data').nth(2).click();
    await expect(page.getByTestId('stock-levels')).toBeVisible();
    await expect(page.getByText('checking the service…')).toHaveCount(0); // the panel's fresh answer, not its wait
    await page.locator('[data-testid="stock-table"] tr.data').nth(2).focus();
    await matchBaseline(page, desk, `stock-${scheme}`);
    expect(await seriousA11yProblems(page, 'main')).toEqual([]);

    await page.getByRole('tab', { name: 'Products' }).click();
    await expect(page.getByTestId('products-table').getByRole('row')).toHaveCount(51);
    await matchBaseline(page, desk, `stock-products-${scheme}`);
    expect(await seriousA11yProblems(page, 'main')).toEqual([]);
  });
}
