import { app, BrowserWindow, ipcMain, protocol, session, shell, type IpcMainInvokeEvent } from 'electron';
import { join } from 'node:path';
import { startCoreThread, type CoreThread } from '../core-thread';
import { createIpcRouter, type IpcRouter } from '../kernel/ipc/router';
import { createKeytarStore } from '../kernel/secrets/keytar-store';
import { APP_SCHEME, APP_SCHEME_PRIVILEGES, createAppProtocolHandler } from './app-protocol';
import { allowedExternalUrl } from './external-links';
import { forwardEvents, registerDeskIpc } from './ipc-main';
import { DIALOG_WORDS, dialogLanguage, type DialogWords } from './dialog-words';
import { electronLabelPrinter } from './label-printer';
import { rendererEntryUrl, resolveRendererLocation, type RendererLocation } from './renderer-location';
import { saveWithDialog } from './save-dialog';
import { createSenderCheck } from './trusted-sender';
import { guardSession, guardWebContents } from './web-guards';
import { secureWebPreferences } from './window-options';
import type { Log } from '../kernel/log';
import { createFileLog, LOG_DIR, teeLog } from '../kernel/log-file';

const consoleLog: Log = (level, message, data) => {
  console[level](`[warehouse-desk] ${message}`, data ?? '');
};
/** The console until the data folder is known, then the console and the log file in it (kernel/log-file.ts). */
let log: Log = consoleLog;

/** Test runs of an unpackaged app may keep their data elsewhere; a packaged app never reads this. */
const DATA_DIR_OVERRIDE = 'WAREHOUSE_DESK_USER_DATA';

function createMainWindow(location: RendererLocation): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 860,
    minWidth: 800,
    minHeight: 600,
    show: false,
    title: 'Warehouse Desk',
    // The three that matter most are restated literally so static scanners (Electronegativity) see
    // them at the constructor; test/main/electron/app.test.ts checks they agree with window-options.ts.
    webPreferences: {
      ...secureWebPreferences(join(import.meta.dirname, '../preload/index.cjs')),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      disableBlinkFeatures: 'Auxclick',
    },
  });
  window.once('ready-to-show', () => window.show());
  // Only our own page is ever loaded: app://desk/, or the loopback dev server of an unpackaged app.
  void window.loadURL(rendererEntryUrl(location));
  return window;
}

function focus(window: BrowserWindow | null): void {
  if (!window || window.isDestroyed()) return;
  if (window.isMinimized()) window.restore();
  window.show();
  window.focus();
}

/**
 * The Electron edge: one instance, one window on our own page, the real core behind the typed
 * IPC router. Everything the app does lives in the core (plain Node); this file only wires it to
 * Electron and holds the window to the rules in web-guards.ts.
 */
export function runDesktopApp(): void {
  if (!app.requestSingleInstanceLock()) {
    // Another instance owns the data folder and the keychain entries: hand over to it.
    app.quit();
    return;
  }
  // Every renderer is OS-sandboxed, even one created by a path we did not foresee.
  app.enableSandbox();
  // Scheme privileges can only be granted before ready; the handler is attached once ready.
  protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);

  const override = process.env[DATA_DIR_OVERRIDE];
  if (override && !app.isPackaged) app.setPath('userData', override);
  const fileLog = createFileLog(join(app.getPath('userData'), LOG_DIR));
  log = teeLog(consoleLog, fileLog.log);
  // The file is written off this thread (kernel/log-file.ts): what still waits for the disk is
  // written at once when the process ends, and when an error nobody caught may end it (the
  // monitor changes nothing of how Electron handles that error).
  process.on('uncaughtExceptionMonitor', (error) => {
    log('error', 'an error nobody caught', { error: String(error instanceof Error ? (error.stack ?? error) : error) });
    fileLog.flush();
  });
  process.once('exit', () => fileLog.close());

  const location = resolveRendererLocation({
    isPackaged: app.isPackaged,
    devServerUrl: process.env['ELECTRON_RENDERER_URL'],
    rendererDir: join(import.meta.dirname, '../renderer'),
  });
  const guardLog = (message: string, data: Record<string, unknown>): void => log('warn', message, data);
  // The guards pass only allowlisted URLs; checked again here so the one call site proves it.
  // Electronegativity flags any non-literal argument for manual review: this is that review.
  const openExternal = (url: string): void => {
    const allowed = allowedExternalUrl(url);
    if (allowed) void shell.openExternal(allowed); // eng-disable OPEN_EXTERNAL_JS_CHECK
  };

  let window: BrowserWindow | null = null;
  const ourContents = new Set<number>();
  let core: Promise<CoreThread> | null = null;
  let closed = false;

  app.on('web-contents-created', (_event, contents) => guardWebContents(contents, { location, openExternal, log: guardLog }));
  app.on('second-instance', () => focus(window));
  app.on('window-all-closed', () => app.quit());
  app.on('before-quit', (event) => {
    if (closed || !core) return;
    // Stop timers, sync and the demo sandbox, and close the database before the process ends.
    event.preventDefault();
    const closing = core;
    core = null;
    void closing
      .then((c) => c.close())
      .catch((error: unknown) => log('error', 'closing the core failed', { error: String(error) }))
      .finally(() => {
        closed = true;
        app.quit();
      });
  });

  void app.whenReady().then(() => {
    guardSession(session.defaultSession, { location, log: guardLog });
    if (location.kind === 'app') session.defaultSession.protocol.handle(APP_SCHEME, createAppProtocolHandler(location.rendererDir));
    // The system dialogs main opens speak the desk's language: the one chosen in Settings, read when a dialog opens.
    const words = async (): Promise<DialogWords> => {
      const settings = await started.then((c) => c.handlers['settings.get'](undefined)).catch(() => null);
      return DIALOG_WORDS[dialogLanguage(settings?.language, app.getPreferredSystemLanguages())];
    };
    const printer = electronLabelPrinter(() => window, words);
    // The core works in its own thread: this one hosts the window and routes IPC (docs/architecture.md, "Where the work runs").
    const started = startCoreThread({ dataDir: app.getPath('userData'), secrets: createKeytarStore(), demoByDefault: true, log, saveFile: saveWithDialog(() => app.getPath('documents'), words), printer });
    core = started;
    const isTrustedSender = createSenderCheck(location, (id) => ourContents.has(id));
    const router: Promise<IpcRouter<IpcMainInvokeEvent>> = started.then((c) =>
      createIpcRouter<IpcMainInvokeEvent>(c.handlers, { isTrustedSender, logError: (channel, error) => log('error', `IPC ${channel} failed`, { error: String(error) }) }),
    );
    router.catch((error: unknown) => log('error', 'the desk core did not start', { error: String(error) }));
    registerDeskIpc(ipcMain, router);

    window = createMainWindow(location);
    ourContents.add(window.webContents.id);
    const contents = window.webContents;
    window.on('closed', () => {
      ourContents.delete(contents.id);
      window = null;
    });
    void started.then((c) => forwardEvents(c.events, () => window?.webContents ?? null)).catch(() => {});
  });
}
