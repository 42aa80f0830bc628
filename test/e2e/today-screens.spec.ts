import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './support/harness-fixture';
import { generousScanner, restMouse, scanCode, seriousA11yProblems } from './support/page-helpers';
import { takeScreenshot } from './support/screenshot';

/**
 * The Today screen after a few scans and a stock change, in English and German, light and dark, at
 * 1280x800 and 1024x700: the tiles say what the desk did, the charts are drawn, nothing runs past
 * the window's edge, and axe finds nothing serious. The pictures go to test/artifacts/today to be
 * looked at (the day's date and hours are in them, so they are not baselines).
 */
const OUT = join(import.meta.dirname, '..', 'artifacts', 'today');
const SIZES = [
  { width: 1280, height: 800 },
  { width: 1024, height: 700 },
] as const;
const WORDS = {
  en: { today: 'Today', online: /Online/, add: 'Add', reason: 'Reason', qty: 'Quantity to add' },
  de: { today: 'Heute', online: /Online/, add: 'Zugang', reason: 'Grund', qty: 'Menge Zugang' },
} as const;

for (const lang of ['en', 'de'] as const) {
  test.describe(`${lang}: Today`, () => {
    test.use({ locale: lang === 'de' ? 'de-DE' : 'en-GB' });

    test(`${lang}: the day at a glance, light and dark, at both sizes`, async ({ page, desk }) => {
      test.setTimeout(150_000);
      const w = WORDS[lang];
      mkdirSync(OUT, { recursive: true });
      await page.setViewportSize(SIZES[0]);
      await generousScanner(desk);
      await page.goto(desk.url);
      await expect(page.getByTestId('connectivity')).toHaveText(w.online, { timeout: 30_000 });
      for (const code of ['WD-000042', 'WD-000043', 'NOPE-000']) {
        await scanCode(page, code);
        await expect(page.getByTestId('answer-card')).toHaveAttribute('data-kind', /stock|not_found/);
      }

      // One stock change, so the reasons chart has a bar.
      await scanCode(page, 'WD-000043');
      await expect(page.getByTestId('answer-card')).toHaveAttribute('data-kind', 'stock');
      await page.getByRole('radio', { name: w.add }).check();
      await page.getByRole('combobox', { name: w.reason, exact: true }).selectOption('found');
      await page.getByLabel(w.qty).fill('2');
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('outbox-count').or(page.getByRole('status')).first()).toBeVisible();

      await page.keyboard.press('F8');
      await expect(page.getByRole('heading', { level: 1, name: w.today, exact: true })).toBeVisible();
      // The harness's desk is shared by both languages' tests: the second sees the first one's work too.
      await expect(page.getByTestId('today-scans')).toHaveText(lang === 'en' ? '4' : '8');
      await expect(page.getByTestId('today-adjustments')).toHaveText(lang === 'en' ? '1' : '2');
      await expect(page.getByTestId('today-chart-hours').locator('canvas')).toHaveAttribute('width', /\d+/);
      expect(await seriousA11yProblems(page)).toEqual([]);

      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        for (const size of SIZES) {
          await page.setViewportSize(size);
          await restMouse(page);
          // Polled: the charts take the new width a frame or two after the window's (Chart.js
          // resizes from a ResizeObserver), and until then the page can be wider for a moment.
          await expect.poll(() => page.evaluate('document.documentElement.scrollWidth <= window.innerWidth + 1'), { message: 'no sideways scrolling' }).toBe(true);
          await takeScreenshot(page, { path: join(OUT, `${lang}-${scheme}-${size.width}x${size.height}.png`) });
          // The screen scrolls inside main: its lower charts too.
          await page.locator('main').evaluate((el) => el.scrollTo(0, el.scrollHeight));
          await takeScreenshot(page, { path: join(OUT, `${lang}-${scheme}-${size.width}x${size.height}-lower.png`) });
          await page.locator('main').evaluate((el) => el.scrollTo(0, 0));
        }
      }
      await page.emulateMedia({ colorScheme: 'dark' });
      expect(await seriousA11yProblems(page)).toEqual([]);
    });
  });
}
