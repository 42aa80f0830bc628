import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Only the language shown is loaded. Paraglide compiles each message to one module holding every
 * locale; this plugin keeps English (the base) in those modules and moves each other language into
 * a chunk of its own (`virtual:desk-catalogue/<locale>`), loaded when that language is chosen
 * (i18n/catalogues.svelte.ts). Until it has arrived a message reads in English. The message
 * modules' shape is Paraglide's (one blank-line-separated `const <locale>_<key> = …` block per
 * locale, and an `if (locale === "<locale>") return <locale>_<key>(inputs)` line per locale in
 * the dispatcher); a build whose output no longer
 * has that shape fails here rather than shipping every language twice.
 */
export const LAZY_LOCALES = ['de', 'nl', 'fr', 'pl'] as const;
const VIRTUAL = 'virtual:desk-catalogue/';

const blocksOf = (code: string): string[] => code.split('\n\n');
const ownBlock = (locale: string, key: string) => (block: string): boolean => block.startsWith(`const ${locale}_${key} =`);

/**
 * One compiled message module with English alone in it: each other language's text is read from
 * its loaded catalogue (`store`, i18n/catalogues.svelte.ts), else English's.
 */
export function englishOnlyMessage(code: string, key: string, store: string): string {
  let next = blocksOf(code)
    .filter((block) => !LAZY_LOCALES.some((locale) => ownBlock(locale, key)(block)))
    .join('\n\n');
  for (const [i, locale] of LAZY_LOCALES.entries()) {
    const branch = `\tif (locale === "${locale}") return ${locale}_${key}(inputs)\n`;
    if (!next.includes(branch)) throw new Error(`lazy locales: ${key} has no ${locale} branch`);
    next = next.replace(branch, i === 0 ? `\tconst own = __catalogue(locale)?.${key}\n\tif (own) return own(inputs)\n` : '');
  }
  return `import { catalogue as __catalogue } from ${JSON.stringify(store)};\n${next}`;
}

/** Where the compiled messages are, and the store of loaded catalogues, under the repository root. */
export function messagePaths(root: string): { messagesDir: string; registry: string; store: string } {
  const i18n = resolve(root, 'src/renderer/src/i18n');
  return { messagesDir: join(i18n, 'paraglide', 'messages'), registry: join(i18n, 'paraglide', 'registry.js'), store: join(i18n, 'catalogues.svelte.ts') };
}

export const messageKeyOf = (file: string): string => file.replace(/\.js$/, '');

/** The compiled message modules' file names (one per message; `_index.js` re-exports them). */
export const messageFiles = (messagesDir: string): string[] => readdirSync(messagesDir).filter((f) => f.endsWith('.js') && f !== '_index.js');

export function lazyLocales(root: string): Plugin {
  const { messagesDir, registry, store } = messagePaths(root);
  const isMessageModule = (id: string): boolean => id.startsWith(messagesDir + '/') && !id.endsWith('/_index.js');

  return {
    name: 'desk-lazy-locales',
    resolveId(id) {
      return id.startsWith(VIRTUAL) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(`\0${VIRTUAL}`)) return undefined;
      const locale = id.slice(`\0${VIRTUAL}`.length);
      const out = [`import * as registry from ${JSON.stringify(registry)};`];
      for (const file of messageFiles(messagesDir)) {
        const key = messageKeyOf(file);
        const block = blocksOf(readFileSync(join(messagesDir, file), 'utf8')).find(ownBlock(locale, key));
        if (!block) throw new Error(`lazy locales: no ${locale} text for ${key} in ${file}`);
        out.push(block.replace(`const ${locale}_${key} =`, `export const ${key} =`));
      }
      return out.join('\n\n');
    },
    transform(code, rawId) {
      const id = rawId.split('?')[0] ?? rawId;
      if (!isMessageModule(id)) return undefined;
      return { code: englishOnlyMessage(code, messageKeyOf(id.slice(messagesDir.length + 1)), store), map: null };
    },
  };
}
