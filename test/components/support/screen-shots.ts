import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { setLanguageSetting, setSystemLanguages } from '../../../src/renderer/src/i18n/locale.svelte';
import { cdp, page } from 'vitest/browser';

/** The two sizes every screen is looked at in: the desk's usual screen and a small one. */
export const DESK_SIZES = [
  [1280, 800],
  [1024, 700],
] as const;

/** Buttons whose words do not fit them (cut, not wrapped or ellipsised). */
export function cutButtons(): string[] {
  return [...document.querySelectorAll('button')]
    .filter((b) => b.getClientRects().length > 0 && b.scrollWidth > b.clientWidth + 1)
    .map((b) => (b.textContent ?? '').trim().slice(0, 30));
}

/**
 * Where the shots of a look go, relative to its test file (test/components/<area>/): the git-ignored
 * test/artifacts/components/<folder> on every run, so that running the tests leaves the tree as it
 * was; `SCREENS=docs` (passed in as VITE_SCREENS) refreshes the committed docs/screens/<folder>.
 */
function screensDir(folder: string): string {
  return import.meta.env['VITE_SCREENS'] === 'docs' ? `../../../docs/screens/${folder}` : `../../artifacts/components/${folder}`;
}

/**
 * The page as it stands, light and dark, at both desk sizes, into the look's folder (see
 * screensDir) as `<lang>-<name>-<w>x<h>-<scheme>.png`, each shot refused while a button's words are cut.
 */
export async function shootScreens(folder: string, name: string, lang: string): Promise<void> {
  const dir = screensDir(folder);
  for (const scheme of ['light', 'dark'] as const) {
    await cdp().send('Emulation.setEmulatedMedia', { features: [{ name: 'prefers-color-scheme', value: scheme }] });
    for (const [w, h] of DESK_SIZES) {
      await page.viewport(w, h);
      await new Promise((r) => requestAnimationFrame(() => r(null)));
      expect(cutButtons(), `${lang} ${name} ${w}x${h}`).toEqual([]);
      await page.screenshot({ path: `${dir}/${lang}-${name}-${w}x${h}-${scheme}.png` });
    }
  }
}

/**
 * For a describe block that shoots screens in several languages and schemes: starts from empty
 * storage, runs each test's `uninstall()` after it, and gives the page back its languages and
 * colour scheme at the end. Returns the setter for the current test's uninstall.
 */
export function screensSuite(): (uninstall: () => void) => void {
  const system = [...navigator.languages];
  let uninstall: () => void = () => {};
  beforeAll(() => localStorage.clear());
  afterEach(() => {
    uninstall();
    uninstall = () => {};
  });
  afterAll(async () => {
    setLanguageSetting('system');
    setSystemLanguages(system);
    await cdp().send('Emulation.setEmulatedMedia', { features: [] });
  });
  return (next) => (uninstall = next);
}
