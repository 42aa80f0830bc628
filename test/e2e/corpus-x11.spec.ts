import { chromium, type Browser, type Page } from '@playwright/test';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import type { DeskApi } from '../../src/shared/ipc/desk-api';
import { chromiumArgs, chromiumPath } from '../chromium';
import { LABELS } from '../corpus/labels';
import { wedgeStrokes, type KeyStroke } from '../corpus/wedge';
import { expect, test } from './support/harness-fixture';
import { seedCorpus, type ExpectedCard } from './support/corpus-seed';
import { openDesk } from './support/page-helpers';

/**
 * The label corpus replayed as real X key events: xdotool sends each scanner key stroke (the
 * physical key as an X keycode, Shift and Ctrl as key presses) to a headed Chromium on its own
 * Xvfb, driving the harness whose demo data was made to hold the corpus's products and parcels
 * (support/corpus-seed.ts); every case must end on the card the label's content names. US layout
 * only: this Xvfb refuses every keymap change (see docs/scanning.md).
 */

/** evdev X keycodes of the physical keys a wedge presses (KeyboardEvent.code names). */
const KEYCODES: Record<string, number> = {
  Digit1: 10, Digit2: 11, Digit3: 12, Digit4: 13, Digit5: 14, Digit6: 15, Digit7: 16, Digit8: 17, Digit9: 18, Digit0: 19,
  Minus: 20, Equal: 21, Tab: 23, KeyQ: 24, KeyW: 25, KeyE: 26, KeyR: 27, KeyT: 28, KeyY: 29, KeyU: 30, KeyI: 31, KeyO: 32, KeyP: 33,
  BracketLeft: 34, BracketRight: 35, Enter: 36, KeyA: 38, KeyS: 39, KeyD: 40, KeyF: 41, KeyG: 42, KeyH: 43, KeyJ: 44, KeyK: 45, KeyL: 46,
  Semicolon: 47, Quote: 48, Backquote: 49, Backslash: 51, KeyZ: 52, KeyX: 53, KeyC: 54, KeyV: 55, KeyB: 56, KeyN: 57, KeyM: 58,
  Comma: 59, Period: 60, Slash: 61, Space: 65, F8: 74, F9: 75,
};

/** One xdotool `key` argument per stroke: modifiers by keysym, the key by its keycode. */
function xdotoolKeys(strokes: KeyStroke[]): string[] {
  const keys: string[] = [];
  for (const s of strokes) {
    if (s.type !== 'keydown' || s.key === 'Shift') continue;
    const keycode = KEYCODES[s.code];
    if (keycode === undefined) throw new Error(`no X keycode for ${s.code}`);
    keys.push([...(s.ctrlKey ? ['ctrl'] : []), ...(s.shiftKey ? ['shift'] : []), String(keycode)].join('+'));
  }
  return keys;
}

