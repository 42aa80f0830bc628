import { pathToFileURL } from 'node:url';

/**
 * Where our own renderer page lives. Only this page may use the desk API, be navigated to, or
 * load resources; everything else is foreign. In a packaged or built app it is the file:// page
 * next to main; under `electron-vite dev` it is the loopback dev server.
 */
export type RendererLocation =
  | { kind: 'file'; indexHtml: string /* absolute path of out/renderer/index.html */ }
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
export function resolveRendererLocation(opts: { isPackaged: boolean; devServerUrl: string | undefined; indexHtml: string }): RendererLocation {
  if (!opts.isPackaged && opts.devServerUrl) {
    const dev = parse(opts.devServerUrl);
    if (dev && dev.protocol === 'http:' && LOOPBACK_HOSTS.has(dev.hostname) && dev.username === '' && dev.password === '') {
      return { kind: 'dev', origin: dev.origin };
    }
  }
  return { kind: 'file', indexHtml: opts.indexHtml };
}

/** The URL the window loads. */
export function rendererEntryUrl(location: RendererLocation): string {
  return location.kind === 'file' ? pathToFileURL(location.indexHtml).href : `${location.origin}/`;
}

/**
 * True only for our own renderer page: parsed, never prefix-matched, so `file:///…/index.html.evil`,
 * `http://localhost:5173.evil.com`, `http://localhost:5173@evil.com` and `file://host/…` all fail.
 * Query and fragment are ignored: they do not change which document runs.
 */
export function isOwnPageUrl(raw: unknown, location: RendererLocation): boolean {
  const url = parse(raw);
  if (!url || url.username !== '' || url.password !== '') return false;
  if (location.kind === 'file') {
    const own = pathToFileURL(location.indexHtml);
    return url.protocol === 'file:' && url.host === '' && url.pathname === own.pathname;
  }
  return (url.protocol === 'http:' && url.origin === location.origin && (url.pathname === '/' || url.pathname === '/index.html'));
}

/**
 * What the renderer may fetch: files inside our renderer folder, or anything from the dev server
 * (and its HMR socket). Remote content is never loaded; `data:` stays possible for images because
 * the CSP allows `img-src data:`, and `devtools:` so the developer tools still open.
 */
export function isAllowedRequestUrl(raw: unknown, location: RendererLocation): boolean {
  const url = parse(raw);
  if (!url || url.username !== '' || url.password !== '') return false;
  switch (url.protocol) {
    case 'data:':
    case 'devtools:':
      return true;
    case 'file:': {
      if (location.kind !== 'file' || url.host !== '') return false;
      const folder = new URL('./', pathToFileURL(location.indexHtml)).pathname;
      return url.pathname.startsWith(folder) && !url.pathname.split('/').includes('..');
    }
    case 'http:':
      return location.kind === 'dev' && url.origin === location.origin;
    case 'ws:':
      return location.kind === 'dev' && url.host === new URL(location.origin).host;
    default:
      return false;
  }
}
