import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findBrowser } from '../../scripts/find-browser.mjs';

/** The browser `npm start` opens when there is no Electron: found by name on PATH, in order. */
const dirs: string[] = [];
function binDir(...names: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'desk-browsers-'));
  dirs.push(dir);
  for (const name of names) {
    writeFileSync(join(dir, name), '#!/bin/sh\n');
    chmodSync(join(dir, name), 0o755);
  }
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const noFixedPaths = !['/snap/bin/chromium', '/Applications/Google Chrome.app'].some(existsSync);

describe('findBrowser', () => {
  it("finds Ubuntu's chromium-browser and Google Chrome on PATH, Debian's chromium first", () => {
    expect(findBrowser({ PATH: binDir('chromium-browser') })).toMatch(/chromium-browser$/);
    expect(findBrowser({ PATH: binDir('google-chrome') })).toMatch(/google-chrome$/);
    const both = binDir('google-chrome-stable', 'chromium');
    expect(findBrowser({ PATH: both })).toBe(join(both, 'chromium'));
  });

  it('takes CHROMIUM_PATH first, and only if it is an executable', () => {
    const dir = binDir('my-browser', 'chromium');
    expect(findBrowser({ PATH: dir, CHROMIUM_PATH: join(dir, 'my-browser') })).toBe(join(dir, 'my-browser'));
    expect(findBrowser({ PATH: dir, CHROMIUM_PATH: join(dir, 'missing') })).toBeNull();
  });

  it.runIf(noFixedPaths)('answers null when none is found (npm start then prints the address)', () => {
    expect(findBrowser({ PATH: binDir('firefox') })).toBeNull();
  });
});
