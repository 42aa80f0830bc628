import { EventEmitter } from 'node:events';

/**
 * A stand-in for the `electron` module, used through `vi.mock('electron', ...)`. It records what
 * the app asks of Electron (options, handlers, listeners) so each test can call those handlers
 * with hostile input. It never pretends a window rendered anything.
 */

export class FakeEvent {
  defaultPrevented = false;
  constructor(
    readonly url = '',
    readonly isMainFrame = true,
  ) {}
  preventDefault(): void {
    this.defaultPrevented = true;
  }
}

let nextContentsId = 1;
export class FakeWebContents extends EventEmitter {
  readonly id = nextContentsId++;
  windowOpenHandler: ((details: { url: string }) => { action: string }) | null = null;
  readonly sent: Array<[string, unknown]> = [];
  destroyed = false;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.windowOpenHandler = handler;
  }
  send(channel: string, message: unknown): void {
    this.sent.push([channel, message]);
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  /** How every print job ends, as Chromium reports it: done by default; a test sets a cancel or a failure. */
  static printAnswer: [success: boolean, failureReason: string] = [true, ''];
  /** What the label print path asked of Chromium's printing. */
  readonly printCalls: Array<Record<string, unknown>> = [];
  print(options: Record<string, unknown>, callback: (success: boolean, failureReason: string) => void): void {
    this.printCalls.push(options);
    callback(...FakeWebContents.printAnswer);
  }
  /** What "Save as PDF" asked of Chromium; the bytes stand in for a PDF. */
  readonly printToPdfCalls: Array<Record<string, unknown>> = [];
  printToPDF(options: Record<string, unknown>): Promise<Buffer> {
    this.printToPdfCalls.push(options);
    return Promise.resolve(Buffer.from('%PDF-1.7 fake'));
  }
  /** The system's printers as Electron lists them. */
  static printers: Array<{ name: string; displayName: string }> = [];
  getPrintersAsync(): Promise<Array<{ name: string; displayName: string }>> {
    return Promise.resolve(FakeWebContents.printers);
  }
}

type WindowOptions = { webPreferences?: Record<string, unknown> } & Record<string, unknown>;

