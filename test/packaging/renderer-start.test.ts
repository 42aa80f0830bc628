import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * What a start of the desk loads: the scripts out/renderer/index.html names (the entry and the
 * chunks it preloads). The contract's schemas and zod stay out of it: the renderer's start needs
 * only their value lists (src/shared/ipc/value-lists.ts). Importing records.ts instead would
 * evaluate every schema of the contract before the first paint and add a fifth to the start's
 * bytes (bench figure 7, a 150 KB budget). The screens that check forms with the schemas load
 * them after the first paint.
 * Read from the build the node tests make (test/build-output.ts).
 */
const renderer = join(import.meta.dirname, '../../out/renderer');

function startScripts(): Map<string, string> {
  const html = readFileSync(join(renderer, 'index.html'), 'utf8');
  const paths = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\.\/([^"]+\.js)"/g)].map((m) => m[1]!);
  return new Map(paths.map((path) => [path, readFileSync(join(renderer, path), 'utf8')]));
}

describe('what a start loads', () => {
  it('is the entry and the chunks it preloads', () => {
    const scripts = [...startScripts().keys()];
    expect(scripts.some((p) => /^assets\/index-[\w-]+\.js$/.test(p)), scripts.join(', ')).toBe(true);
    expect(scripts.length).toBeGreaterThan(1);
  });

  it('holds no zod and no schema of the contract', () => {
    for (const [path, code] of startScripts()) {
      // zod names each schema class in a string ($ZodObject...), kept by the minifier.
      expect(code.includes('$ZodObject'), `${path} carries zod`).toBe(false);
      expect(code.includes('jitless'), `${path} carries src/shared/ipc/zod.ts`).toBe(false);
    }
  });
});
