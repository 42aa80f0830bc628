import { afterEach, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../../src/renderer/src/i18n/catalogues.svelte';
import { setLanguageSetting } from '../../../src/renderer/src/i18n/locale.svelte';
import { refusalIsEnglish, refusalText, WORDED_REFUSALS } from '../../../src/renderer/src/ui/refusal-text';
import { refuse, REFUSAL_EXAMPLES } from '../../../src/shared/codes/refusal';
import { CODE_REFUSALS, type CodeRefusalWhy } from '../../../src/shared/ipc/code-refusal';

// Issue 18: a refused scan is worded by its code in the desk's language; main's English problem
// is what the English catalogue says, word for word, and what a desk shows only for a code it
// does not know.

const example = (why: CodeRefusalWhy) => (refuse as (w: CodeRefusalWhy, p: object) => ReturnType<typeof refuse>)(why, REFUSAL_EXAMPLES[why]);
const OTHER_LANGUAGES = ['de', 'nl', 'fr', 'pl'] as const;

describe('every refusal code has words in the catalogue', () => {
  afterEach(() => setLanguageSetting('en'));

  it('the desk words every code of the contract, and no other', () => {
    expect([...CODE_REFUSALS].filter((why) => !WORDED_REFUSALS.includes(why))).toEqual([]);
    expect(WORDED_REFUSALS.filter((why) => !(CODE_REFUSALS as readonly string[]).includes(why))).toEqual([]);
  });

  it('in English, each reads exactly as the problem main writes to its log and the journal', () => {
    setLanguageSetting('en');
    const differ = CODE_REFUSALS.map(example).filter((r) => refusalText(r) !== r.problem || refusalIsEnglish(r));
    expect(differ.map((r) => `${r.why}: ${refusalText(r)} ≠ ${r.problem}`)).toEqual([]);
  });

  it.each(OTHER_LANGUAGES)('in %s, each has its own sentence, not the English, naming the values', async (language) => {
    await loadCatalogue(language);
    setLanguageSetting(language);
    const worded = CODE_REFUSALS.map((why) => ({ why, refusal: example(why), text: refusalText(example(why)) }));
    expect(worded.filter((w) => w.text === w.refusal.problem || w.text.trim() === '').map((w) => w.why)).toEqual([]);
    // Every value is in the sentence (a GTIN, an AI, a length), not dropped on the way.
    const missing = worded.flatMap((w) => Object.values(w.refusal.params).filter((v) => !w.text.includes(String(v))).map((v) => `${w.why}: ${v}`));
    expect(missing).toEqual([]);
    // One sentence per code: two codes worded alike would say less than the English does.
    const texts = worded.map((w) => w.text);
    expect(texts.filter((t, i) => texts.indexOf(t) !== i)).toEqual([]);
  });

  it('shows main’s English for a code it does not know, a line without one, or a value missing', async () => {
    await loadCatalogue('de');
    setLanguageSetting('de');
    expect(refusalText({ why: 'a_code_from_a_newer_desk', params: {}, problem: 'something the next version will word' })).toBe('something the next version will word');
    expect(refusalIsEnglish({ why: 'a_code_from_a_newer_desk', problem: 'x' })).toBe(true);
    expect(refusalText({ problem: 'the check digit of GTIN 04006381333932 is wrong' })).toBe('the check digit of GTIN 04006381333932 is wrong');
    expect(refusalText({ why: 'gtin_check_digit', params: {}, problem: 'the check digit of GTIN 04006381333932 is wrong' })).toBe('the check digit of GTIN 04006381333932 is wrong');
    expect(refusalText(refuse('gtin_check_digit', { gtin: '04006381333932' }))).toBe('die Prüfziffer der GTIN 04006381333932 ist falsch');
  });
});
