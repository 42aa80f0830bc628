import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetBuilt, inputsHash, markBuilt, outIsCurrent } from '../../scripts/build-inputs.mjs';

/** `npm start` builds out/ again only when a file the build reads changed since it was built. */
const trees: string[] = [];
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'desk-build-stamp-'));
  trees.push(root);
  for (const [name, content] of Object.entries(files)) write(root, name, content);
  for (const built of ['out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html']) write(root, built, 'built\n');
  return root;
}
function write(root: string, name: string, content: string): void {
  mkdirSync(dirname(join(root, name)), { recursive: true });
  writeFileSync(join(root, name), content);
}
afterEach(() => {
  for (const root of trees.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('whether out/ is the build of the sources', () => {
  const sources = {
    'src/main/index.ts': 'export {};\n',
    'src/renderer/src/i18n/messages/en.json': '{"scan": "Scan"}\n',
    'resources/openapi.yaml': 'openapi: 3.1.0\n',
    'package-lock.json': '{}\n',
    'electron.vite.config.ts': 'export default {};\n',
  };

  it('is not before a build, is after it, and is not once a source, a message, the API or a package changes', () => {
    const root = tree(sources);
    expect(outIsCurrent(root)).toBe(false);
    markBuilt(inputsHash(root), root);
    expect(outIsCurrent(root)).toBe(true);
    for (const [name, content] of [
      ['src/main/index.ts', 'export const changed = 1;\n'],
      ['src/main/new-module.ts', 'export {};\n'],
      ['src/renderer/src/i18n/messages/en.json', '{"scan": "Scan it"}\n'],
      ['resources/openapi.yaml', 'openapi: 3.1.1\n'],
      ['package-lock.json', '{"lockfileVersion": 3}\n'],
      ['electron.vite.config.ts', 'export default { mode: 1 };\n'],
    ] as const) {
      write(root, name, content);
      expect(outIsCurrent(root), name).toBe(false);
      markBuilt(inputsHash(root), root);
    }
  });

  it('is not once a part of out/ is gone', () => {
    const root = tree(sources);
    markBuilt(inputsHash(root), root);
    rmSync(join(root, 'out/renderer'), { recursive: true });
    expect(outIsCurrent(root)).toBe(false);
  });

  it('is not once the note is forgotten, as a build does before it starts', () => {
    const root = tree(sources);
    markBuilt(inputsHash(root), root);
    forgetBuilt(root);
    expect(outIsCurrent(root)).toBe(false);
  });

  it('stays current when only what the build itself writes changes: the compiled messages, the message tool cache, out/', () => {
    const root = tree(sources);
    markBuilt(inputsHash(root), root);
    write(root, 'src/renderer/src/i18n/paraglide/messages.js', 'export const scan = () => "Scan";\n');
    write(root, 'project.inlang/cache/plugins/x', 'cached\n');
    write(root, 'out/main/index.js', 'built\n');
    expect(outIsCurrent(root)).toBe(true);
  });
});
