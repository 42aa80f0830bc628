import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/shared/ipc/value-lists';

// Two different things the worker must tell apart may not share a word: a refusal by the service
// and the worker's own withdrawal; the stock-take screen and the "set the count" kind of an
// adjustment. Same word, two meanings, side by side on one screen, is a wrong click waiting.
const messagesDir = join(import.meta.dirname, '../../src/renderer/src/i18n/messages');
const catalogue = (lang: string): Record<string, unknown> => JSON.parse(readFileSync(join(messagesDir, `${lang}.json`), 'utf8')) as Record<string, unknown>;
/** The first word, lower-cased, cut to its stem (5 letters: "Odrzucone" and "Odrzuć" meet at "odrzu"). */
const stem = (text: unknown): string => String(text).trim().split(/\s+/)[0]!.toLowerCase().slice(0, 5);

describe('words that must stay apart', () => {
  for (const lang of LANGUAGES) {
    it(`${lang}: refused by the service and discarded by the worker read differently`, () => {
      const c = catalogue(lang);
      expect(stem(c['outbox_filter_discarded'])).not.toBe(stem(c['outbox_filter_rejected']));
      expect(stem(c['state_discarded'])).not.toBe(stem(c['state_rejected']));
      // The Discard button beside a refused row does not repeat the refusal's word.
      expect(stem(c['outbox_discard'])).not.toBe(stem(c['outbox_filter_rejected']));
    });
    it(`${lang}: the stock-take screen and the "set count" adjustment have different names`, () => {
      const c = catalogue(lang);
      expect(stem(c['nav_count'])).not.toBe(stem(c['adjust_mode_count']));
      expect(String(c['adjust_mode_count'])).not.toBe(String(c['nav_count']));
    });
  }
});