const display = `:${90 + (process.pid % 9)}`;
const xEnv = { ...process.env, DISPLAY: display };
const haveX = ['Xvfb', 'xdotool'].every((tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0);

test.describe('the label corpus as real X key events (US layout)', () => {
  test.skip(!haveX, 'needs Xvfb and xdotool (scripts/install-system-deps.sh)');
  test.setTimeout(600_000);

  let xvfb: ChildProcess;
  let browser: Browser;
  let page: Page;

  test.beforeAll(async () => {
    xvfb = spawn('Xvfb', [display, '-screen', '0', '1280x800x24', '-nolisten', 'tcp'], { stdio: 'ignore' });
    await expect.poll(() => spawnSync('xdotool', ['getmouselocation'], { env: xEnv }).status, { timeout: 15_000 }).toBe(0);
    browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs, '--window-position=0,0', '--window-size=1280,800'], headless: false, env: xEnv });
  });
  test.afterAll(async () => {
    await browser?.close();
    xvfb?.kill();
  });

  test("every label ends on the card its content names: the product, the shipment, or the precise refusal", async ({ desk }) => {
    page = await browser.newPage();
    await openDesk(page, desk.url);
    const someShipment = await page.evaluate(async () => {
      const r = await (globalThis as unknown as { desk: DeskApi }).desk.shipments.list({ limit: 1 });
      return r.ok ? r.value.shipments[0]?.token : undefined;
    });
    const expected = seedCorpus(desk.core.sandbox()!.dbPath, someShipment!, LABELS);
    // The X pointer rests on the window, so its keys go there (no window manager: focus follows the pointer).
    spawnSync('xdotool', ['mousemove', '640', '400', 'click', '1'], { env: xEnv });
    const scanButton = page.getByRole('button', { name: /^Scan/ });
    const tally = new Map<string, number>();
    let resent = 0;
    for (const [i, label] of LABELS.entries()) {
      if ((await scanButton.getAttribute('aria-current')) !== 'page') await scanButton.click();
      await page.evaluate('document.activeElement?.blur?.()');
      const keys = xdotoolKeys(wedgeStrokes(label.text, { scanner: 'us', desk: 'us', gs: 'ctrl-bracket', suffix: 'enter' }));
      const code = label.text.trim();
      // xdotool itself can stall mid-label on a loaded machine; the desk then rightly reads two
      // bursts (a refusal and the tail). That is the sender's timing, not the label's content:
      // such a send is repeated, at most twice, and counted.
      for (let attempt = 1; ; attempt++) {
        const sent = spawnSync('xdotool', ['key', '--delay', '4', ...keys], { env: xEnv });
        expect(sent.status, `xdotool for ${label.name}`).toBe(0);
        const answered = await lastAnswer(page, code);
        if (answered === code || attempt === 3 || typeof answered !== 'string' || !code.endsWith(answered)) break;
        resent += 1;
      }
      const card = expected[i]!;
      await expectCard(page, code, card, label.name);
      tally.set(card.kind, (tally.get(card.kind) ?? 0) + 1);
    }
    console.log(`X replay, US layout: ${LABELS.length} labels; cards ${JSON.stringify(Object.fromEntries(tally))}; sends split by a stall and repeated: ${resent}`);
  });
});

const answerOf = (page: Page): Promise<unknown> =>
  page.evaluate(() => (performance.getEntriesByName('scan:answer').at(-1) as { detail?: { code?: string } } | undefined)?.detail?.code);

/** The code of the newest answer once it is this one, or whatever it is after a few seconds. */
async function lastAnswer(page: Page, code: string): Promise<unknown> {
  try {
    await expect.poll(() => answerOf(page), { timeout: 5_000 }).toBe(code);
  } catch {
    // reported by the caller
  }
  return answerOf(page);
}

async function expectCard(page: Page, code: string, expected: ExpectedCard, name: string): Promise<void> {
  const card = page.getByTestId('answer-card');
  // The renderer marks every answer it shows with the code as it read it from the keys: this
  // scan's answer, and its characters exactly as printed (GS included).
  await expect.poll(() => answerOf(page), { message: name }).toBe(code);
  switch (expected.kind) {
    case 'stock':
      await expect(card.locator('h2.sku'), name).toHaveText(expected.sku);
      await expect(card, name).toHaveAttribute('data-kind', 'stock');
      if (expected.lot) await expect(card.getByTestId('gs1-lot'), name).toHaveText(expected.lot);
      if (expected.serial) await expect(card.getByTestId('gs1-serial'), name).toHaveText(expected.serial);
      if (expected.count !== undefined) await expect(card.getByTestId('gs1-count'), name).toHaveText(String(expected.count));
      return;
    case 'shipment':
      await expect(page.getByRole('button', { name: /^Shipments/ }), name).toHaveAttribute('aria-current', 'page');
      await expect(page.getByText(expected.token).first(), name).toBeVisible();
      return;
    case 'not_found':
      await expect(card.locator('h2'), name).toHaveText(code);
      await expect(card, name).toHaveAttribute('data-kind', 'not_found');
      return;
    case 'invalid':
      await expect(card.locator('h2'), name).toHaveText(code);
      await expect(card, name).toHaveAttribute('data-kind', 'invalid');
      await expect(card.locator('p').last(), name).toHaveText(expected.problem);
  }
}
