import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL_NAMES } from '../../../src/shared/ipc/contract';

/**
 * The BUILT main bundle (out/main/index.js, what Electron would load) run in plain Node with only
 * `electron` replaced by a recording stub (fixtures/electron-stub.mjs). No window renders; what
 * this proves is that the bundle's module graph loads under Node's ESM rules, that the real core
 * starts in demo mode in the data folder, and that the real IPC handlers answer a trusted sender
 * and refuse a hostile one. The Playwright _electron smoke test does the rest where a binary exists.
 */
const root = join(import.meta.dirname, '../../..');
const built = join(root, 'out/main/index.js');
const dataDir = mkdtempSync(join(tmpdir(), 'warehouse-desk-built-main-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the built main process, with electron stubbed', () => {
  let run: SpawnSyncReturns<string>;
  let lines: Array<{ what: string } & Record<string, unknown>> = [];
  const seen = (what: string) => lines.find((l) => l.what === what);
  beforeAll(() => {
    run = spawnSync(process.execPath, ['--import', join(import.meta.dirname, 'fixtures/electron-resolve-hook.mjs'), built], {
      cwd: root,
      env: { ...process.env, WAREHOUSE_DESK_USER_DATA: dataDir },
      encoding: 'utf8',
      timeout: 60_000,
    });
    lines = run.stdout
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { what: string } & Record<string, unknown>);
  });

  it('loads, starts and quits cleanly (exit code 0)', () => {
    expect(run.stderr.split('\n').filter((l) => /Error|error:/.test(l)).slice(0, 5)).toEqual([]);
    expect(seen('error')).toBeUndefined();
    expect(run.status).toBe(0);
    expect(seen('exit')).toBeDefined();
  });

  it('opens one window on app://desk/ with the secure preferences, and registers exactly the contract channels', () => {
    const window = seen('window') as { count: number; loadedUrl: string; webPreferences: Record<string, unknown>; channels: string[] } | undefined;
    expect(window?.count).toBe(1);
    expect(window?.loadedUrl).toBe('app://desk/index.html');
    expect(window?.webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, preload: join(root, 'out/preload/index.cjs') });
    expect(window?.channels.sort()).toEqual([...CHANNEL_NAMES].sort());
    expect(seen('enableSandbox')).toBeDefined();
  });

  it('serves the built renderer through its app: scheme handler, with the CSP, and nothing outside it', () => {
    expect(seen('protocol')).toMatchObject({
      privileged: [{ scheme: 'app', privileges: { standard: true, secure: true } }],
      schemes: ['app'],
      page: { status: 200, type: 'text/html; charset=utf-8', csp: expect.stringContaining("script-src 'self'"), hasRoot: true },
      asset: { status: 200, type: 'text/javascript; charset=utf-8' },
      escape: 400,
    });
  });

  it('answers a trusted sender from the real core in demo mode, and refuses a hostile one', () => {
    expect(seen('app.info')).toMatchObject({ answer: { ok: true, value: { demo: true } } });
    expect(seen('stock.lookup')).toMatchObject({ answer: { ok: true, value: { code: 'WD-000001' } } });
    expect(seen('hostile')).toMatchObject({ answer: { ok: false, error: { code: 'untrusted_sender' } } });
    expect(seen('navigation')).toEqual({ what: 'navigation', refused: true });
  });

  it('keeps its data in the folder it was given', () => {
    expect(readdirSync(dataDir)).toContain('cache.sqlite');
  });
});
