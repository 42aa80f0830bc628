import type { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHANNEL_NAMES, EVENT_CHANNEL } from '../../../src/shared/ipc/contract';
import type { EventHub } from '../../../src/main/kernel/ipc/event-hub';
import { createElectronMock, FakeEvent } from './electron-mock';

/** A hang guard for conditions reached through a few microtasks and timers, never a speed claim. */
const SETTLED = { timeout: 10_000 };

/**
 * runDesktopApp against a mocked Electron and a stand-in core: what it registers, what it refuses,
 * how it starts and quits. No window renders here; the Playwright _electron smoke test does that
 * where a binary exists.
 */
const core = vi.hoisted(() => ({
  options: null as unknown,
  closed: 0,
  fail: false,
  hub: null as EventHub | null,
  /** The language settings.get answers (undefined: follow the computer). */
  language: undefined as string | undefined,
}));
vi.mock('../../../src/main/core-thread', async () => {
  const { EventHub: Hub } = await import('../../../src/main/kernel/ipc/event-hub');
  return {
    startCoreThread: async (options: unknown) => {
      core.options = options;
      if (core.fail) throw new Error('database locked');
      const handlers = new Proxy({}, { get: (_target, channel) => async () => (channel === 'settings.get' ? { language: core.language } : { version: '0.1.0', demo: true, notices: [] }) });
      core.hub = new Hub();
      return { handlers, events: core.hub, advanceDeskClock: async () => {}, close: async () => void core.closed++ };
    },
  };
});
vi.mock('../../../src/main/kernel/secrets/keytar-store', () => ({ createKeytarStore: () => ({ kind: 'keytar-store-stand-in' }) }));

type ElectronMock = ReturnType<typeof createElectronMock>;

async function start(setup: (electron: ElectronMock) => void = () => {}) {
  // A fresh mocked Electron per start: vi.doMock applies to the imports after resetModules.
  vi.resetModules();
  const electron = createElectronMock();
  vi.doMock('electron', () => electron);
  setup(electron);
  const { runDesktopApp } = await import('../../../src/main/electron/app');
  runDesktopApp();
  return electron;
}
async function startReady(setup?: (electron: ElectronMock) => void) {
  const electron = await start(setup);
  electron.app.readyResolve();
  await electron.app.whenReady();
  await vi.waitFor(() => expect(electron.windows).toHaveLength(1), SETTLED);
  return electron;
}

/**
 * The app registers its process-wide hooks once per process (the log's flush on an uncaught error,
 * its close at exit); each start here registers them again. A test's are closed and removed after
 * it, so the process does not collect dozens of them (Node warns past ten).
 */
const PROCESS_HOOKS = ['uncaughtExceptionMonitor', 'exit'] as const;
type Hook = (...args: unknown[]) => void;
const hooksOf = (event: string): Hook[] => (process as EventEmitter).listeners(event) as Hook[];
let hooksBefore = new Map<string, Hook[]>();

beforeEach(() => {
  hooksBefore = new Map(PROCESS_HOOKS.map((event) => [event, hooksOf(event)]));
  core.options = null;
  core.closed = 0;
  core.fail = false;
  core.hub = null;
  core.language = undefined;
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  for (const event of PROCESS_HOOKS) {
    for (const hook of hooksOf(event)) {
      if (hooksBefore.get(event)?.includes(hook)) continue;
      (process as EventEmitter).removeListener(event, hook);
      if (event === 'exit') hook();
    }
  }
  vi.restoreAllMocks();
  delete process.env['WAREHOUSE_DESK_USER_DATA'];
  delete process.env['ELECTRON_RENDERER_URL'];
});

describe('single instance', () => {
  it('quits at once, creating nothing, when another instance holds the lock', async () => {
    const electron = await start((e) => (e.app.lockGranted = false));
    expect(electron.app.quitCalls).toBe(1);
    expect(electron.app.listenerCount('second-instance')).toBe(0);
    expect(electron.ipcMain.handled.size).toBe(0);
    expect(electron.windows).toHaveLength(0);
  });

  it('focuses (and restores) the existing window when a second instance starts', async () => {
    const electron = await startReady();
    const [window] = electron.windows;
    window!.minimized = true;
    electron.app.emit('second-instance', new FakeEvent(), [], '/');
    expect(window!.minimized).toBe(false);
    expect(window!.focusCalls).toBe(1);
  });
});

