import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Only the language shown is loaded (scripts/lazy-locales.ts): the renderer's entry carries
// English, and each other language is a chunk of its own. Read from the build the node tests
// make (test/build-output.ts).
const assets = join(import.meta.dirname, '../../out/renderer/assets');
const read = (prefix: string): string => {
  const file = readdirSync(assets).find((f) => f.startsWith(`${prefix}-`) && f.endsWith('.js'));
  if (!file) throw new Error(`no ${prefix}-*.js in out/renderer/assets`);
  return readFileSync(join(assets, file), 'utf8');
};
const message = (lang: string, key: string): string => {
  const text = (JSON.parse(readFileSync(join(import.meta.dirname, '../../src/renderer/src/i18n/messages', `${lang}.json`), 'utf8')) as Record<string, unknown>)[key];
  if (typeof text !== 'string') throw new Error(`${lang} ${key} is not a plain message`);
  return text;
};

describe('language chunks', () => {
  const KEY = 'offline_banner';
  it('the entry holds English and none of the other languages', () => {
    const entry = read('index');
    expect(entry).toContain(message('en', KEY));
    for (const lang of ['de', 'nl', 'fr', 'pl']) expect(entry.includes(message(lang, KEY)), lang).toBe(false);
  });
  it.each(['de', 'nl', 'fr', 'pl'])('%s is a chunk of its own, with its own words only', (lang) => {
    const chunk = read(lang);
    expect(chunk).toContain(message(lang, KEY));
    expect(chunk.includes(message('en', KEY))).toBe(false);
  });
});
