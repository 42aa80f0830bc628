// Named IPC edge cases the fuzz found or that deserve a case of their own, against the real core.
// Each is a call the renderer can make; each must get a typed answer, never internal_error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CHANNEL_NAMES, channels } from '../../src/shared/ipc/contract';
import { resultSchema } from '../../src/shared/ipc/result';
import { firstSync, startCore, type TestCore } from './support/core';

let core: TestCore;
beforeAll(async () => {
  core = await startCore({ demoSandbox: { demo: { skus: 60, shipments: 10, seed: 5 }, rateLimit: false } });
  await firstSync(core);
}, 60_000);
afterAll(() => core?.close());

/** Every optional property path of a channel's input, as zod's JSON Schema of it lists them. */
function optionalPaths(schema: Record<string, unknown>, prefix: string[] = []): string[][] {
  const out: string[][] = [];
  const properties = (schema['properties'] ?? {}) as Record<string, Record<string, unknown>>;
  const required = new Set((schema['required'] ?? []) as string[]);
  for (const [name, child] of Object.entries(properties)) {
    if (!required.has(name)) out.push([...prefix, name]);
    if (child['type'] === 'object') out.push(...optionalPaths(child, [...prefix, name]));
  }
  return out;
}

function withUndefinedAt(path: string[]): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  let node = root;
  for (const key of path.slice(0, -1)) node = (node[key] = {}) as Record<string, unknown>;
  node[path.at(-1) as string] = undefined;
  return root;
}

describe('explicit undefined (a structured clone keeps the key, JSON would drop it)', () => {
  it('settings.update with scanner.suffix undefined keeps the settings valid and answers without internal_error', async () => {
    const before = await core.value('settings.get');
    const result = await core.call('settings.update', { scanner: { suffix: undefined } });
    expect(result.ok ? 'ok' : result.error.code).not.toBe('internal_error');
    if (result.ok) expect(result.value).toEqual(before);
    expect(await core.value('settings.get')).toEqual(before);
    expect(core.recorded.internalErrors).toEqual([]);
  });

  it('on every optional field of every channel: a typed answer, never internal_error', async () => {
    const found: string[] = [];
    for (const channel of CHANNEL_NAMES) {
      if (channel === 'account.signIn' || channel === 'account.signOut' || channel === 'account.startDemo') continue; // only optional-free or state-changing
      const schema = z.toJSONSchema(channels[channel].input as z.ZodType, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
      for (const path of optionalPaths(schema)) {
        const input = withUndefinedAt(path);
        const result = await core.call(channel, input);
        const parsed = resultSchema(channels[channel].output).safeParse(result);
        if (!parsed.success || (!result.ok && result.error.code === 'internal_error')) found.push(`${channel} ${path.join('.')}: ${JSON.stringify(result).slice(0, 200)}`);
      }
    }
    expect(found).toEqual([]);
  });
});
