import { createContext, runInContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { browserBridgeScript } from '../../src/harness/bridge-bundle';
import { CHANNEL_NAMES } from '../../src/shared/ipc/contract';

/**
 * The bundle the harness injects, run in a bare JavaScript context with only what a page gives it
 * (WebSocket, location, a document holding the page token's meta tag): it must define exactly
 * `desk`, with the contract's domains, and speak the socket protocol the host expects.
 */
const PAGE_TOKEN = 'c0ffee'.repeat(10) + 'c0de';

type Listener = (event: { data?: unknown; code?: number }) => void;

/** A stand-in for the page's WebSocket: records what is sent, lets the test answer. */
class FakeSocket {
  static made: FakeSocket[] = [];
  readonly sent: unknown[] = [];
  readonly #listeners = new Map<string, Listener[]>();
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
    setTimeout(() => this.fire('open', {}), 0);
  }
  addEventListener(type: string, listener: Listener): void {
    this.#listeners.set(type, [...(this.#listeners.get(type) ?? []), listener]);
  }
  send(text: string): void {
    this.sent.push(JSON.parse(text));
  }
  fire(type: string, event: { data?: unknown; code?: number }): void {
    for (const listener of this.#listeners.get(type) ?? []) listener(event);
  }
}

async function loadBundle(answer: unknown) {
  FakeSocket.made = [];
  const meta = { removed: false, getAttribute: (name: string) => (name === 'content' ? PAGE_TOKEN : null), remove: () => void (meta.removed = true) };
  class AnsweringSocket extends FakeSocket {
    override send(text: string): void {
      super.send(text);
      const message = JSON.parse(text) as { id?: number };
      if (typeof message.id === 'number') setTimeout(() => this.fire('message', { data: JSON.stringify({ id: message.id, result: answer }) }), 0);
    }
  }
  const context = createContext({
    WebSocket: AnsweringSocket,
    location: { host: '127.0.0.1:4321' },
    document: { querySelector: (selector: string) => (selector === 'meta[name="desk-harness-page"]' ? meta : null) },
    setTimeout,
  });
  const before = new Set(runInContext('Object.getOwnPropertyNames(globalThis)', context) as string[]);
  runInContext(await browserBridgeScript(), context);
  const added = (runInContext('Object.getOwnPropertyNames(globalThis)', context) as string[]).filter((n) => !before.has(n));
  const desk = runInContext('globalThis.desk', context) as Record<string, Record<string, (input?: unknown) => Promise<unknown>>> & { on: (e: string, l: (p: unknown) => void) => () => void };
  return { desk, added, context, meta, sockets: FakeSocket.made };
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

  it('opens one socket to /__harness/ipc, sends the page token first, then {id, channel, input} per call', async () => {
    const { desk, sockets } = await loadBundle({ ok: true, value: { kind: 'not_found', code: 'WD-1', searched: 'cache' } });
    expect(await desk['stock']!['lookup']!({ code: 'WD-1' })).toEqual({ ok: true, value: { kind: 'not_found', code: 'WD-1', searched: 'cache' } });
    await desk['sync']!['status']!();
    expect(sockets.map((s) => s.url)).toEqual(['ws://127.0.0.1:4321/__harness/ipc']);
    expect(sockets[0]!.sent).toEqual([{ pageToken: PAGE_TOKEN }, { id: 1, channel: 'stock.lookup', input: { code: 'WD-1' } }, { id: 2, channel: 'sync.status' }]);
  });

  it('keeps using the WebSocket it found, even when a page script replaces window.WebSocket', async () => {
    const { desk, sockets, context } = await loadBundle({ ok: true, value: null });
    runInContext('globalThis.sniffed = []; globalThis.WebSocket = class { constructor(url) { sniffed.push(url); } }', context);
    await desk['sync']!['status']!();
    expect(runInContext('globalThis.sniffed.length', context)).toBe(0);
    expect(sockets).toHaveLength(1);
  });

  it('validates answers like the preload does', async () => {
    const { desk } = await loadBundle({ ok: true, value: { kind: 'bogus' } });
    expect(await desk['stock']!['lookup']!({ code: 'x' })).toMatchObject({ ok: false, error: { code: 'internal_error' } });
  });

  it('answers a call in flight with an error when the socket closes', async () => {
    const { desk, sockets } = await loadBundle(null);
    await desk['sync']!['status']!();
    const socket = sockets[0]!;
    socket.send = (text: string) => void socket.sent.push(JSON.parse(text));
    const answer = desk['sync']!['status']!();
    await expect.poll(() => socket.sent.length).toBe(3);
    socket.fire('close', { code: 1006 });
    expect(await answer).toMatchObject({ ok: false, error: { code: 'internal_error' } });
  });

  it('delivers only well-formed contract events from the socket', async () => {
    const { desk, sockets } = await loadBundle(null);
    const seen: unknown[] = [];
    desk.on('connectivity.changed', (c) => seen.push(c));
    await expect.poll(() => sockets[0]?.sent.length).toBe(1);
    const socket = sockets[0]!;
    const payload = { online: false, since: '2026-11-21T10:00:00.000Z', lastError: null };
    for (const data of ['not json', 'null', '42', '{"event": 7}', JSON.stringify({ event: 'connectivity.changed', payload: { online: 'maybe' } }), JSON.stringify({ event: 'nope', payload })]) {
      socket.fire('message', { data });
    }
    socket.fire('message', { data: JSON.stringify({ event: 'connectivity.changed', payload }) });
    await expect.poll(() => seen).toEqual([payload]);
  });
});
