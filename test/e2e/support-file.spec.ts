import { strFromU8, unzipSync } from 'fflate';
import { readFile } from 'node:fs/promises';
import { expect, test } from './support/harness-fixture';
import { openDesk, restMouse, seriousA11yProblems } from './support/page-helpers';
import { takeScreenshot } from './support/screenshot';

/**
 * The support file from the Settings card, through the real window and core: the desk named, the
 * file created and downloaded (the harness has no save dialog), opened as a zip; and the Journal's
 * title with the desk's name. Shots of the card and the Journal's header at 1280x800 and 1024x700,
 * in English and German, saved to test/artifacts/e2e/support to be looked at, each with axe.
 */
const DIR = 'test/artifacts/e2e/support';
const SIZES = [
  { width: 1280, height: 800 },
  { width: 1024, height: 700 },
] as const;

test('the support file is made from Settings and the Journal names the desk', async ({ page, desk }) => {
  test.setTimeout(180_000);
  await openDesk(page, desk);
  await page.keyboard.press('F5');
  await page.getByLabel('Name of this desk').fill('Dock 3');
  await page.getByLabel('Name of this desk').press('Enter');
  await expect(page.getByText('Saved. New journal lines carry this name.')).toBeVisible();

  const card = page.locator('section[aria-labelledby="support-settings-title"]');
  const downloaded = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Create support file' }).click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toMatch(/^support-dock-3-\d{4}-\d\d-\d\d\.zip$/);
  await expect(card.getByRole('status')).toHaveText(`Support file downloaded as ${download.suggestedFilename()}. Send it to your IT department.`);
  const zip = unzipSync(new Uint8Array(await readFile(await download.path())));
  expect(Object.keys(zip)).toEqual(expect.arrayContaining(['about.json', 'settings.json', 'desk.log', 'journal.csv', 'outbox.json']));
  expect(JSON.parse(strFromU8(zip['about.json']!))).toMatchObject({ desk: 'Dock 3' });

  for (const lang of ['en', 'de'] as const) {
    if (lang === 'de') {
      await page.keyboard.press('F5');
      await page.getByTestId('language').selectOption('de');
      await expect(page.getByRole('heading', { name: 'Hilfe von der IT' })).toBeVisible();
    }
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await page.keyboard.press('F5');
      await card.scrollIntoViewIfNeeded();
      await restMouse(page);
      await takeScreenshot(page, { path: `${DIR}/settings-support-${lang}-${size.width}x${size.height}.png` });
      await page.keyboard.press('F6');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(lang === 'en' ? 'Journal of Dock 3' : 'Journal von Dock 3');
      await expect(page.getByTestId('journal-row').first()).toBeVisible();
      await restMouse(page);
      await takeScreenshot(page, { path: `${DIR}/journal-desk-${lang}-${size.width}x${size.height}.png` });
    }
    expect(await seriousA11yProblems(page)).toEqual([]);
    await page.keyboard.press('F5');
    expect(await seriousA11yProblems(page)).toEqual([]);
  }
  await page.keyboard.press('F5');
  await page.getByTestId('language').selectOption('en');
});
