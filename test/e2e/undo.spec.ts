import type { Page } from '@playwright/test';
import { expect, test } from './support/harness-fixture';
import { matchBaseline } from './support/baseline';
import { openDesk, restMouse, scanCode, seriousA11yProblems } from './support/page-helpers';

async function adjust(page: Page, code: string, add: number): Promise<void> {
  await scanCode(page, code);
  await expect(page.getByTestId('answer-card').getByRole('heading', { name: code, exact: true })).toBeVisible();
  await page.getByRole('radio', { name: 'Add' }).check();
  await page.getByRole('combobox', { name: 'Reason', exact: true }).selectOption('found');
  await page.getByLabel('Quantity to add').fill(String(add));
  await page.keyboard.press('Enter');
}

test('undo: an applied adjustment is reversed by a linked one, an unsent one is withdrawn', async ({ page, desk }) => {
  test.setTimeout(150_000);
  const sandbox = desk.core.sandbox()!;
  await openDesk(page, desk);
  await expect(page.getByTestId('sync')).toHaveText(/Synced/, { timeout: 60_000 });

  // After sending: the service applied +2; Undo asks first (Enter keeps it), then queues -2, linked, applied once.
  await adjust(page, 'WD-000020', 2);
  await expect.poll(() => sandbox.adjustmentsFor('WD-000020').map((a) => a.delta)).toEqual([2]);
  const session = page.getByRole('region', { name: 'Adjustments of WD-000020 in this session' });
  await session.getByRole('button', { name: 'Undo +2 WD-000020' }).focus();
  await page.keyboard.press('Enter');
  const ask = page.getByRole('dialog', { name: 'Undo this change?' });
  await expect(ask).toContainText('Undo books −2');
  await page.keyboard.press('Enter');
  await expect(ask).toHaveCount(0);
  await session.getByRole('button', { name: 'Undo +2 WD-000020' }).focus();
  await page.keyboard.press('Enter');
  await expect(ask).toBeVisible();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(session.getByText('Undone: reversed by the adjustment above it.')).toBeVisible();
  await expect(session.getByText('Undoes the adjustment below it.')).toBeVisible();
  await expect.poll(() => sandbox.adjustmentsFor('WD-000020').map((a) => a.delta)).toEqual([2, -2]);
  await expect(session.getByRole('button', { name: /^Undo/ })).toHaveCount(0);
  expect(await seriousA11yProblems(page, 'main')).toEqual([]);
  await restMouse(page);
  await desk.screenshot(page, 'undo-applied');

  // Before sending: offline, +1 waits in the outbox; Undo withdraws it and it is never sent.
  await desk.setFaults({ unreachable: true });
  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect(page.getByTestId('connectivity')).toHaveText(/Offline/, { timeout: 30_000 });
  await adjust(page, 'WD-000021', 1);
  const offline = page.getByRole('region', { name: 'Adjustments of WD-000021 in this session' });
  await expect(offline.getByText('waiting to send', { exact: true })).toBeVisible();
  await offline.getByRole('button', { name: 'Undo +1 WD-000021' }).click();
  await page.getByRole('dialog', { name: 'Undo this change?' }).getByRole('button', { name: 'Undo it' }).click();
  await expect(offline.getByText('Withdrawn: never sent.')).toBeVisible();
  await desk.setFaults({ unreachable: false });
  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect(page.getByTestId('connectivity')).toHaveText(/Online/, { timeout: 30_000 });
  await expect(page.getByTestId('pending-count')).toHaveText(/Nothing waiting to send/);
  expect(sandbox.adjustmentsFor('WD-000021')).toEqual([]);

  // The outbox history shows the pair as linked.
  await page.keyboard.press('F4');
  await page.getByRole('tab', { name: /All/ }).click();
  await expect(page.getByTestId('outbox-row').filter({ hasText: 'WD-000020' }).filter({ hasText: 'Undone by a later adjustment' })).toHaveCount(1);
  await expect(page.getByTestId('outbox-row').filter({ hasText: 'WD-000020' }).filter({ hasText: 'Undo of an earlier adjustment' })).toHaveCount(1);
  await restMouse(page);
  await matchBaseline(page, desk, 'undo-outbox');
});
