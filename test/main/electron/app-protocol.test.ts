import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { APP_ENTRY_URL, APP_SCHEME_PRIVILEGES, createAppProtocolHandler } from '../../../src/main/electron/app-protocol';
import { parseCsp, RENDERER_CSP_HEADER } from '../../../src/main/renderer-files/response-headers';

/**
 * The app:// scheme handler (checklist item 18) is a plain Request -> Response function, so it runs
 * here on real files: a renderer folder with a secret file beside it and a symlink pointing out.
 * In Electron the same function is what `protocol.handle('app', …)` calls.
 */
const root = mkdtempSync(join(tmpdir(), 'warehouse-desk-app-protocol-'));
const rendererDir = join(root, 'renderer');
mkdirSync(join(rendererDir, 'assets'), { recursive: true });
writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><div id="app"></div>');
writeFileSync(join(rendererDir, 'assets', 'index-abc.js'), 'console.log(1)');
writeFileSync(join(rendererDir, 'assets', 'index-abc.css'), 'body{}');
writeFileSync(join(rendererDir, 'assets', 'blob.bin'), 'x');
writeFileSync(join(root, 'secret.txt'), 'the main process bundle, the database, anything');
symlinkSync(join(root, 'secret.txt'), join(rendererDir, 'assets', 'link.txt'));
mkdirSync(join(root, 'renderer-evil'));
writeFileSync(join(root, 'renderer-evil', 'index.html'), 'sibling folder with a shared prefix');
afterAll(() => rmSync(root, { recursive: true, force: true }));

const serve = createAppProtocolHandler(rendererDir);
const get = (url: string, init?: RequestInit) => serve(new Request(url, init));

describe('the app: scheme', () => {
  it('is standard and secure, and neither bypasses the CSP nor allows service workers', () => {
    expect(APP_SCHEME_PRIVILEGES).toEqual({
      scheme: 'app',
      privileges: expect.objectContaining({ standard: true, secure: true, bypassCSP: false, allowServiceWorkers: false }),
    });
    expect(APP_ENTRY_URL).toBe('app://desk/index.html');
  });

  it('serves the page and its assets with their types, the CSP and nosniff', async () => {
    for (const [url, type, body] of [
      ['app://desk/', 'text/html; charset=utf-8', '<!doctype html><div id="app"></div>'],
      ['app://desk/index.html', 'text/html; charset=utf-8', '<!doctype html><div id="app"></div>'],
      ['app://desk/index.html?x=1#/stock', 'text/html; charset=utf-8', '<!doctype html><div id="app"></div>'],
      ['app://desk/assets/index-abc.js', 'text/javascript; charset=utf-8', 'console.log(1)'],
      ['app://desk/assets/index-abc.css', 'text/css; charset=utf-8', 'body{}'],
      ['app://desk/assets/blob.bin', 'application/octet-stream', 'x'],
    ] as const) {
      const answer = await get(url);
      expect(answer.status, url).toBe(200);
      expect(answer.headers.get('content-type'), url).toBe(type);
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(parseCsp(answer.headers.get('content-security-policy') ?? '')).toEqual(parseCsp(RENDERER_CSP_HEADER));
      expect(await answer.text(), url).toBe(body);
    }
  });

  it('answers HEAD without a body', async () => {
    const answer = await get('app://desk/index.html', { method: 'HEAD' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-length')).toBe('35');
    expect(await answer.text()).toBe('');
  });

  it('refuses every other method', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
      const answer = await get('app://desk/index.html', { method, ...(method === 'POST' || method === 'PUT' || method === 'PATCH' ? { body: 'x' } : {}) });
      expect(answer.status, method).toBe(405);
    }
  });

  it.each([
    ['a missing file', 'app://desk/assets/nope.js', 404],
    ['a folder', 'app://desk/assets', 404],
    ['another host', 'app://evil/index.html', 404],
    ['a lookalike host', 'app://desk.evil/index.html', 404],
    ['a port', 'app://desk:8080/index.html', 404],
    ['another scheme', 'https://desk/index.html', 404],
    ['an encoded dot-dot', 'app://desk/..%2Fsecret.txt', 400],
    ['an encoded dot-dot in a folder', 'app://desk/assets/..%2F..%2Fsecret.txt', 400],
    ['a double-encoded dot-dot', 'app://desk/%252e%252e/secret.txt', 404],
    ['an encoded slash and dot-dot', 'app://desk/assets%2F..%2F..%2Fsecret.txt', 400],
    ['a backslash', 'app://desk/assets\\..\\..\\secret.txt', 400],
    ['an encoded backslash', 'app://desk/assets%5C..%5C..%5Csecret.txt', 400],
    ['a NUL', 'app://desk/index.html%00.js', 400],
    ['malformed percent-encoding', 'app://desk/%E0%A4%A', 400],
    ['a symlink out of the folder', 'app://desk/assets/link.txt', 400],
    ['a sibling folder sharing the prefix', 'app://desk/..%2Frenderer-evil/index.html', 400],
  ])('refuses %s', async (_name, url, status) => {
    const answer = await get(url);
    expect(answer.status).toBe(status);
    expect(await answer.text()).not.toContain('the main process bundle');
  });

  it('refuses credentials in the URL (a fetch Request cannot carry them; the handler checks anyway)', async () => {
    const answer = await serve({ method: 'GET', url: 'app://user:pw@desk/index.html' } as Request);
    expect(answer.status).toBe(404);
  });

  it('never leaves the folder for plain dot-dot segments: the URL parser folds them inside it', async () => {
    const answer = await get('app://desk/../../secret.txt');
    expect(answer.status).toBe(404);
    expect(await answer.text()).not.toContain('the main process bundle');
  });
});
