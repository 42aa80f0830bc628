import { createContext, runInContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { browserBridgeScript } from '../../src/harness/bridge-bundle';
import { CHANNEL_NAMES } from '../../src/shared/ipc/contract';

/**
 * The bundle the harness injects, run in a bare JavaScript context with only fetch and
 * EventSource, as a page would give it: it must define exactly `desk`, with the contract's
 * domains, and speak the loopback protocol the host expects.
 */
async function loadBundle(answer: unknown) {
  const requests: Array<{ url: string; init: { method: string; headers: Record<string, string>; body: string; credentials: string } }> = [];
  const sources: Array<{ url: string; listeners: Map<string, (m: { data: string }) => void>; closed: boolean }> = [];
  const context = createContext({
    fetch: async (url: string, init: (typeof requests)[number]['init']) => {
      requests.push({ url, init });
      return { json: async () => answer };
    },
    EventSource: class {
      listeners = new Map<string, (m: { data: string }) => void>();
      closed = false;
      constructor(readonly url: string) {
        sources.push(this);
      }
      addEventListener(name: string, listener: (m: { data: string }) => void) {
        this.listeners.set(name, listener);
      }
      close() {
        this.closed = true;
      }
    },
  });
  const before = new Set(runInContext('Object.getOwnPropertyNames(globalThis)', context) as string[]);
  runInContext(await browserBridgeScript(), context);
  const added = (runInContext('Object.getOwnPropertyNames(globalThis)', context) as string[]).filter((n) => !before.has(n));
  const desk = runInContext('globalThis.desk', context) as Record<string, Record<string, (input?: unknown) => Promise<unknown>>> & { on: (e: string, l: (p: unknown) => void) => () => void };
  return { desk, added, requests, sources, context };
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

  it('posts {input} to /ipc/<channel> with the session cookie, {} for no argument', async () => {
    const { desk, requests } = await loadBundle({ ok: true, value: { kind: 'not_found', code: 'WD-1', searched: 'cache' } });
    expect(await desk['stock']!['lookup']!({ code: 'WD-1' })).toEqual({ ok: true, value: { kind: 'not_found', code: 'WD-1', searched: 'cache' } });
    await desk['sync']!['status']!();
    expect(requests.map((r) => [r.url, r.init.method, r.init.body, r.init.credentials, r.init.headers['content-type']])).toEqual([
      ['/ipc/stock.lookup', 'POST', '{"input":{"code":"WD-1"}}', 'same-origin', 'application/json'],
      ['/ipc/sync.status', 'POST', '{}', 'same-origin', 'application/json'],
    ]);
  });

  it('validates answers like the preload does', async () => {
    const { desk } = await loadBundle({ ok: true, value: { kind: 'bogus' } });
    expect(await desk['stock']!['lookup']!({ code: 'x' })).toMatchObject({ ok: false, error: { code: 'internal_error' } });
  });

  it('delivers only well-formed contract events from /events and closes nothing it still needs', async () => {
    const { desk, sources } = await loadBundle(null);
    const seen: unknown[] = [];
    desk.on('connectivity.changed', (c) => seen.push(c));
    expect(sources.map((s) => s.url)).toEqual(['/events']);
    const deliver = sources[0]!.listeners.get('message')!;
    const payload = { online: false, since: '2026-11-21T10:00:00.000Z', lastError: null };
    for (const data of ['not json', 'null', '42', '{"event": 7}', JSON.stringify({ event: 'connectivity.changed', payload: { online: 'maybe' } }), JSON.stringify({ event: 'nope', payload })]) {
      deliver({ data });
    }
    deliver({ data: JSON.stringify({ event: 'connectivity.changed', payload }) });
    expect(seen).toEqual([payload]);
  });
});
