import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/shared/ipc/value-lists';

// The catalogues are the source (one JSON file per language); these checks keep them whole: every
// language has every key, with the same placeholders, and every key is used by some screen.
const root = join(import.meta.dirname, '../..');
const messagesDir = join(root, 'src/renderer/src/i18n/messages');
const settings = JSON.parse(readFileSync(join(root, 'project.inlang/settings.json'), 'utf8')) as { baseLocale: string; locales: string[] };

type Message = string | Array<{ declarations: string[]; match: Record<string, string> }>;
function catalogue(lang: string): Record<string, Message> {
  const { $schema: _schema, ...messages } = JSON.parse(readFileSync(join(messagesDir, `${lang}.json`), 'utf8')) as Record<string, Message>;
  return messages;
}

/** Every text a message can show (its variants too), to compare placeholders. */
function texts(message: Message): string[] {
  return typeof message === 'string' ? [message] : message.flatMap((v) => Object.values(v.match));
}
function placeholders(message: Message): string[] {
  const names = new Set<string>();
  for (const t of texts(message)) for (const hit of t.matchAll(/\{(\w+)\}/g)) names.add(hit[1] ?? '');
  return [...names].sort();
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (name === 'paraglide' || name === 'messages') return [];
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(svelte|ts)$/.test(name) ? [full] : [];
  });
}

describe('message catalogues', () => {
  const base = catalogue('en');
  const keys = Object.keys(base).sort();

  it('cover exactly the languages the settings offer', () => {
    expect(settings.baseLocale).toBe('en');
    expect([...settings.locales].sort()).toEqual([...LANGUAGES].sort());
  });

  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s has every key of English and no other', (lang) => {
    const own = Object.keys(catalogue(lang)).sort();
    expect({ missing: keys.filter((k) => !own.includes(k)), extra: own.filter((k) => !keys.includes(k)) }).toEqual({ missing: [], extra: [] });
  });

  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s uses the same placeholders as English in every message', (lang) => {
    const own = catalogue(lang);
    const differ = keys.filter((k) => own[k] !== undefined && placeholders(own[k]).join() !== placeholders(base[k] as Message).join());
    expect(differ).toEqual([]);
  });

  it.each(LANGUAGES)('%s has no empty text', (lang) => {
    const own = catalogue(lang);
    expect(Object.keys(own).filter((k) => texts(own[k] as Message).some((t) => t.trim() === ''))).toEqual([]);
  });

  it('has no key that no screen uses', () => {
    const source = sourceFiles(join(root, 'src/renderer/src'))
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
    const used = new Set([...source.matchAll(/\bm\.(\w+)\b/g)].map((hit) => hit[1]));
    expect(keys.filter((k) => !used.has(k))).toEqual([]);
  });

  it('is read from where the project says', () => {
    expect(relative(root, messagesDir)).toBe('src/renderer/src/i18n/messages');
  });
});
