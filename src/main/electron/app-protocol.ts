import type { CustomScheme } from 'electron';
import { readRendererFile } from '../renderer-files/read-renderer-file';
import { RENDERER_RESPONSE_HEADERS } from '../renderer-files/response-headers';

/**
 * The built renderer is served from `app://desk/`, not `file://` (Electron's security checklist,
 * item 18): a `file://` page is an origin that can read any other file it can name, while this
 * scheme answers only for files inside the renderer folder, and only to GET.
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'desk';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/**
 * Registered before `ready`. `standard` gives the page a real origin (so relative URLs, 'self' in
 * the CSP and the sender check work), `secure` makes it a secure context like https, and
 * `corsEnabled` + `supportFetchAPI` let Vite's `<script type="module" crossorigin>` load. Nothing
 * bypasses the CSP and no service worker may register. `codeCache` keeps V8's compiled bundle
 * between starts, which only a standard scheme allows.
 */
export const APP_SCHEME_PRIVILEGES: CustomScheme = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true, codeCache: true, bypassCSP: false, allowServiceWorkers: false, stream: false },
};

function refuse(status: 400 | 404 | 405, reason: string): Response {
  return new Response(reason, { status, headers: { ...RENDERER_RESPONSE_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' } });
}

/**
 * The `protocol.handle(APP_SCHEME, …)` handler: a plain `Request -> Response` function, so it runs
 * and is tested in Node against the real build. Only `app://desk/<file in rendererDir>` is
 * answered; traversal (plain, encoded, backslashes, NUL, symlinks) is refused by
 * readRendererFile before or after the file system is touched. Every answer carries the CSP
 * itself: the session's onHeadersReceived covers http(s), and this must not depend on it.
 */
export function createAppProtocolHandler(rendererDir: string): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return refuse(405, 'method not allowed');
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return refuse(400, 'malformed URL');
    }
    if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST || url.username !== '' || url.password !== '') {
      return refuse(404, 'not found');
    }
    const file = await readRendererFile(rendererDir, url.pathname || '/');
    if (file.status !== 200) return refuse(file.status, file.reason);
    const body = request.method === 'HEAD' ? null : new Uint8Array(file.body);
    return new Response(body, { status: 200, headers: { ...RENDERER_RESPONSE_HEADERS, 'Content-Type': file.contentType, 'Content-Length': String(file.body.length) } });
  };
}
