import { describe, expect, it } from 'vitest';
import { isAllowedRequestUrl, isOwnPageUrl, resolveRendererLocation, rendererEntryUrl, type RendererLocation } from '../../../src/main/electron/renderer-location';
import { createSenderCheck } from '../../../src/main/electron/trusted-sender';

const rendererDir = '/opt/Warehouse Desk/resources/app.asar/out/renderer';
const appLocation: RendererLocation = { kind: 'app', rendererDir };
const ownPage = 'app://desk/index.html';
const builtFile = 'file:///opt/Warehouse%20Desk/resources/app.asar/out/renderer/index.html';
const devLocation: RendererLocation = { kind: 'dev', origin: 'http://localhost:5173' };

describe('where the renderer lives', () => {
  it('uses the app: scheme in a packaged app, whatever the environment says', () => {
    expect(resolveRendererLocation({ isPackaged: true, devServerUrl: 'http://localhost:5173', rendererDir })).toEqual(appLocation);
  });
  it('uses a loopback http dev server only in an unpackaged app', () => {
    expect(resolveRendererLocation({ isPackaged: false, devServerUrl: 'http://localhost:5173/', rendererDir })).toEqual(devLocation);
    for (const hostile of ['https://evil.com', 'http://evil.com:5173', 'http://localhost.evil.com:5173', 'http://user@localhost:5173', 'file:///etc/passwd', 'javascript:alert(1)', 'not a url']) {
      expect(resolveRendererLocation({ isPackaged: false, devServerUrl: hostile, rendererDir }), hostile).toEqual(appLocation);
    }
  });
  it('loads app://desk/index.html, never a file: URL', () => {
    expect(rendererEntryUrl(appLocation)).toBe(ownPage);
    expect(rendererEntryUrl(devLocation)).toBe('http://localhost:5173/');
  });
});

describe('our own page, parsed never prefix-matched', () => {
  it('accepts the built page, with a query or a fragment', () => {
    expect(isOwnPageUrl(ownPage, appLocation)).toBe(true);
    expect(isOwnPageUrl('app://desk/', appLocation)).toBe(true);
    expect(isOwnPageUrl(`${ownPage}#/stock`, appLocation)).toBe(true);
    expect(isOwnPageUrl(`${ownPage}?x=1`, appLocation)).toBe(true);
  });

  it.each([
    ['the same page as a file: URL', builtFile],
    ['another file', 'file:///etc/passwd'],
    ['a longer name', `${ownPage}.evil.html`],
    ['another page of ours', 'app://desk/evil/index.html'],
    ['an asset of ours', 'app://desk/assets/index.js'],
    ['another app: host', 'app://evil/index.html'],
    ['a lookalike app: host', 'app://desk.evil.com/index.html'],
    ['a port on our host', 'app://desk:1/index.html'],
    ['credentials on our host', 'app://evil:x@desk/index.html'],
    ['userinfo trick', 'app://desk@evil/index.html'],
    ['percent-encoded letters', 'app://desk/%69ndex.html'],
    ['another scheme, same host', 'https://desk/index.html'],
    ['https remote', 'https://evil.com/index.html'],
    ['javascript', 'javascript:alert(1)'],
    ['data', 'data:text/html,<script>alert(1)</script>'],
    ['about:blank', 'about:blank'],
    ['devtools', 'devtools://devtools/bundled/inspector.html'],
    ['chrome error page', 'chrome-error://chromewebdata/'],
    ['empty', ''],
    ['not a string', 42],
    ['huge', `${ownPage}?${'a'.repeat(10_000)}`],
  ])('refuses %s', (_name, url) => {
    expect(isOwnPageUrl(url, appLocation)).toBe(false);
  });

  it.each([
    ['the dev server', 'http://localhost:5173/', true],
    ['the dev server index', 'http://localhost:5173/index.html', true],
    ['another port', 'http://localhost:5174/', false],
    ['a lookalike host', 'http://localhost:5173.evil.com/', false],
    ['userinfo trick', 'http://localhost:5173@evil.com/', false],
    ['credentials on our origin', 'http://evil:x@localhost:5173/', false],
    ['https on the same host', 'https://localhost:5173/', false],
    ['another page of the dev server', 'http://localhost:5173/evil.html', false],
    ['our URL in the query of another', 'http://evil.com/?http://localhost:5173/', false],
  ])('in dev, %s', (_name, url, expected) => {
    expect(isOwnPageUrl(url, devLocation)).toBe(expected);
  });
});

