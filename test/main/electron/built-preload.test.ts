import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createContext, runInContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { CHANNEL_NAMES } from '../../../src/shared/ipc/contract';

/**
 * The BUILT preload (out/preload/index.cjs, what Electron loads) run as a sandboxed window runs it.
 * There `require` is Electron's polyfill, which loads only `electron` and the `events`, `timers`
 * and `url` modules (docs: "Process Sandboxing"); anything else, an npm package included, throws
 * and the page never gets `window.desk`. The preload test of the sources cannot see that: Vitest
 * resolves every import. This runs the bundle in a context of its own with that `require` only.
 */
const root = join(import.meta.dirname, '../../..');
const SANDBOXED_MODULES = new Set(['electron', 'events', 'timers', 'url']);

function runBuiltPreload(): { exposed: Map<string, unknown>; invoked: Array<[string, unknown]> } {
  const exposed = new Map<string, unknown>();
  const invoked: Array<[string, unknown]> = [];
  const electron = {
    contextBridge: { exposeInMainWorld: (key: string, value: unknown) => exposed.set(key, value) },
    ipcRenderer: {
      invoke: (channel: string, input: unknown) => {
        invoked.push([channel, input]);
        return Promise.resolve({ ok: true, value: null });
      },
      on: () => undefined,
      off: () => undefined,
    },
  };
  const require = (name: string): unknown => {
    const bare = name.replace(/^node:/, '');
    if (!SANDBOXED_MODULES.has(bare)) throw new Error(`module not found: ${name}`);
    return bare === 'electron' ? electron : (process.getBuiltinModule(bare) as unknown);
  };
  const module = { exports: {} };
  const context = createContext({ require, module, exports: module.exports, console, queueMicrotask, setTimeout, clearTimeout });
  // The isolated world's global object is a window.
  runInContext('globalThis.window = globalThis;', context);
  runInContext(readFileSync(join(root, 'out/preload/index.cjs'), 'utf8'), context, { filename: 'out/preload/index.cjs' });
  return { exposed, invoked };
}

describe('the built preload in a sandboxed window', () => {
  it('needs nothing the sandbox cannot give, and exposes desk with every channel of the contract', async () => {
    const { exposed, invoked } = runBuiltPreload();
    expect([...exposed.keys()]).toEqual(['desk']);
    const desk = exposed.get('desk') as Record<string, Record<string, (input?: unknown) => Promise<unknown>>>;
    for (const channel of CHANNEL_NAMES) {
      const [domain, method] = channel.split('.') as [string, string];
      expect(typeof desk[domain]?.[method], channel).toBe('function');
    }
    // The bundled contract still checks answers: a call goes out on its channel and comes back parsed.
    await expect(desk['settings']!['get']!()).resolves.toMatchObject({ ok: false, error: { code: 'internal_error' } });
    expect(invoked).toEqual([['settings.get', undefined]]);
  });
});
