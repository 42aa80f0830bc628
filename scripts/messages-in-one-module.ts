import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { englishOnlyMessage, messageFiles, messageKeyOf, messagePaths } from './lazy-locales';

/**
 * For the component tests, whose Vite serves modules unbundled: the compiled messages as one
 * module instead of one per message. Every test file runs in a frame of its own that imports
 * the catalogue, and over a thousand message modules fetched and evaluated per frame were a large
 * share of that project's time. Each message gets the build's English-only rewrite
 * (scripts/lazy-locales.ts), so the tests read the texts the desk ships; the bundled builds are
 * untouched (their bundler joins the modules anyway).
 */
export function messagesInOneModule(root: string): Plugin {
  const { messagesDir, store } = messagePaths(root);
  const index = join(messagesDir, '_index.js');

  return {
    name: 'desk-messages-in-one-module',
    load(rawId) {
      if ((rawId.split('?')[0] ?? rawId) !== index) return undefined;
      const imports = new Set<string>();
      const bodies: string[] = [];
      for (const file of messageFiles(messagesDir).sort()) {
        this.addWatchFile(join(messagesDir, file));
        const code = englishOnlyMessage(readFileSync(join(messagesDir, file), 'utf8'), messageKeyOf(file), store);
        // Every message module imports the same few bindings; each is said once at the top.
        const lines = code.split('\n');
        for (const line of lines.filter((l) => l.startsWith('import '))) imports.add(line);
        bodies.push(lines.filter((l) => !l.startsWith('import ')).join('\n'));
      }
      return [...imports, ...bodies].join('\n');
    },
  };
}