describe('what the renderer may load', () => {
  it('allows our own app: files, data: images and devtools', () => {
    expect(isAllowedRequestUrl('app://desk/assets/index-abc.js', appLocation)).toBe(true);
    expect(isAllowedRequestUrl('app://desk/index.html', appLocation)).toBe(true);
    expect(isAllowedRequestUrl('data:image/png;base64,AAAA', appLocation)).toBe(true);
    expect(isAllowedRequestUrl('devtools://devtools/bundled/inspector.html', appLocation)).toBe(true);
  });
  it.each([
    'https://evil.com/x.js',
    'http://127.0.0.1:8787/1.0/stock', // even the demo sandbox: only main talks to the service
    'ws://evil.com/socket',
    'file:///etc/passwd',
    builtFile, // even our own files: the page reads them only through app://desk/
    'file:///opt/Warehouse%20Desk/resources/app.asar/out/main/index.js',
    'file://evil.com/share/x.js',
    'app://evil/x.js',
    'app://desk.evil.com/x.js',
    'app://user:pw@desk/x.js',
    'ftp://evil.com/x',
    'chrome://settings',
    'blob:https://evil.com/uuid',
  ])('refuses %s', (url) => {
    expect(isAllowedRequestUrl(url, appLocation)).toBe(false);
  });
  it('in dev, allows the dev server and its HMR socket only', () => {
    expect(isAllowedRequestUrl('http://localhost:5173/src/main.ts', devLocation)).toBe(true);
    expect(isAllowedRequestUrl('ws://localhost:5173/', devLocation)).toBe(true);
    expect(isAllowedRequestUrl('http://localhost:5174/', devLocation)).toBe(false);
    expect(isAllowedRequestUrl('https://cdn.evil.com/x.js', devLocation)).toBe(false);
    expect(isAllowedRequestUrl('file:///etc/passwd', devLocation)).toBe(false);
    expect(isAllowedRequestUrl('app://desk/index.html', devLocation)).toBe(false);
  });
});

describe('the IPC sender check', () => {
  const ours = new Set([7]);
  const check = createSenderCheck(appLocation, (id) => ours.has(id));
  const topFrame = (url: string) => ({ url, parent: null });

  it('trusts our page in the top frame of our window', () => {
    expect(check({ sender: { id: 7 }, senderFrame: topFrame(ownPage) })).toBe(true);
  });

  it.each([
    ['a hostile frame URL', { sender: { id: 7 }, senderFrame: topFrame('https://evil.com/') }],
    ['a file elsewhere', { sender: { id: 7 }, senderFrame: topFrame('file:///tmp/evil/index.html') }],
    ['our page as a file: URL', { sender: { id: 7 }, senderFrame: topFrame(builtFile) }],
    ['another app: host', { sender: { id: 7 }, senderFrame: topFrame('app://evil/index.html') }],
    ['a data: page', { sender: { id: 7 }, senderFrame: topFrame('data:text/html,hi') }],
    ['about:blank', { sender: { id: 7 }, senderFrame: topFrame('about:blank') }],
    ['a subframe showing our page', { sender: { id: 7 }, senderFrame: { url: ownPage, parent: { url: ownPage } } }],
    ['a destroyed frame', { sender: { id: 7 }, senderFrame: null }],
    ['a webContents we did not create', { sender: { id: 8 }, senderFrame: topFrame(ownPage) }],
  ])('refuses %s', (_name, event) => {
    expect(check(event)).toBe(false);
  });
});
