import { errors, type Page, type PageScreenshotOptions } from '@playwright/test';

/** Far above a shot's usual second on the loaded test machine, far below a test's timeout. */
const ATTEMPT_MS = 30_000;
const ANSWER_MS = 5_000;

/**
 * Saves a screen shot, taken again when Chromium gives no frame for it. A capture on the loaded
 * 2-core CI machine once waited out its test's 300 s for a frame (not reproduced since). If the
 * page's own thread still answers, the wait is Chromium's: a one-pixel resize makes it draw again.
 * A page that does not answer (the app hung) is never retried: that is a failure of the desk, said
 * as such.
 */
export async function takeScreenshot(page: Page, options: PageScreenshotOptions): Promise<Buffer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await page.screenshot({ timeout: ATTEMPT_MS, ...options });
    } catch (error) {
      if (!(error instanceof errors.TimeoutError) || attempt === 3) throw error;
      if (!(await pageAnswers(page))) {
        throw new Error(`the page's own thread did not answer within ${ANSWER_MS} ms while a screen shot waited: the desk hung`, { cause: error });
      }
      console.warn(`screen shot ${options.path ?? ''}: no frame within ${ATTEMPT_MS} ms while the page answers; redrawing and taking it again`);
      await redraw(page);
    }
  }
}

async function pageAnswers(page: Page): Promise<boolean> {
  const answered = page.evaluate(() => true).catch(() => false);
  const late = new Promise<false>((settle) => setTimeout(() => settle(false), ANSWER_MS));
  return Promise.race([answered, late]);
}

async function redraw(page: Page): Promise<void> {
  const size = page.viewportSize();
  if (!size) return;
  await page.setViewportSize({ width: size.width, height: size.height + 1 });
  await page.setViewportSize(size);
}
