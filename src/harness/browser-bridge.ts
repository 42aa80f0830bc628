// Runs in the browser page the harness serves, before the renderer's own script: builds the same
// `window.desk` as the preload, over a loopback transport instead of Electron's IPC. Bundled on the
// fly by bridge-bundle.ts; never part of the app's build.
import { createBridge } from '../preload/create-bridge';
import { PAGE_TOKEN_HEADER, PAGE_TOKEN_META } from './page-token';

// This file is type-checked with Node's libraries (no DOM): the one DOM call it makes, declared.
declare const document: { querySelector(selector: string): { getAttribute(name: string): string | null; remove(): void } | null };

// Taken before any script of the page runs: the page token (its meta tag removed, so later scripts
// cannot read it) and fetch itself (so a script that replaces window.fetch never sees the header).
const pageFetch = fetch;
const meta = document.querySelector(`meta[name="${PAGE_TOKEN_META}"]`);
const pageToken = meta?.getAttribute('content') ?? '';
meta?.remove();

/** Reconnects the event stream after this long when it breaks (EventSource's default is about as long). */
const RECONNECT_MS = 1000;

const desk = createBridge(
  async (channel, input) => {
    const response = await pageFetch(`/ipc/${encodeURIComponent(channel)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [PAGE_TOKEN_HEADER]: pageToken },
      credentials: 'omit',
      // An envelope, because JSON cannot say "no argument" (undefined) on its own.
      body: JSON.stringify(input === undefined ? {} : { input }),
    });
    return (await response.json()) as unknown;
  },
  (listener) => {
    // Server-Sent Events read through fetch, because EventSource cannot send a header.
    const stop = new AbortController();
    const deliver = (data: string): void => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(data);
      } catch {
        return;
      }
      const { event, payload } = (parsed ?? {}) as { event?: unknown; payload?: unknown };
      if (typeof event === 'string') listener(event, payload);
    };
    const readOnce = async (): Promise<'again' | 'refused'> => {
      const response = await pageFetch('/events', { headers: { [PAGE_TOKEN_HEADER]: pageToken }, credentials: 'omit', signal: stop.signal });
      if (response.status === 401 || response.status === 403) return 'refused';
      if (!response.ok || !response.body) return 'again';
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      let buffered = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return 'again';
        buffered += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffered.indexOf('\n\n')) >= 0) {
          for (const line of buffered.slice(0, end).split('\n')) if (line.startsWith('data: ')) deliver(line.slice(6));
          buffered = buffered.slice(end + 2);
        }
      }
    };
    void (async () => {
      while (!stop.signal.aborted) {
        const outcome = await readOnce().catch(() => 'again' as const);
        // A refused token will not get better by asking again (the harness was restarted).
        if (outcome === 'refused' || stop.signal.aborted) return;
        await new Promise((resolve) => setTimeout(resolve, RECONNECT_MS));
      }
    })();
    return () => stop.abort();
  },
);

// Same shape as contextBridge.exposeInMainWorld: one read-only global on the page, nothing else.
// `__deskPage` is the page's real global object, passed in by the wrapper of bridge-bundle.ts.
declare const __deskPage: object;
Object.defineProperty(__deskPage, 'desk', { value: desk, enumerable: true, writable: false, configurable: false });
