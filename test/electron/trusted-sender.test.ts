import { describe, expect, it } from 'vitest';
import { isAllowedRequestUrl, isOwnPageUrl, resolveRendererLocation, rendererEntryUrl, type RendererLocation } from '../../src/main/electron/renderer-location';
import { createSenderCheck } from '../../src/main/electron/trusted-sender';

const indexHtml = '/opt/Warehouse Desk/resources/app/out/renderer/index.html';
const fileLocation: RendererLocation = { kind: 'file', indexHtml };
const ownPage = 'file:///opt/Warehouse%20Desk/resources/app/out/renderer/index.html';
const devLocation: RendererLocation = { kind: 'dev', origin: 'http://localhost:5173' };

describe('where the renderer lives', () => {
  it('uses the built file in a packaged app, whatever the environment says', () => {
    expect(resolveRendererLocation({ isPackaged: true, devServerUrl: 'http://localhost:5173', indexHtml })).toEqual(fileLocation);
  });
  it('uses a loopback http dev server only in an unpackaged app', () => {
    expect(resolveRendererLocation({ isPackaged: false, devServerUrl: 'http://localhost:5173/', indexHtml })).toEqual(devLocation);
    for (const hostile of ['https://evil.com', 'http://evil.com:5173', 'http://localhost.evil.com:5173', 'http://user@localhost:5173', 'file:///etc/passwd', 'javascript:alert(1)', 'not a url']) {
      expect(resolveRendererLocation({ isPackaged: false, devServerUrl: hostile, indexHtml }), hostile).toEqual(fileLocation);
    }
  });
  it('loads the file URL of the built page', () => {
    expect(rendererEntryUrl(fileLocation)).toBe(ownPage);
    expect(rendererEntryUrl(devLocation)).toBe('http://localhost:5173/');
  });
});

describe('our own page, parsed never prefix-matched', () => {
  it('accepts the built page, with a query or a fragment', () => {
    expect(isOwnPageUrl(ownPage, fileLocation)).toBe(true);
    expect(isOwnPageUrl(`${ownPage}#/stock`, fileLocation)).toBe(true);
    expect(isOwnPageUrl(`${ownPage}?x=1`, fileLocation)).toBe(true);
  });

  it.each([
    ['another file', 'file:///etc/passwd'],
    ['another index.html', 'file:///tmp/out/renderer/index.html'],
    ['a longer name', `${ownPage}.evil.html`],
    ['a sibling folder', 'file:///opt/Warehouse%20Desk/resources/app/out/renderer/evil/index.html'],
    ['dot-dot escape', 'file:///opt/Warehouse%20Desk/resources/app/out/renderer/../../../../tmp/index.html'],
    ['a remote file host (UNC)', 'file://evil.com/opt/Warehouse%20Desk/resources/app/out/renderer/index.html'],
    ['percent-encoded letters', 'file:///opt/Warehouse%20Desk/resources/app/out/renderer/%69ndex.html'],
    ['http', 'http://opt/Warehouse%20Desk/resources/app/out/renderer/index.html'],
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
    expect(isOwnPageUrl(url, fileLocation)).toBe(false);
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
  it('allows our own files, data: images and devtools', () => {
    expect(isAllowedRequestUrl('file:///opt/Warehouse%20Desk/resources/app/out/renderer/assets/index-abc.js', fileLocation)).toBe(true);
    expect(isAllowedRequestUrl('data:image/png;base64,AAAA', fileLocation)).toBe(true);
    expect(isAllowedRequestUrl('devtools://devtools/bundled/inspector.html', fileLocation)).toBe(true);
  });
  it.each([
    'https://evil.com/x.js',
    'http://127.0.0.1:8787/1.0/stock', // even the demo sandbox: only main talks to the service
    'ws://evil.com/socket',
    'file:///etc/passwd',
    'file:///opt/Warehouse%20Desk/resources/app/out/main/index.js',
    'file://evil.com/share/x.js',
    'ftp://evil.com/x',
    'chrome://settings',
    'blob:https://evil.com/uuid',
  ])('refuses %s', (url) => {
    expect(isAllowedRequestUrl(url, fileLocation)).toBe(false);
  });
  it('in dev, allows the dev server and its HMR socket only', () => {
    expect(isAllowedRequestUrl('http://localhost:5173/src/main.ts', devLocation)).toBe(true);
    expect(isAllowedRequestUrl('ws://localhost:5173/', devLocation)).toBe(true);
    expect(isAllowedRequestUrl('http://localhost:5174/', devLocation)).toBe(false);
    expect(isAllowedRequestUrl('https://cdn.evil.com/x.js', devLocation)).toBe(false);
    expect(isAllowedRequestUrl('file:///etc/passwd', devLocation)).toBe(false);
  });
});

describe('the IPC sender check', () => {
  const ours = new Set([7]);
  const check = createSenderCheck(fileLocation, (id) => ours.has(id));
  const topFrame = (url: string) => ({ url, parent: null });

  it('trusts our page in the top frame of our window', () => {
    expect(check({ sender: { id: 7 }, senderFrame: topFrame(ownPage) })).toBe(true);
  });

  it.each([
    ['a hostile frame URL', { sender: { id: 7 }, senderFrame: topFrame('https://evil.com/') }],
    ['a file elsewhere', { sender: { id: 7 }, senderFrame: topFrame('file:///tmp/evil/index.html') }],
    ['a data: page', { sender: { id: 7 }, senderFrame: topFrame('data:text/html,hi') }],
    ['about:blank', { sender: { id: 7 }, senderFrame: topFrame('about:blank') }],
    ['a subframe showing our page', { sender: { id: 7 }, senderFrame: { url: ownPage, parent: { url: ownPage } } }],
    ['a destroyed frame', { sender: { id: 7 }, senderFrame: null }],
    ['a webContents we did not create', { sender: { id: 8 }, senderFrame: topFrame(ownPage) }],
  ])('refuses %s', (_name, event) => {
    expect(check(event)).toBe(false);
  });
});
