import type { Locale } from './paraglide/runtime.js';

type Catalogue = Record<string, (inputs?: never) => string>;

/**
 * The languages other than English, each a chunk of its own (scripts/lazy-locales.ts), loaded when
 * it is chosen. Reactive: a text shown in English while its language loads is re-rendered when it
 * arrives.
 */
const state = $state<{ loaded: Partial<Record<Locale, Catalogue>> }>({ loaded: {} });

/** A loaded language's messages (read by every compiled message: reactive). */
export function catalogue(locale: string): Catalogue | undefined {
  return state.loaded[locale as Locale];
}

// Not state: which loads are under way, so each language is fetched once.
const pending: Partial<Record<Locale, Promise<void>>> = {};

async function importCatalogue(locale: Locale): Promise<Catalogue | null> {
  switch (locale) {
    case 'de':
      return (await import('virtual:desk-catalogue/de')) as Catalogue;
    case 'nl':
      return (await import('virtual:desk-catalogue/nl')) as Catalogue;
    case 'fr':
      return (await import('virtual:desk-catalogue/fr')) as Catalogue;
    case 'pl':
      return (await import('virtual:desk-catalogue/pl')) as Catalogue;
    default:
      return null;
  }
}

/** Loads a language's chunk once (English is always there). */
export function loadCatalogue(locale: Locale): Promise<void> {
  return (pending[locale] ??= importCatalogue(locale).then((catalogue) => {
    if (catalogue) state.loaded = { ...state.loaded, [locale]: catalogue };
  }));
}