describe('startup', () => {
  it('enables the sandbox for every renderer and opens one window with the secure preferences on app://desk/', async () => {
    const electron = await startReady();
    expect(electron.app.sandboxEnabled).toBe(true);
    const [window] = electron.windows;
    const { secureWebPreferences } = await import('../../../src/main/electron/window-options');
    expect(window!.options.webPreferences).toEqual(secureWebPreferences(String(window!.options.webPreferences!['preload'])));
    expect(window!.options.webPreferences!['preload']).toMatch(/[/\\]preload[/\\]index\.cjs$/);
    expect(window!.loadedUrl).toBe('app://desk/index.html');
  });

  it('grants the app: scheme its privileges before ready, and serves it from the renderer folder once ready', async () => {
    const electron = await start();
    expect(electron.protocol.privileged).toEqual([{ scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true, bypassCSP: false, allowServiceWorkers: false }) }]);
    expect(electron.session.defaultSession.protocol.handlers.size).toBe(0);
    electron.app.readyResolve();
    await vi.waitFor(() => expect([...electron.session.defaultSession.protocol.handlers.keys()]).toEqual(['app']), SETTLED);
  });

  it('serves no app: scheme from disk when the dev server is the page', async () => {
    process.env['ELECTRON_RENDERER_URL'] = 'http://localhost:5173';
    const dev = await startReady();
    expect(dev.session.defaultSession.protocol.handlers.size).toBe(0);
  });

  it('starts the core in the userData folder with the keychain store and demo by default', async () => {
    await startReady();
    expect(core.options).toMatchObject({ dataDir: '/tmp/warehouse-desk-test-user-data', secrets: { kind: 'keytar-store-stand-in' }, demoByDefault: true });
  });

  it('lets an unpackaged test run move its data folder, a packaged app never', async () => {
    process.env['WAREHOUSE_DESK_USER_DATA'] = '/tmp/elsewhere';
    await startReady();
    expect(core.options).toMatchObject({ dataDir: '/tmp/elsewhere' });
    await startReady((e) => (e.app.isPackaged = true));
    expect(core.options).toMatchObject({ dataDir: '/tmp/warehouse-desk-test-user-data' });
  });

  it('never loads a remote dev server URL, and in a packaged app no dev server at all', async () => {
    process.env['ELECTRON_RENDERER_URL'] = 'https://evil.com/';
    const hostile = await startReady();
    expect(hostile.windows[0]!.loadedUrl).toBe('app://desk/index.html');
    process.env['ELECTRON_RENDERER_URL'] = 'http://localhost:5173';
    const packaged = await startReady((e) => (e.app.isPackaged = true));
    expect(packaged.windows[0]!.loadedUrl).toBe('app://desk/index.html');
    const dev = await startReady();
    expect(dev.windows[0]!.loadedUrl).toBe('http://localhost:5173/');
  });

  it('guards every webContents created, the main window included', async () => {
    const electron = await startReady();
    const contents = electron.windows[0]!.webContents;
    for (const url of ['https://evil.com/', 'javascript:alert(1)', 'file:///etc/passwd']) expect(contents.windowOpenHandler?.({ url })).toEqual({ action: 'deny' });
    expect(electron.shell.opened).toEqual([]);
    const navigation = new FakeEvent('https://evil.com/');
    contents.emit('will-navigate', navigation);
    expect(navigation.defaultPrevented).toBe(true);
    expect(electron.session.defaultSession.permissionRequestHandler).not.toBeNull();
    expect(electron.session.defaultSession.webRequest.headersReceived).not.toBeNull();
  });
});

