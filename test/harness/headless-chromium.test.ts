import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { headlessChromiumPath } from '../../src/harness/headless-chromium';

describe('the browser for headless work', () => {
  it('takes CHROMIUM_HEADLESS_PATH first, then CHROMIUM_PATH', () => {
    expect(headlessChromiumPath({ CHROMIUM_HEADLESS_PATH: '/opt/shell', CHROMIUM_PATH: '/opt/full' })).toBe('/opt/shell');
    expect(headlessChromiumPath({ CHROMIUM_PATH: '/opt/full' })).toBe('/opt/full');
  });

  it("is Debian's headless shell where it is installed, the full browser where not", () => {
    const shell = '/usr/bin/chromium-headless-shell';
    expect(headlessChromiumPath({})).toBe(existsSync(shell) ? shell : '/usr/bin/chromium');
  });
});
