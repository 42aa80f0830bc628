// Runs in the browser page the harness serves, before the renderer's own script: builds the same
// `window.desk` as the preload, over a loopback WebSocket instead of Electron's IPC. Bundled on the
// fly by bridge-bundle.ts; never part of the app's build.
import { createBridge } from '../preload/create-bridge';
import { IPC_SOCKET_PATH, PAGE_TOKEN_META, REFUSED_CLOSE_CODE } from './page-token';

// This file is type-checked with Node's libraries (no DOM): the DOM it uses, declared.
declare const document: { querySelector(selector: string): { getAttribute(name: string): string | null; remove(): void } | null };
declare const location: { host: string };

// Taken before any script of the page runs: the page token (its meta tag removed, so later scripts
// cannot read it) and WebSocket itself (so a script that replaces window.WebSocket never sees the token).
const PageSocket = WebSocket;
const meta = document.querySelector(`meta[name="${PAGE_TOKEN_META}"]`);
const pageToken = meta?.getAttribute('content') ?? '';
meta?.remove();

/** Reconnects the socket after this long when it breaks. */
const RECONNECT_MS = 1000;

/**
 * One WebSocket per page carries the calls and the events, as Electron's IPC does over one
 * channel: no HTTP request, headers or connection per call. The first message is the page token;
 * calls are `{id, channel, input?}`, answers `{id, result}`, events `{event, payload}`.
 */
type Pending = { resolve(raw: unknown): void; reject(error: Error): void };
const pending = new Map<number, Pending>();
const eventListeners = new Set<(event: string, payload: unknown) => void>();
let nextId = 1;
let refused = false;
let ready: Promise<InstanceType<typeof WebSocket>> | null = null;

function connect(): Promise<InstanceType<typeof WebSocket>> {
  ready ??= new Promise((resolve, reject) => {
    const socket = new PageSocket(`ws://${location.host}${IPC_SOCKET_PATH}`);
    socket.addEventListener('open', () => {
      socket.send(JSON.stringify({ pageToken }));
      resolve(socket);
    });
    socket.addEventListener('message', (message) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(String(message.data));
      } catch {
        return;
      }
      const { id, result, event, payload } = (parsed ?? {}) as { id?: unknown; result?: unknown; event?: unknown; payload?: unknown };
      if (typeof id === 'number') {
        pending.get(id)?.resolve(result);
        pending.delete(id);
      } else if (typeof event === 'string') for (const listener of eventListeners) listener(event, payload);
    });
    socket.addEventListener('close', (closed) => {
      ready = null;
      for (const call of pending.values()) call.reject(new Error('the harness connection closed'));
      pending.clear();
      reject(new Error('the harness connection closed'));
      // A refused token will not get better by asking again (the harness was restarted).
      if (closed.code === REFUSED_CLOSE_CODE) refused = true;
      else if (eventListeners.size > 0) setTimeout(() => void connect().catch(() => undefined), RECONNECT_MS);
    });
  });
  return ready;
}

const desk = createBridge(
  async (channel, input) => {
    if (refused) throw new Error('the harness refused this page');
    const socket = await connect();
    const id = nextId++;
    return new Promise<unknown>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      socket.send(JSON.stringify(input === undefined ? { id, channel } : { id, channel, input }));
    });
  },
  (listener) => {
    eventListeners.add(listener);
    void connect().catch(() => undefined);
    return () => eventListeners.delete(listener);
  },
);

// Same shape as contextBridge.exposeInMainWorld: one read-only global on the page, nothing else.
// `__deskPage` is the page's real global object, passed in by the wrapper of bridge-bundle.ts.
declare const __deskPage: object;
Object.defineProperty(__deskPage, 'desk', { value: desk, enumerable: true, writable: false, configurable: false });
