import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NEEDS_ISOLATION } from '../node-isolation';

const root = join(import.meta.dirname, '../..');

/** What a test file may do that a later file in the same worker would see. */
const LEAKS = /vi\.(?:mock|doMock|stubGlobal|stubEnv|useFakeTimers|resetModules)\(|process\.env(?:\.\w+|\[[^\]]+\])\s*=[^=]|delete process\.env|process\.chdir\(|vi\.spyOn\((?:console|Date|globalThis|process)\b/;

function nodeTestFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'components' || entry.name === 'e2e' ? [] : nodeTestFiles(path);
    return entry.name.endsWith('.test.ts') ? [relative(root, path)] : [];
  });
}

describe('the node test files that share a module registry', () => {
  it('leave nothing behind for the next file: those that mock, stub, spy on globals or set the environment run isolated', () => {
    const leaking = nodeTestFiles(join(root, 'test')).filter((file) => LEAKS.test(readFileSync(join(root, file), 'utf8')));
    const unlisted = leaking.filter((file) => !NEEDS_ISOLATION.includes(file));
    expect(unlisted, 'add these to test/node-isolation.ts').toEqual([]);
    expect(leaking.length).toBeGreaterThan(5);
  });

  it('lists only files that exist', () => {
    const files = new Set(nodeTestFiles(join(root, 'test')));
    expect(NEEDS_ISOLATION.filter((file) => !files.has(file))).toEqual([]);
  });
});
