import Database from 'better-sqlite3';
import { mkdtemp, mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { DeskApi } from '../../src/shared/ipc/desk-api';
import { adjustElsewhere, onHandElsewhere } from '../support/another-desk';
import { startHarnessProcess, type HarnessProcess } from './support/harness-process';
import { openDesk, restMouse, scanCode, seriousA11yProblems } from './support/page-helpers';
import { takeScreenshot } from './support/screenshot';

const ARTIFACTS = join(import.meta.dirname, '../artifacts/e2e');
const SKUS = Array.from({ length: 30 }, (_, i) => `WD-${String(i + 1).padStart(6, '0')}`);
/** Scanned 1, 2 or 3 times each; WD-000030 is typed instead. */
const scansOf = (i: number): number => (i % 3) + 1;
const TYPED = { sku: 'WD-000030', counted: 12 };
const counted = (sku: string): number => (sku === TYPED.sku ? TYPED.counted : scansOf(SKUS.indexOf(sku)));

async function shot(page: Page, name: string): Promise<void> {
  await mkdir(ARTIFACTS, { recursive: true });
  await restMouse(page);
  await takeScreenshot(page, { path: join(ARTIFACTS, `${name}.png`) });
}

/** Enter on a button, as a keyboard user does: once it is enabled, focused, one key press (never retried on a button the press itself replaced). */
async function pressButton(page: Page, button: Locator): Promise<void> {
  await expect(button).toBeEnabled({ timeout: 30_000 });
  await button.focus();
  await page.keyboard.press('Enter');
}

/**
 * Submit, and where a change is as large as the Scan screen confirms, confirm it as a keyboard
 * user does: the dialog opens on "Back to the review", so it takes Tab, then Enter.
 */
async function submitConfirmed(page: Page): Promise<void> {
  await pressButton(page, page.getByRole('button', { name: /^Submit \d+ adjustments?$/ }));
  const dialog = page.getByRole('dialog', { name: 'Submit this count?' });
  await expect(dialog.or(page.getByRole('status').filter({ hasText: /Submitting/ })).or(page.getByRole('heading', { name: /^Count submitted/ })).first()).toBeVisible({ timeout: 30_000 });
  if (!(await dialog.isVisible())) return;
  await expect(dialog.getByRole('button', { name: /Back to the review/ })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
}

async function deskCall<T>(page: Page, fn: (desk: DeskApi) => Promise<{ ok: boolean; value?: T }>): Promise<T> {
  const r = await page.evaluate(`(${fn.toString()})(globalThis.desk)`);
  const result = r as { ok: boolean; value?: T; error?: unknown };
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.value as T;
}

/** Scans SKUs [from, to) as many times as each is due, then waits until the count has `lines` lines. */
async function countScans(page: Page, from: number, to: number, lines: number): Promise<void> {
  for (let i = from; i < to; i++) {
    if (SKUS[i] === TYPED.sku) continue;
    for (let n = 0; n < scansOf(i); n++) await scanCode(page, SKUS[i]!);
  }
  await expect(page.getByTestId('count-line')).toHaveCount(lines, { timeout: 30_000 });
}

test('stock-take: 30 SKUs counted across a killed and restarted desk, a change made elsewhere shown in review, an outage mid-submit, each adjustment applied once', async ({ page }) => {
  test.setTimeout(300_000);
  const dataDir = await mkdtemp(join(tmpdir(), 'desk-count-e2e-'));
  let desk: HarnessProcess | null = await startHarnessProcess(dataDir);
  try {
    await openDesk(page, desk);
    await expect(page.getByTestId('sync')).toHaveText(/Synced/, { timeout: 60_000 });

    await page.keyboard.press('F7');
    await expect(page.getByRole('heading', { name: 'Start a count' })).toBeVisible();
    await pressButton(page, page.getByRole('button', { name: 'Start count' }));
    await expect(page.getByText('Scan the first item.')).toBeVisible();

    // The first half, then the desk is killed mid-count (no shutdown code runs) and started again.
    await countScans(page, 0, 15, 15);
    await expect(page.getByRole('row', { name: /WD-000015/ })).toContainText('3');
    await desk.kill();
    desk = await startHarnessProcess(dataDir);
    await openDesk(page, desk);
    await page.keyboard.press('F7');
    await expect(page.getByTestId('count-line')).toHaveCount(15);
    await countScans(page, 15, 30, 29);
    await page.getByLabel('SKU', { exact: true }).fill(TYPED.sku);
    await page.getByLabel('Counted').fill(String(TYPED.counted));
    await page.getByLabel('Counted').press('Enter');
    await expect(page.getByTestId('count-line')).toHaveCount(30);

    const session = await deskCall<{ id: string; warehouseId: string; lines: Array<{ sku: string; counted: number }> }>(page, (d) => d.counts.current() as never);
    expect(Object.fromEntries(session.lines.map((l) => [l.sku, l.counted]))).toEqual(Object.fromEntries(SKUS.map((s) => [s, counted(s)])));
    const warehouse = session.warehouseId;
    expect(await seriousA11yProblems(page, 'main')).toEqual([]);
    await shot(page, 'count');

    // Someone at another desk books 5 more of WD-000005 while the count is open.
    const status = await deskCall<{ baseUrl: string | null }>(page, (d) => d.account.status() as never);
    const service = status.baseUrl!;
    await adjustElsewhere(service, 'WD-000005', warehouse, 5);

    await pressButton(page, page.getByRole('button', { name: /^Review 30 lines/ }));
    await expect(page.getByTestId('review-line')).toHaveCount(30, { timeout: 30_000 });
    await expect(page.locator('[data-testid="review-line"][data-sku="WD-000005"] [data-testid="changed-since"]')).toHaveText('+5 since the count began');
    expect(await seriousA11yProblems(page, 'main')).toEqual([]);
    await shot(page, 'count-review');

    await pressButton(page, page.getByRole('button', { name: 'Accept all' }));
    await expect(page.locator('[data-testid="review-line"][data-decision="accepted"]')).toHaveCount(30, { timeout: 30_000 });

    // The service slows, then goes away part-way through the submission.
    await desk.setFaults({ latencyMs: 250 });
    await submitConfirmed(page);
    await expect(page.getByRole('status').filter({ hasText: /Submitting: [1-9]\d* of 30/ })).toBeVisible({ timeout: 30_000 });
    await desk.setFaults({ unreachable: true, latencyMs: 0 });
    // The submission gives up on the lines it cannot read (after the client's retries), and the review is read again.
    await expect(page.getByRole('status').filter({ hasText: /Submitting: \d+ of/ })).toHaveCount(0, { timeout: 120_000 });
    await expect(page.getByTestId('review-offline-note')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('review-line')).toHaveCount(30);
    await expect(page.getByTestId('connectivity')).not.toHaveText(/Online/, { timeout: 30_000 });
    const partly = await deskCall<{ state: string; lines: Array<{ submittedAt: string | null }> }>(page, (d) => d.counts.current() as never);
    expect(partly.state).toBe('open');
    const firstBatch = partly.lines.filter((l) => l.submittedAt !== null).length;
    await expect(page.locator('[data-testid="review-line"]', { hasText: 'Submitted' })).toHaveCount(firstBatch);
    await shot(page, 'count-review-offline');
    expect(firstBatch).toBeGreaterThan(0);
    expect(firstBatch).toBeLessThan(30);

    await desk.setFaults({ unreachable: false });
    await expect(page.getByTestId('connectivity')).toHaveText(/Online/, { timeout: 30_000 });
    await pressButton(page, page.getByRole('button', { name: 'Read on-hand again' }));
    await submitConfirmed(page);
    await expect(page.getByRole('heading', { name: /^Count submitted/ })).toBeVisible({ timeout: 60_000 });
    await expect(page.locator('[data-testid="summary-line"][data-state="queued"], [data-testid="summary-line"][data-state="sending"]')).toHaveCount(0, { timeout: 60_000 });
    await expect(page.locator('[data-testid="summary-line"][data-state="applied"], [data-testid="summary-line"][data-state="unchanged"]')).toHaveCount(30);

    // The sandbox's own records: one count correction per SKU at most, each key once, and the
    // service now holds exactly what was counted.
    const sandbox = new Database(join(dataDir, 'demo-sandbox.sqlite'), { readonly: true });
    const onHandAtService = (sku: string): number =>
      (sandbox
        .prepare(
          `SELECT l.on_hand FROM stock_levels l JOIN products p ON p.seq = l.product_seq JOIN warehouses w ON w.seq = l.warehouse_seq JOIN owners o ON o.id = p.owner_id
            WHERE o.client_id = 'desk-demo' AND p.sku = ? AND w.id = ?`,
        )
        .pluck()
        .get(sku, warehouse) as number | undefined) ?? 0;
    try {
      const rows = sandbox
        .prepare(
          `SELECT p.sku, a.delta, a.idempotency_key AS key FROM adjustments a JOIN products p ON p.seq = a.product_seq JOIN owners o ON o.id = a.owner_id
            WHERE o.client_id = 'desk-demo' AND a.reason = 'count_correction'`,
        )
        .all() as Array<{ sku: string; delta: number; key: string }>;
      for (const sku of SKUS) expect(rows.filter((r) => r.sku === sku).length, sku).toBeLessThanOrEqual(1);
      expect(new Set(rows.map((r) => r.key)).size).toBe(rows.length);
      for (const sku of SKUS) expect(onHandAtService(sku), sku).toBe(counted(sku));
      await shot(page, 'count-submitted');

      // Undo of one submitted line: a linked reversal goes through the outbox, once.
      const row = page.locator('[data-testid="summary-line"][data-state="applied"]').first();
      const sku = (await row.getAttribute('data-sku'))!;
      await pressButton(page, row.getByRole('button', { name: `Undo ${sku}` }));
      // Undo asks first, opening on "Keep it": a keyboard user confirms with Tab, then Enter.
      await expect(page.getByRole('dialog', { name: 'Undo this change?' })).toBeVisible();
      await expect(page.getByRole('button', { name: /^Keep it/ })).toBeFocused();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await expect(row).toContainText('undone');
      await expect.poll(() => onHandAtService(sku), { timeout: 30_000 }).toBe(counted(sku) - rows.find((r) => r.sku === sku)!.delta);
      expect(await onHandElsewhere(service, sku, warehouse)).toBe(onHandAtService(sku));
    } finally {
      sandbox.close();
    }
  } finally {
    await desk?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
});
