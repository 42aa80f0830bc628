import { describe, expect, it, vi } from 'vitest';
import type { Session, WebContents } from 'electron';
import { RENDERER_CSP_HEADER } from '../../../src/main/renderer-files/response-headers';
import type { RendererLocation } from '../../../src/main/electron/renderer-location';
import { guardSession, guardWebContents } from '../../../src/main/electron/web-guards';
import { createElectronMock, FakeEvent, FakeWebContents } from './electron-mock';

vi.mock('electron', () => createElectronMock());

const location: RendererLocation = { kind: 'app', rendererDir: '/app/out/renderer' };
const ownPage = 'app://desk/index.html';

function guarded(openExternal = vi.fn()) {
  const contents = new FakeWebContents();
  guardWebContents(contents as unknown as WebContents, { location, openExternal });
  const fire = (name: string, url: string): FakeEvent => {
    // will-frame-navigate is judged for subframes; the main frame's turn is will-navigate.
    const event = new FakeEvent(url, name !== 'will-frame-navigate');
    contents.emit(name, event, url);
    return event;
  };
  return { contents, fire, openExternal };
}

describe('navigation guards', () => {
  it.each(['will-navigate', 'will-frame-navigate', 'will-redirect'])('%s: stays on our page, refuses everything else', (name) => {
    const { fire, openExternal } = guarded();
    expect(fire(name, ownPage).defaultPrevented).toBe(false);
    for (const url of ['https://evil.com/', 'file:///etc/passwd', 'javascript:alert(1)', 'data:text/html,x', 'about:blank', 'http://127.0.0.1:8787/', `${ownPage}.evil`]) {
      expect(fire(name, url).defaultPrevented, url).toBe(true);
    }
    expect(openExternal).not.toHaveBeenCalled();
  });

  it('judges a main-frame navigation once (will-navigate), so an allowed link could never open twice', () => {
    const { contents } = guarded();
    const mainFrame = new FakeEvent('https://evil.com/', true);
    contents.emit('will-frame-navigate', mainFrame);
    expect(mainFrame.defaultPrevented).toBe(false);
  });

  it('denies every new window; an allowlisted link would go to the browser, nothing else does', () => {
    const { contents, openExternal } = guarded();
    for (const url of ['https://evil.com/', ownPage, 'about:blank', 'javascript:alert(1)', 'https://allowed.com@evil.com/']) {
      expect(contents.windowOpenHandler?.({ url })).toEqual({ action: 'deny' });
    }
    // The shipped allowlist is empty, so no link leaves the app.
    expect(openExternal).not.toHaveBeenCalled();
  });

  it('refuses to attach any <webview>', () => {
    const { fire } = guarded();
    expect(fire('will-attach-webview', '').defaultPrevented).toBe(true);
  });
});

describe('session guards', () => {
  function guardedSession() {
    const { session } = createElectronMock();
    guardSession(session.defaultSession as unknown as Session, { location });
    return session.defaultSession;
  }

  it('denies every permission request and check', () => {
    const session = guardedSession();
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal', 'fullscreen', 'unknown']) {
      const callback = vi.fn();
      session.permissionRequestHandler?.({}, permission, callback, {});
      expect(callback).toHaveBeenCalledExactlyOnceWith(false);
      expect(session.permissionCheckHandler?.({}, permission, 'file:///', {})).toBe(false);
    }
    expect(session.devicePermissionHandler?.({ deviceType: 'usb' })).toBe(false);
  });

  it('sets our CSP header on every response, replacing a looser one', () => {
    const session = guardedSession();
    const callback = vi.fn();
    session.webRequest.headersReceived?.({ url: 'http://localhost:5173/', responseHeaders: { 'content-security-policy': ['default-src *'] } }, callback);
    expect(callback).toHaveBeenCalledExactlyOnceWith({ responseHeaders: { 'Content-Security-Policy': [RENDERER_CSP_HEADER] } });
  });

  it('cancels any request for remote content and lets our own files through', () => {
    const session = guardedSession();
    const decide = (url: string) => {
      const callback = vi.fn();
      session.webRequest.beforeRequest?.({ url }, callback);
      return callback.mock.calls[0]?.[0];
    };
    expect(decide('app://desk/assets/index.js')).toEqual({ cancel: false });
    expect(decide('file:///app/out/renderer/assets/index.js')).toEqual({ cancel: true });
    expect(decide('https://evil.com/x.js')).toEqual({ cancel: true });
    expect(decide('http://127.0.0.1:8787/1.0/auth/token')).toEqual({ cancel: true });
    expect(decide('file:///etc/passwd')).toEqual({ cancel: true });
  });
});
