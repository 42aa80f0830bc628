import { createContext, runInContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { browserBridgeScript } from '../../src/harness/bridge-bundle';
import { CHANNEL_NAMES } from '../../src/shared/ipc/contract';

/**
 * The bundle the harness injects, run in a bare JavaScript context with only what a page gives it
 * (fetch, a document holding the page token's meta tag, streams): it must define exactly `desk`,
 * with the contract's domains, and speak the loopback protocol the host expects.
 */
const PAGE_TOKEN = 'c0ffee'.repeat(10) + 'c0de';

interface Sent {
  url: string;
  init: { method?: string; headers: Record<string, string>; body?: string; credentials: string };
}

async function loadBundle(answer: unknown) {
  const requests: Sent[] = [];
  const streams: Array<{ push(text: string): void; end(): void }> = [];
  const meta = { removed: false, getAttribute: (name: string) => (name === 'content' ? PAGE_TOKEN : null), remove: () => void (meta.removed = true) };
  const context = createContext({
    fetch: async (url: string, init: Sent['init']) => {
      requests.push({ url, init });
      if (url !== '/events') return { json: async () => answer };
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          streams.push({ push: (text) => controller.enqueue(new TextEncoder().encode(text)), end: () => controller.close() });
        },
      });
      return { ok: true, status: 200, body };
    },
    document: { querySelector: (selector: string) => (selector === 'meta[name="desk-harness-page"]' ? meta : null) },
    AbortController,
    TextDecoder,
    setTimeout,
  });
  const before = new Set(runInContext('Object.getOwnPropertyNames(globalThis)', context) as string[]);
  runInContext(await browserBridgeScript(), context);
  const added = (runInContext('Object.getOwnPropertyNames(globalThis)', context) as string[]).filter((n) => !before.has(n));
  const desk = runInContext('globalThis.desk', context) as Record<string, Record<string, (input?: unknown) => Promise<unknown>>> & { on: (e: string, l: (p: unknown) => void) => () => void };
  return { desk, added, requests, streams, context, meta };
}

describe('the browser bridge bundle', () => {
  it('is one classic script that defines only a read-only desk with the contract domains', async () => {
    const { desk, added, context } = await loadBundle(null);
    // Like the preload's isolated world: zod's own global config stays inside the bridge's wrapper.
    expect(added).toEqual(['desk']);
    const domains = new Set(CHANNEL_NAMES.map((c) => c.split('.')[0]));
    expect(Object.keys(desk).sort()).toEqual([...domains, 'on'].sort());
    runInContext('try { globalThis.desk = null } catch {}', context);
    expect(runInContext('globalThis.desk === null', context)).toBe(false);
  });

  it('takes the page token from its meta tag and removes the tag before the page scripts run', async () => {
    const { meta } = await loadBundle(null);
    expect(meta.removed).toBe(true);
  });

  it('posts {input} to /ipc/<channel> with the page token in a header and no cookie, {} for no argument', async () => {
    const { desk, requests } = await loadBundle({ ok: true, value: { kind: 'not_found', code: 'WD-1', searched: 'cache' } });
    expect(await desk['stock']!['lookup']!({ code: 'WD-1' })).toEqual({ ok: true, value: { kind: 'not_found', code: 'WD-1', searched: 'cache' } });
    await desk['sync']!['status']!();
    expect(requests.map((r) => [r.url, r.init.method, r.init.body, r.init.credentials, r.init.headers['content-type'], r.init.headers['x-desk-page']])).toEqual([
      ['/ipc/stock.lookup', 'POST', '{"input":{"code":"WD-1"}}', 'omit', 'application/json', PAGE_TOKEN],
      ['/ipc/sync.status', 'POST', '{}', 'omit', 'application/json', PAGE_TOKEN],
    ]);
  });

  it('keeps using the fetch it found, even when a page script replaces window.fetch', async () => {
    const { desk, requests, context } = await loadBundle({ ok: true, value: null });
    runInContext('globalThis.sniffed = []; globalThis.fetch = async (url, init) => { sniffed.push(init.headers); return { json: async () => null }; }', context);
    await desk['sync']!['status']!();
    expect(runInContext('globalThis.sniffed.length', context)).toBe(0);
    expect(requests).toHaveLength(1);
  });

  it('validates answers like the preload does', async () => {
    const { desk } = await loadBundle({ ok: true, value: { kind: 'bogus' } });
    expect(await desk['stock']!['lookup']!({ code: 'x' })).toMatchObject({ ok: false, error: { code: 'internal_error' } });
  });

  it('reads /events with the page token and delivers only well-formed contract events, also split across chunks', async () => {
    const { desk, requests, streams } = await loadBundle(null);
    const seen: unknown[] = [];
    desk.on('connectivity.changed', (c) => seen.push(c));
    await expect.poll(() => streams.length).toBe(1);
    const events = requests.filter((r) => r.url === '/events');
    expect(events.map((r) => [r.init.headers['x-desk-page'], r.init.credentials])).toEqual([[PAGE_TOKEN, 'omit']]);
    const stream = streams[0]!;
    const payload = { online: false, since: '2026-11-21T10:00:00.000Z', lastError: null };
    stream.push(': connected\n\n');
    for (const data of ['not json', 'null', '42', '{"event": 7}', JSON.stringify({ event: 'connectivity.changed', payload: { online: 'maybe' } }), JSON.stringify({ event: 'nope', payload })]) {
      stream.push(`data: ${data}\n\n`);
    }
    const good = `data: ${JSON.stringify({ event: 'connectivity.changed', payload })}\n\n`;
    stream.push(good.slice(0, 20));
    stream.push(good.slice(20));
    await expect.poll(() => seen).toEqual([payload]);
  });
});
