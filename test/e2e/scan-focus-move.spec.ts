import type { Page } from '@playwright/test';
import type { DeskApi } from '../../src/shared/ipc/desk-api';
import { expect, test } from './support/harness-fixture';
import { openDesk } from './support/page-helpers';

/**
 * A scan with a focus move in the middle of it, as CI once met it (a DHL label read as its tail):
 * on the Scan screen a focus that falls on the page goes back to the scan box a task later, so a
 * burst's first keys land outside any field and the rest in the scan box. Here the focus is
 * dropped (as a click on empty space drops it) while the keys come: after the `blurAfter`-th key,
 * by a listener the test puts on the page. It records where each key landed, so the test knows
 * the burst really was split by the move.
 */
async function blurMidBurst(page: Page, blurAfter: number): Promise<void> {
  await page.evaluate((after) => {
    type Target = { id?: string; tagName?: string };
    const g = globalThis as unknown as {
      __landed: string[];
      document: { activeElement: { blur(): void } | null };
      addEventListener(type: string, listener: (e: { key: string; target: Target }) => void, capture: boolean): void;
    };
    g.__landed = [];
    g.addEventListener(
      'keydown',
      (e) => {
        if (['Shift', 'Control', 'Alt'].includes(e.key)) return;
        g.__landed.push(e.target.id === 'scan-input' ? 'scan box' : 'outside');
        if (g.__landed.length === after) g.document.activeElement?.blur();
      },
      true,
    );
  }, blurAfter);
}

const landed = (page: Page): Promise<string[]> => page.evaluate(() => (globalThis as unknown as { __landed: string[] }).__landed);

/** Starts with the focus on the Scan tab: outside any field, and not where a fallen focus is sent home from. */
async function focusScanTab(page: Page): Promise<void> {
  const scanTab = page.getByRole('button', { name: /^Scan/ });
  if ((await scanTab.getAttribute('aria-current')) !== 'page') await scanTab.click();
  await scanTab.focus();
  await expect(scanTab).toBeFocused();
}

test.describe('a scan across a focus move into the scan box', () => {
  test.beforeEach(async ({ page, desk }) => {
    await openDesk(page, desk);
    await page.reload(); // a fresh page: one listener of blurMidBurst per test
    await expect(page.getByTestId('connectivity')).toHaveText(/Online/, { timeout: 30_000 });
  });

  test('a SKU and a carrier label are read whole, nothing left in the scan box', async ({ page }) => {
    const shipment = await page.evaluate(async () => {
      const r = await (globalThis as unknown as { desk: DeskApi }).desk.shipments.list({ limit: 40 });
      const s = r.ok ? (r.value.shipments.find((x) => x.carrier === 'dhl' && x.trackingNumber) ?? r.value.shipments.find((x) => x.trackingNumber)) : undefined;
      return s ? { token: s.token, trackingNumber: s.trackingNumber! } : null;
    });
    expect(shipment).not.toBeNull();
    await focusScanTab(page);
    await blurMidBurst(page, 3);
    await page.keyboard.type('WD-000041', { delay: 15 });
    await page.keyboard.press('Enter');
    const card = page.getByTestId('answer-card');
    await expect(card).toHaveAttribute('data-kind', 'stock');
    await expect(card.locator('h2.sku')).toHaveText('WD-000041');
    // the move did split the burst: its head outside any field, its tail in the scan box
    const split = await landed(page);
    expect(split.slice(0, 3)).toEqual(['outside', 'outside', 'outside']);
    expect(split.slice(3)).toContain('scan box');
    await expect(page.getByLabel('Scan or type a code')).toHaveValue('');

    await focusScanTab(page);
    await page.evaluate(() => ((globalThis as unknown as { __landed: string[] }).__landed = []));
    await page.keyboard.type(shipment!.trackingNumber, { delay: 15 });
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: /^Shipments/ })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('shipment-detail').locator('.token')).toHaveText(shipment!.token);
    expect((await landed(page)).slice(3)).toContain('scan box');
  });

  test("a person's keys across the move are typed into the scan box, none lost", async ({ page }) => {
    await focusScanTab(page);
    await blurMidBurst(page, 2);
    // Quick keys (as a loaded page can get a person's), then the person stops before Enter.
    await page.keyboard.type('wd-0', { delay: 15 });
    const box = page.getByLabel('Scan or type a code');
    await expect(box).toHaveValue('wd-0');
    // Split by the move: the first keys outside, the last in the box (when the focus comes home
    // between the keys depends on how busy the page is; none is lost either way).
    const where = await landed(page);
    expect(where.slice(0, 2)).toEqual(['outside', 'outside']);
    expect(where).toHaveLength(4);
    expect(where.at(-1)).toBe('scan box');
    // not taken for a failed scan: no refusal card
    await expect(page.getByTestId('answer-card')).toHaveCount(0);
    // and Enter looks up what the person typed
    await page.keyboard.press('Enter');
    const card = page.getByTestId('answer-card');
    await expect(card).toHaveAttribute('data-kind', 'not_found');
    await expect(card.locator('h2')).toHaveText('wd-0');
  });
});
