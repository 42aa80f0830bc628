import { afterEach, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../../src/renderer/src/i18n/catalogues.svelte';
import { setLanguageSetting } from '../../../src/renderer/src/i18n/locale.svelte';
import { noticeText } from '../../../src/renderer/src/shell/notice-text';
import { CACHE_REBUILT_CASES } from '../../support/cache-rebuilt-cases';

// The notice after a rebuilt cache says what was kept and what needs the worker, sentence by
// sentence; the screens word it from main's params, so each case reads in English exactly as
// main's own message, and in every other language in its own words, naming the items to check.
const worded = () => CACHE_REBUILT_CASES.map((c) => ({ ...c, text: noticeText({ code: 'cache_rebuilt', message: c.message, params: c.params }) }));

describe('the notice of a rebuilt cache, on screen', () => {
  afterEach(() => setLanguageSetting('en'));

  it('reads in English exactly as main words it, in every case', () => {
    setLanguageSetting('en');
    expect(worded().filter((c) => c.text !== c.message).map((c) => `${c.name}: ${c.text}`)).toEqual([]);
  });

  it.each(['de', 'nl', 'fr', 'pl'] as const)('in %s, each case in its own words, naming the file and the items to check', async (language) => {
    await loadCatalogue(language);
    setLanguageSetting(language);
    for (const c of worded()) {
      expect(c.text, c.name).not.toBe(c.message);
      expect(c.text, c.name).toContain(String(c.params['movedTo']));
      if (c.params['attentionSkus'] !== undefined) expect(c.text, c.name).toContain(String(c.params['attentionSkus']));
    }
    const texts = worded().map((c) => c.text);
    expect(new Set(texts).size).toBe(texts.length);
  });
});
