import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CHANNEL_NAMES } from '../../src/shared/ipc/contract';
import { expect, test, watchPage } from './support/harness-fixture';

/**
 * The built renderer in Chromium through the harness: the real core in demo mode behind the real
 * router, bridged like the preload bridges it. Asserts only what stays true whatever the screens
 * show: the page starts clean under its CSP and window.desk speaks the contract.
 */
type PageGlobals = {
  desk: Record<string, Record<string, (input?: unknown) => Promise<unknown>>>;
  document: { cookie: string; title: string; querySelector(s: string): unknown };
};

test('the built renderer starts under its CSP, with window.desk and no console errors', async ({ page, desk }) => {
  const watch = await watchPage(page);
  await page.goto(desk.url);
  await page.waitForFunction(() => typeof (globalThis as unknown as PageGlobals).desk === 'object');
  // No cookie at all; the page token's meta tag was taken by the bridge before the app's scripts ran.
  expect(await page.evaluate(() => (globalThis as unknown as PageGlobals).document.cookie)).toBe('');
  expect(await page.context().cookies()).toEqual([]);
  expect(await page.evaluate(() => (globalThis as unknown as PageGlobals).document.querySelector('meta[name="desk-harness-page"]'))).toBeNull();

  const domains = await page.evaluate(() => Object.keys((globalThis as unknown as PageGlobals).desk).sort());
  expect(domains).toEqual([...new Set(CHANNEL_NAMES.map((c) => c.split('.')[0]!)), 'on'].sort());
  const info = await page.evaluate(() => (globalThis as unknown as PageGlobals).desk['app']!['info']!());
  expect(info).toMatchObject({ ok: true, value: { demo: true } });

  // The console is judged once the app's own first round is done: the demo synced, main online.
  await expect(page.getByTestId('sync')).toContainText('Synced', { timeout: 30_000 });
  await expect(page.getByTestId('connectivity')).toContainText('Online');
  await desk.screenshot(page, 'app-shell');
  expect(watch.problems).toEqual([]);
  expect(await watch.violations()).toEqual([]);
});

test('the page can reach nothing but its own origin: the CSP refuses inline scripts, remote fetches and the sandbox itself', async ({ page, desk }) => {
  await page.goto(desk.url);
  await page.waitForFunction(() => typeof (globalThis as unknown as PageGlobals).desk === 'object');
  const sandboxUrl = `${desk.core.sandbox()!.baseUrl}/1.0/auth/token`;
  const outcome = await page.evaluate(async (sandbox) => {
    const tries: Record<string, string> = {};
    // An injected inline script must not run (script-src 'self', no 'unsafe-inline').
    const g = globalThis as unknown as { __inline?: number; document: { createElement(n: string): { textContent: string }; head: { appendChild(e: unknown): void } } };
    const script = g.document.createElement('script');
    script.textContent = 'globalThis.__inline = 1';
    g.document.head.appendChild(script);
    tries['inline'] = g.__inline === undefined ? 'refused' : 'ran';
    for (const [name, url] of [['remote', 'https://example.com/'], ['sandbox', sandbox]] as const) {
      try {
        await fetch(url, { method: 'POST' });
        tries[name] = 'reached';
      } catch (e) {
        tries[name] = (e as Error).name;
      }
    }
    return tries;
  }, sandboxUrl);
  expect(outcome).toEqual({ inline: 'refused', remote: 'TypeError', sandbox: 'TypeError' });
});

test('the harness credential does not travel to another local server the browser visits', async ({ page, desk }) => {
  const seen: IncomingHttpHeaders[] = [];
  const other = createServer((req, res) => {
    if (req.url === '/') seen.push(req.headers); // not the browser's own /favicon.ico
    res.end('<!doctype html><title>another local server</title>');
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  try {
    await page.goto(desk.url);
    await page.waitForFunction(() => typeof (globalThis as unknown as PageGlobals).desk === 'object');
    await expect(page.getByTestId('connectivity')).toContainText('Online');
    // Same browser, same 127.0.0.1, another port: a cookie would go along (cookies ignore ports).
    const visit = await page.context().newPage();
    await visit.goto(`http://127.0.0.1:${(other.address() as AddressInfo).port}/`);
    await visit.close();
    expect(seen).toHaveLength(1);
    const sent = JSON.stringify(seen[0]);
    expect(seen[0]!.cookie).toBeUndefined();
    expect(seen[0]!['x-desk-page']).toBeUndefined();
    expect(seen[0]!.referer).toBeUndefined();
    expect(sent).not.toContain(new URL(desk.url).searchParams.get('token')!);
  } finally {
    await new Promise<void>((resolve) => other.close(() => resolve()));
  }
});
