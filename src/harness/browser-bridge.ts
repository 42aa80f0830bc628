// Runs in the browser page the harness serves, before the renderer's own script: builds the same
// `window.desk` as the preload, over a loopback transport instead of Electron's IPC. Bundled on the
// fly by bridge-bundle.ts; never part of the app's build.
import { createBridge } from '../preload/create-bridge';

interface EventMessage {
  data: string;
}

const desk = createBridge(
  async (channel, input) => {
    // The session cookie (HttpOnly, SameSite=Strict) authenticates the call; this script never sees the token.
    const response = await fetch(`/ipc/${encodeURIComponent(channel)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      credentials: 'same-origin',
      // An envelope, because JSON cannot say "no argument" (undefined) on its own.
      body: JSON.stringify(input === undefined ? {} : { input }),
    });
    return (await response.json()) as unknown;
  },
  (listener) => {
    const source = new EventSource('/events');
    const onMessage = (message: EventMessage): void => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(message.data);
      } catch {
        return;
      }
      const { event, payload } = (parsed ?? {}) as { event?: unknown; payload?: unknown };
      if (typeof event === 'string') listener(event, payload);
    };
    source.addEventListener('message', onMessage);
    return () => source.close();
  },
);

// Same shape as contextBridge.exposeInMainWorld: one read-only global on the page, nothing else.
// `__deskPage` is the page's real global object, passed in by the wrapper of bridge-bundle.ts.
declare const __deskPage: object;
Object.defineProperty(__deskPage, 'desk', { value: desk, enumerable: true, writable: false, configurable: false });
