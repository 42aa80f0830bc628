import { _electron as electron, expect, test, type ElectronApplication, type Page } from '@playwright/test';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { CHANNEL_NAMES } from '../../src/shared/ipc/contract';

/**
 * The built app in a real Electron: the window's preferences, the bridge, the guards, single
 * instance and a clean quit. It runs wherever an Electron binary is installed and says plainly
 * that it was skipped where none is; it never pretends a window ran.
 */
const root = join(import.meta.dirname, '../..');

function electronBinary(): string | null {
  try {
    // The electron package exports the binary's path and throws when its download never happened.
    const path = createRequire(import.meta.url)('electron') as unknown;
    return typeof path === 'string' && existsSync(path) ? path : null;
  } catch {
    return null;
  }
}

const binary = electronBinary();
const NO_BINARY =
  'No Electron binary on this machine: the electron package is installed without it (its download host is unreachable here). ' +
  'Run `node node_modules/electron/install.js` where the internet is reachable, or set ELECTRON_OVERRIDE_DIST_PATH to an Electron build. ' +
  'The harness specs cover the renderer and the real core meanwhile; test/main/electron covers the Electron edge with electron mocked.';

type PageGlobals = {
  desk: Record<string, Record<string, (input?: unknown) => Promise<unknown>>>;
  require?: unknown;
  process?: unknown;
  open(url: string): unknown;
  location: { href: string };
  document: { querySelector(selector: string): { getAttribute(name: string): string | null } | null };
};

// The list reporter does not print skip reasons, so the reason is also said where the run's output shows it.
if (!binary && !process.env['TEST_WORKER_INDEX']) console.log(`electron-smoke.spec.ts: skipped. ${NO_BINARY}`);

test.describe('Electron smoke', () => {
  if (!binary) test.skip(true, NO_BINARY);
  test.describe.configure({ mode: 'serial' });

  let app: ElectronApplication;
  let page: Page;
  let userData: string;
  let xvfb: ChildProcess | null = null;

  /** Starts Xvfb on a free display; `-displayfd` writes the display number once it accepts clients. */
  const startXvfb = (): Promise<string> =>
    new Promise((resolve, reject) => {
      const server = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1400x1000x24'], { stdio: ['ignore', 'ignore', 'ignore', 'pipe'] });
      xvfb = server;
      let written = '';
      (server.stdio[3] as Readable).on('data', (chunk: Buffer) => {
        written += chunk.toString();
        if (written.includes('\n')) resolve(`:${written.trim()}`);
      });
      server.once('exit', (code) => reject(new Error(`Xvfb exited (${code}) before it was ready`)));
    });
  const env: Record<string, string> = {};
  // Chromium refuses to start its OS sandbox as root (as CI runs here); the renderer sandbox flag stays on.
  const rootFlags = process.getuid?.() === 0 ? ['--no-sandbox'] : [];

  test.beforeAll(async () => {
    // The app loads better-sqlite3 in Electron's ABI; afterAll puts the Node build back for the Node tests.
    const native = spawnSync(process.execPath, [join(root, 'scripts/native-modules.mjs'), 'electron'], { stdio: 'inherit', cwd: root });
    expect(native.status, 'better-sqlite3 rebuilt for Electron').toBe(0);
    userData = mkdtempSync(join(tmpdir(), 'warehouse-desk-smoke-'));
    Object.assign(env, process.env, { WAREHOUSE_DESK_USER_DATA: userData });
    if (!process.env['DISPLAY'] && spawnSync('which', ['Xvfb']).status === 0) {
      env['DISPLAY'] = await startXvfb();
    }
    app = await electron.launch({ executablePath: binary!, args: [...rootFlags, root], env, cwd: root });
    page = await app.firstWindow();
    await page.waitForLoadState('domcontentloaded');
  });

  test.afterAll(async () => {
    await app?.close();
    xvfb?.kill();
    if (userData) rmSync(userData, { recursive: true, force: true });
    spawnSync(process.execPath, [join(root, 'scripts/native-modules.mjs'), 'node'], { stdio: 'inherit', cwd: root });
  });

  test('one window, on app://desk/ (never file://)', async () => {
    expect(await page.title()).toBe('Warehouse Desk');
    expect(page.url()).toBe('app://desk/index.html');
    expect(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBe(1);
  });

  test('the page has window.desk with the contract domains, and no Node', async () => {
    const seen = await page.evaluate(() => {
      const g = globalThis as unknown as PageGlobals;
      const before = g.desk;
      try {
        (g as { desk: unknown }).desk = null;
      } catch {
        // contextBridge makes the global read-only
      }
      // Electron keeps web preferences private; what they do is visible: no Node globals, an isolated preload.
      return {
        keys: Object.keys(g.desk).sort(),
        stillDesk: g.desk === before,
        require: typeof g.require,
        process: typeof g.process,
        ipcRenderer: typeof (g as { ipcRenderer?: unknown }).ipcRenderer,
        module: typeof (g as { module?: unknown }).module,
      };
    });
    expect(seen).toEqual({
      keys: [...new Set(CHANNEL_NAMES.map((c) => c.split('.')[0]!)), 'on'].sort(),
      stillDesk: true,
      require: 'undefined',
      process: 'undefined',
      ipcRenderer: 'undefined',
      module: 'undefined',
    });
    const info = await page.evaluate(() => (globalThis as unknown as PageGlobals).desk['app']!['info']!());
    expect(info).toMatchObject({ ok: true, value: { demo: true } });
  });

  test('the page cannot read files: neither through file:// nor out of app://desk/', async () => {
    const answers = await page.evaluate(async () => {
      const g = globalThis as unknown as PageGlobals;
      const attempt = async (url: string) => {
        try {
          const response = await fetch(url);
          return response.status;
        } catch {
          return 'refused';
        }
      };
      return {
        ownAsset: await attempt(new URL(g.document.querySelector('script[src]')?.getAttribute('src') ?? '', g.location.href).href),
        file: await attempt('file:///etc/passwd'),
        escape: await attempt('app://desk/..%2Fmain%2Findex.js'),
      };
    });
    expect(answers).toEqual({ ownAsset: 200, file: 'refused', escape: 400 });
  });

  test('new windows and navigation away are refused', async () => {
    const before = page.url();
    expect(await page.evaluate(() => (globalThis as unknown as PageGlobals).open('https://example.com/') === null)).toBe(true);
    // Main logs each refusal (web-guards.ts): once it has, the navigation was stopped, not pending.
    const refused = app.waitForEvent('console', (message) => message.text().includes('refused navigation'));
    await page.evaluate(() => ((globalThis as unknown as PageGlobals).location.href = 'https://example.com/'));
    await refused;
    expect(page.url()).toBe(before);
    expect(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBe(1);
  });

  test('a second instance hands over to the first and exits', async () => {
    const second = spawnSync(binary!, [...rootFlags, root], { env, timeout: 30_000 });
    expect(second.status).toBe(0);
    expect(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBe(1);
  });

  test('quits cleanly, closing the core', async () => {
    const exited = new Promise<number | null>((resolve) => app.process().once('exit', (code) => resolve(code)));
    await app.evaluate(({ app: electronApp }) => electronApp.quit());
    expect(await exited).toBe(0);
  });
});