export class FakeBrowserWindow extends EventEmitter {
  readonly webContents = new FakeWebContents();
  loadedUrl: string | null = null;
  minimized = false;
  focusCalls = 0;
  constructor(readonly options: WindowOptions) {
    super();
  }
  loadURL(url: string): Promise<void> {
    this.loadedUrl = url;
    return Promise.resolve();
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  isMinimized(): boolean {
    return this.minimized;
  }
  restore(): void {
    this.minimized = false;
  }
  show(): void {}
  destroyed = false;
  destroy(): void {
    this.destroyed = true;
  }
  focus(): void {
    this.focusCalls++;
  }
}

type PermissionRequestHandler = (contents: unknown, permission: string, callback: (granted: boolean) => void, details: unknown) => void;
type WebRequestListener = (details: { url: string; responseHeaders?: Record<string, string[]> }, callback: (response: Record<string, unknown>) => void) => void;

export function createElectronMock() {
  const app = Object.assign(new EventEmitter(), {
    isPackaged: false,
    lockGranted: true,
    quitCalls: 0,
    sandboxEnabled: false,
    paths: new Map<string, string>([['userData', '/tmp/warehouse-desk-test-user-data']]),
    readyFired: false,
    preferredLanguages: ['en-GB'] as string[],
    getPreferredSystemLanguages(): string[] {
      return app.preferredLanguages;
    },
    readyResolve: (() => {}) as () => void,
    ready: null as Promise<void> | null,
    requestSingleInstanceLock(): boolean {
      return app.lockGranted;
    },
    quit(): void {
      app.quitCalls++;
    },
    enableSandbox(): void {
      app.sandboxEnabled = true;
    },
    whenReady(): Promise<void> {
      app.ready ??= new Promise<void>((resolve) => (app.readyResolve = () => ((app.readyFired = true), resolve())));
      return app.ready;
    },
    getPath(name: string): string {
      const path = app.paths.get(name);
      if (!path) throw new Error(`no path ${name}`);
      return path;
    },
    setPath(name: string, value: string): void {
      app.paths.set(name, value);
    },
  });

  const windows: FakeBrowserWindow[] = [];
  // A plain function used with `new`: a class declared in here would leak EventEmitter's static types.
  const BrowserWindow = function (options: WindowOptions) {
    const window = new FakeBrowserWindow(options);
    windows.push(window);
    // Electron announces every new webContents, the main window's included.
    app.emit('web-contents-created', new FakeEvent(), window.webContents);
    return window;
  } as unknown as (new (options: WindowOptions) => FakeBrowserWindow) & { getFocusedWindow(): FakeBrowserWindow | null };
  // No window has the focus in a test: a dialog opens without a parent.
  BrowserWindow.getFocusedWindow = () => null;

  const handled = new Map<string, (event: unknown, ...args: unknown[]) => unknown>();
  const ipcMain = {
    handled,
    onChannels: [] as string[],
    handle(channel: string, listener: (event: unknown, ...args: unknown[]) => unknown): void {
      if (handled.has(channel)) throw new Error(`second handler for ${channel}`);
      handled.set(channel, listener);
    },
    removeHandler(channel: string): void {
      handled.delete(channel);
    },
    on(channel: string): void {
      ipcMain.onChannels.push(channel);
    },
  };

  type ProtocolHandler = (request: Request) => Promise<Response> | Response;
  /** Scheme privileges may only be registered before ready, as in Electron. */
  const protocol = {
    privileged: [] as Array<{ scheme: string; privileges?: Record<string, unknown> }>,
    registerSchemesAsPrivileged(schemes: Array<{ scheme: string; privileges?: Record<string, unknown> }>): void {
      if (app.readyFired) throw new Error('registerSchemesAsPrivileged after ready');
      protocol.privileged.push(...schemes);
    },
  };

  const defaultSession = {
    protocol: {
      handlers: new Map<string, ProtocolHandler>(),
      handle(scheme: string, handler: ProtocolHandler): void {
        if (defaultSession.protocol.handlers.has(scheme)) throw new Error(`second handler for ${scheme}:`);
        defaultSession.protocol.handlers.set(scheme, handler);
      },
    },
    permissionRequestHandler: null as PermissionRequestHandler | null,
    permissionCheckHandler: null as ((...args: unknown[]) => boolean) | null,
    devicePermissionHandler: null as ((...args: unknown[]) => boolean) | null,
    setPermissionRequestHandler(handler: PermissionRequestHandler) {
      defaultSession.permissionRequestHandler = handler;
    },
    setPermissionCheckHandler(handler: (...args: unknown[]) => boolean) {
      defaultSession.permissionCheckHandler = handler;
    },
    setDevicePermissionHandler(handler: (...args: unknown[]) => boolean) {
      defaultSession.devicePermissionHandler = handler;
    },
    webRequest: {
      beforeRequest: null as WebRequestListener | null,
      headersReceived: null as WebRequestListener | null,
      onBeforeRequest(listener: WebRequestListener) {
        defaultSession.webRequest.beforeRequest = listener;
      },
      onHeadersReceived(listener: WebRequestListener) {
        defaultSession.webRequest.headersReceived = listener;
      },
    },
  };

  const shell = { opened: [] as string[], openExternal: async (url: string) => void shell.opened.push(url) };

  const exposed = new Map<string, unknown>();
  const contextBridge = { exposed, exposeInMainWorld: (key: string, value: unknown) => void exposed.set(key, value) };

  const rendererListeners = new Map<string, Set<(...args: unknown[]) => void>>();
  const ipcRenderer = {
    invoked: [] as Array<[string, unknown]>,
    listeners: rendererListeners,
    invoke: async (channel: string, input: unknown) => {
      ipcRenderer.invoked.push([channel, input]);
      return { ok: false, error: { code: 'internal_error', message: 'mock' } };
    },
    on(channel: string, listener: (...args: unknown[]) => void) {
      let set = rendererListeners.get(channel);
      if (!set) rendererListeners.set(channel, (set = new Set()));
      set.add(listener);
    },
    off(channel: string, listener: (...args: unknown[]) => void) {
      rendererListeners.get(channel)?.delete(listener);
    },
  };

  /** Save dialogs record what they were asked, and answer what a test set (cancelled by default). */
  const dialog = {
    saveCalls: [] as unknown[][],
    saveAnswer: { canceled: true, filePath: '' } as { canceled: boolean; filePath: string },
    showSaveDialog: async (...args: unknown[]) => (dialog.saveCalls.push(args), dialog.saveAnswer),
  };

  /** Sessions of other partitions (the label print windows'): they only refuse permissions here. */
  const fromPartition = (_partition: string) => ({ setPermissionRequestHandler(_handler: PermissionRequestHandler) {} });

  return { app, BrowserWindow, windows, ipcMain, protocol, session: { defaultSession, fromPartition }, shell, dialog, contextBridge, ipcRenderer };
}

export type ElectronMock = ReturnType<typeof createElectronMock>;