describe('IPC', () => {
  it('registers a handler for every contract channel and nothing else', async () => {
    const electron = await startReady();
    expect([...electron.ipcMain.handled.keys()].sort()).toEqual([...CHANNEL_NAMES].sort());
    expect(electron.ipcMain.onChannels).toEqual([]);
  });

  it('answers our page and refuses hostile senders with untrusted_sender', async () => {
    const electron = await startReady();
    const window = electron.windows[0]!;
    const handler = electron.ipcMain.handled.get('app.info')!;
    const ownPage = window.loadedUrl!;
    const event = (url: string, options: { id?: number; parent?: unknown } = {}) => ({
      sender: { id: options.id ?? window.webContents.id },
      senderFrame: { url, parent: options.parent ?? null },
    });
    expect(await handler(event(ownPage), undefined)).toEqual({ ok: true, value: { version: '0.1.0', demo: true, notices: [] } });
    for (const hostile of [
      event('https://evil.com/'),
      event('file:///tmp/evil.html'),
      event('app://evil/index.html'),
      event(`${ownPage}.evil.html`),
      event(ownPage, { parent: {} }),
      event(ownPage, { id: 9999 }),
      { sender: { id: window.webContents.id }, senderFrame: null },
    ]) {
      expect(await handler(hostile, undefined)).toMatchObject({ ok: false, error: { code: 'untrusted_sender' } });
    }
  });

  it('answers a typed error, not an exception, when the core failed to start', async () => {
    core.fail = true;
    const electron = await startReady();
    const handler = electron.ipcMain.handled.get('app.info')!;
    expect(await handler({ sender: { id: 1 }, senderFrame: null }, undefined)).toMatchObject({ ok: false, error: { code: 'internal_error' } });
  });

  it('forwards core events to the window on the one event channel', async () => {
    const electron = await startReady();
    const window = electron.windows[0]!;
    const notice = { level: 'info', code: 'x', message: 'hi', at: '2026-11-21T10:00:00.000Z' } as const;
    await vi.waitFor(() => {
      core.hub!.emit('app.notice', notice);
      expect(window.webContents.sent.length).toBeGreaterThan(0);
    }, SETTLED);
    window.webContents.sent.splice(0);
    core.hub!.emit('app.notice', notice);
    expect(window.webContents.sent).toEqual([[EVENT_CHANNEL, { event: 'app.notice', payload: notice }]]);
  });
});

describe('quit', () => {
  it('closes the core once before the process ends', async () => {
    const electron = await startReady();
    const quit = new FakeEvent();
    electron.app.emit('before-quit', quit);
    expect(quit.defaultPrevented).toBe(true);
    await vi.waitFor(() => expect(electron.app.quitCalls).toBe(1), SETTLED);
    expect(core.closed).toBe(1);
    const again = new FakeEvent();
    electron.app.emit('before-quit', again);
    expect(again.defaultPrevented).toBe(false);
    expect(core.closed).toBe(1);
  });

  it('quits when the window is closed', async () => {
    const electron = await startReady();
    electron.app.emit('window-all-closed');
    expect(electron.app.quitCalls).toBe(1);
  });
});

describe('system dialogs in the desk\'s language', () => {
  it('names the CSV file type in the language chosen in Settings, else the computer\'s', async () => {
    const electron = await startReady((e) => {
      e.app.preferredLanguages = ['de-AT', 'en-GB'];
      e.app.paths.set('documents', '/tmp/warehouse-desk-test-documents');
    });
    const seen: Array<{ filters?: Array<{ name: string }> }> = [];
    electron.dialog.showSaveDialog = async (...args: unknown[]) => {
      seen.push(args.at(-1) as { filters?: Array<{ name: string }> });
      return { canceled: true, filePath: '' };
    };
    const save = (core.options as { saveFile: (name: string, content: string, rows: number) => Promise<unknown> }).saveFile;
    await save('journal.csv', 'x', 1);
    core.language = 'pl';
    await save('journal.csv', 'x', 1);
    expect(seen.map((o) => o.filters?.[0]?.name)).toEqual(['CSV (Tabelle)', 'CSV (arkusz kalkulacyjny)']);
  });
});
