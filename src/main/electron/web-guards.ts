import type { Event, Session, WebContents } from 'electron';
import { withCspHeader } from '../renderer-files/response-headers';
import { allowedExternalUrl } from './external-links';
import { isAllowedRequestUrl, isOwnPageUrl, type RendererLocation } from './renderer-location';

export interface GuardOptions {
  location: RendererLocation;
  /** shell.openExternal in the app; receives only URLs that passed the allowlist. */
  openExternal: (url: string) => void;
  /** Where refusals are noted (never with secrets: URLs here are what the page tried to open). */
  log?: (message: string, data: Record<string, unknown>) => void;
}

/**
 * Guards one webContents: it may never leave our page, open a window, or attach a <webview>.
 * Installed on every webContents the app ever creates (see `app.on('web-contents-created')`),
 * so a contents we did not expect is held to the same rules as the main window.
 */
export function guardWebContents(contents: WebContents, options: GuardOptions): void {
  const { location, openExternal, log = () => {} } = options;

  const refuseNavigation = (event: Event, url: string, kind: string): void => {
    if (isOwnPageUrl(url, location)) return;
    event.preventDefault();
    log(`refused ${kind}`, { url: url.slice(0, 200) });
    const external = allowedExternalUrl(url);
    if (external) openExternal(external);
  };
  contents.on('will-navigate', (event) => refuseNavigation(event, event.url, 'navigation'));
  // Subframes (there should be none: the CSP allows no frame source) are held to the same rule;
  // the main frame is already handled by will-navigate, so an allowed link opens only once.
  contents.on('will-frame-navigate', (event) => {
    if (!event.isMainFrame) refuseNavigation(event, event.url, 'frame navigation');
  });
  contents.on('will-redirect', (event) => refuseNavigation(event, event.url, 'redirect'));

  contents.setWindowOpenHandler(({ url }) => {
    const external = allowedExternalUrl(url);
    if (external) openExternal(external);
    else log('refused new window', { url: url.slice(0, 200) });
    return { action: 'deny' };
  });

  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
    log('refused webview', {});
  });
}

/**
 * Session-wide rules: every permission request and check is denied (a desk app needs no camera,
 * notifications or geolocation), every response carries our CSP header, and any request outside
 * our own files (or the dev server) is cancelled, so no remote content is ever loaded.
 */
export function guardSession(session: Session, options: Pick<GuardOptions, 'location' | 'log'>): void {
  const { location, log = () => {} } = options;
  session.setPermissionRequestHandler((_contents, permission, callback) => {
    log('refused permission request', { permission });
    callback(false);
  });
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);

  session.webRequest.onBeforeRequest((details, callback) => {
    const allowed = isAllowedRequestUrl(details.url, location);
    if (!allowed) log('cancelled request', { url: details.url.slice(0, 200) });
    callback({ cancel: !allowed });
  });
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: withCspHeader(details.responseHeaders) });
  });
}
