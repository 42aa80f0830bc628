import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The harness is a development aid: nothing the app is built from may import it, and the built
 * app must not contain it. (eslint.config.js already keeps the renderer away from it; this covers
 * main, preload and shared too, and the build output.)
 */
const root = join(import.meta.dirname, '../..');
const harness = join(root, 'src/harness');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|js|mjs|cjs|svelte)$/.test(name) ? [path] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found = new Set<string>();
  for (const m of text.matchAll(/(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]|require\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    found.add((m[1] ?? m[2] ?? m[3] ?? m[4])!);
  }
  return [...found];
}

describe('the harness stays out of the app', () => {
  const appDirs = ['src/main', 'src/preload', 'src/shared', 'src/renderer'].map((d) => join(root, d)).filter(existsSync);

  it('no file of main, preload, shared or renderer imports src/harness', () => {
    const offenders: string[] = [];
    for (const file of appDirs.flatMap(sourceFiles)) {
      for (const specifier of importsOf(file)) {
        const target = specifier.startsWith('.') ? resolve(dirname(file), specifier) : specifier;
        if (target === harness || target.startsWith(harness + '/') || /(^|\/)harness(\/|$)/.test(specifier)) {
          offenders.push(`${relative(root, file)} imports ${specifier}`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });

  it('the import scanner finds a harness import when there is one', () => {
    expect(importsOf(join(root, 'src/harness/host.ts'))).toContain('./auth');
  });

  it('the build output contains no harness code', () => {
    const built = ['out/main', 'out/preload', 'out/renderer'].flatMap((d) => sourceFiles(join(root, d)));
    expect(built.length).toBeGreaterThan(0);
    for (const file of built) {
      const text = readFileSync(file, 'utf8');
      expect(text, relative(root, file)).not.toContain('__harness');
      expect(text, relative(root, file)).not.toContain('desk_harness_');
    }
  });
});
