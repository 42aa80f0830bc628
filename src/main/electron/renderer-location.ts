import { APP_ENTRY_URL, APP_HOST, APP_SCHEME } from './app-protocol';

/**
 * Where our own renderer page lives. Only this page may use the desk API, be navigated to, or
 * load resources; everything else is foreign. In a packaged or built app it is
 * `app://desk/index.html`, served from the renderer folder next to main (app-protocol.ts); under
 * `electron-vite dev` it is the loopback dev server.
 */
export type RendererLocation =
  | { kind: 'app'; rendererDir: string /* absolute path of out/renderer */ }
  | { kind: 'dev'; origin: string /* e.g. http://localhost:5173 */ };

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function parse(raw: unknown): URL | null {
  if (typeof raw !== 'string' || raw.length > 8192) return null;
  try {
    return new URL(raw);
  } catch {
    return null;
  }
}

/**
 * Decides between the built page and the dev server. The dev server is used only in an unpackaged
 * app and only when it is a plain-http loopback origin: a packaged app never loads anything remote,
 * whatever its environment says.
 */
export function resolveRendererLocation(opts: { isPackaged: boolean; devServerUrl: string | undefined; rendererDir: string }): RendererLocation {
  if (!opts.isPackaged && opts.devServerUrl) {
    const dev = parse(opts.devServerUrl);
    if (dev && dev.protocol === 'http:' && LOOPBACK_HOSTS.has(dev.hostname) && dev.username === '' && dev.password === '') {
      return { kind: 'dev', origin: dev.origin };
    }
  }
  return { kind: 'app', rendererDir: opts.rendererDir };
}

/** The URL the window loads. */
export function rendererEntryUrl(location: RendererLocation): string {
  return location.kind === 'app' ? APP_ENTRY_URL : `${location.origin}/`;
}

const isAppHost = (url: URL): boolean => url.protocol === `${APP_SCHEME}:` && url.host === APP_HOST;

/**
 * True only for our own renderer page: parsed, never prefix-matched, so `app://desk.evil/`,
 * `app://desk/index.html.evil`, `http://localhost:5173.evil.com`, `http://localhost:5173@evil.com`
 * and every `file://` URL fail. Query and fragment are ignored: they do not change which document
 * runs.
 */
export function isOwnPageUrl(raw: unknown, location: RendererLocation): boolean {
  const url = parse(raw);
  if (!url || url.username !== '' || url.password !== '') return false;
  const isEntryPath = url.pathname === '/' || url.pathname === '/index.html';
  if (location.kind === 'app') return isAppHost(url) && isEntryPath;
  return url.protocol === 'http:' && url.origin === location.origin && isEntryPath;
}

/**
 * What the renderer may fetch: our `app://desk/` files (the protocol handler itself keeps them
 * inside the renderer folder), or anything from the dev server (and its HMR socket). Remote
 * content and `file:` are never loaded; `data:` stays possible for images because the CSP allows
 * `img-src data:`, and `devtools:` so the developer tools still open.
 */
export function isAllowedRequestUrl(raw: unknown, location: RendererLocation): boolean {
  const url = parse(raw);
  if (!url || url.username !== '' || url.password !== '') return false;
  switch (url.protocol) {
    case 'data:':
    case 'devtools:':
      return true;
    case `${APP_SCHEME}:`:
      return location.kind === 'app' && isAppHost(url);
    case 'http:':
      return location.kind === 'dev' && url.origin === location.origin;
    case 'ws:':
      return location.kind === 'dev' && url.host === new URL(location.origin).host;
    default:
      return false;
  }
}
