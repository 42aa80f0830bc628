import { describe, expect, it } from 'vitest';
import { DIALOG_WORDS, dialogLanguage } from '../../../src/main/electron/dialog-words';
import { LANGUAGES } from '../../../src/shared/ipc/value-lists';

describe('the words of main\'s own dialogs', () => {
  it('has every word in every language, and none left in English', () => {
    expect(Object.keys(DIALOG_WORDS).sort()).toEqual([...LANGUAGES].sort());
    for (const lang of LANGUAGES.filter((l) => l !== 'en')) {
      for (const key of Object.keys(DIALOG_WORDS.en) as Array<keyof typeof DIALOG_WORDS.en>) {
        expect(DIALOG_WORDS[lang][key], `${lang} ${key}`).not.toBe(DIALOG_WORDS.en[key]);
      }
    }
  });

  it('follows the Settings choice, else the first of the computer\'s languages the desk speaks, else English', () => {
    expect(dialogLanguage('fr', ['de-DE'])).toBe('fr');
    expect(dialogLanguage('system', ['es-ES', 'nl-BE', 'de'])).toBe('nl');
    expect(dialogLanguage(undefined, ['pl_PL'])).toBe('pl');
    expect(dialogLanguage('system', ['es-ES'])).toBe('en');
  });
});
