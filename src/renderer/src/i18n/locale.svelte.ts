import type { LanguageSetting } from '../../../shared/ipc/records';
import { LANGUAGES } from '../../../shared/ipc/value-lists';
import { loadCatalogue } from './catalogues.svelte';
import { baseLocale, overwriteGetLocale, overwriteSetLocale, type Locale } from './paraglide/runtime.js';

export type { Locale } from './paraglide/runtime.js';

/**
 * The desk's language, as reactive state: every message function asks Paraglide's getLocale(),
 * which reads this $state, so a language change re-renders each text in place (no restart, no
 * remount, nothing typed is lost). The format locale is what Intl formats numbers, dates and
 * times with: the OS's own tag when it speaks the chosen language (nl-BE keeps its own dates),
 * else the language itself.
 */
// The OS's languages as the renderer sees them (Chromium, and so Electron's app.getLocale(), starts
// with them); setSystemLanguages replaces them where a host knows better.
const state = $state<{ setting: LanguageSetting; system: readonly string[] }>({ setting: 'system', system: typeof navigator === 'undefined' ? [] : [...navigator.languages] });

function languageOf(tag: string): string {
  return tag.toLowerCase().split(/[-_]/)[0] ?? '';
}

function isLanguage(lang: string): lang is Locale {
  return (LANGUAGES as readonly string[]).includes(lang);
}

/** The first of the OS's languages the desk speaks, else English. */
export function resolveLocale(setting: LanguageSetting, system: readonly string[]): Locale {
  if (setting !== 'system') return setting;
  for (const tag of system) {
    const lang = languageOf(tag);
    if (isLanguage(lang)) return lang;
  }
  return baseLocale;
}

export function resolveFormatLocale(locale: Locale, system: readonly string[]): string {
  const own = system.find((tag) => languageOf(tag) === locale);
  if (own) {
    try {
      return Intl.getCanonicalLocales(own.replace('_', '-'))[0] ?? locale;
    } catch {
      return locale;
    }
  }
  return locale;
}

const current = $derived(resolveLocale(state.setting, state.system));
const formatTag = $derived(resolveFormatLocale(current, state.system));

overwriteGetLocale(() => current);
// The language shown is loaded as soon as it is chosen (English is always there).
$effect.root(() => {
  $effect(() => {
    void loadCatalogue(current);
  });
});
// The Settings screen is the one place a language is chosen; Paraglide's own setLocale (which
// would reload the page by default) only moves this state.
overwriteSetLocale((locale) => {
  state.setting = locale;
});

export function locale(): Locale {
  return current;
}

export function formatLocale(): string {
  return formatTag;
}

/** The OS's languages, best first: what 'system' follows. */
export function setSystemLanguages(tags: readonly string[]): void {
  state.system = [...tags];
}

export function setLanguageSetting(setting: LanguageSetting): void {
  state.setting = setting;
}

/** Keeps <html lang> on the language shown (screen readers and hyphenation read it). */
export function syncDocumentLanguage(doc: Document = document): () => void {
  return $effect.root(() => {
    $effect(() => {
      doc.documentElement.lang = current;
    });
  });
}

/** Each language by its own name: a worker finds theirs whatever the screen shows now. */
export const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', de: 'Deutsch', nl: 'Nederlands', fr: 'Français', pl: 'Polski' };

/** What 'system' resolves to now (shown beside the choice that follows the computer). */
export function systemLocale(): Locale {
  return resolveLocale('system', state.system);
}
