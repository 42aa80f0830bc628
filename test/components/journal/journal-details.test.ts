import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-svelte';
import type { JournalEntry } from '../../../src/shared/ipc/desk-work-records';
import { loadCatalogue } from '../../../src/renderer/src/i18n/catalogues.svelte';
import { setLanguageSetting } from '../../../src/renderer/src/i18n/locale.svelte';
import JournalScreen from '../../../src/renderer/src/screens/journal/JournalScreen.svelte';
import '../../../src/renderer/src/styles/base.css';
import { createFakeDesk } from '../support/fake-desk';

// Issue 18: the journal's Details column is worded by the screen in the desk's language from what
// main stored as data; a line from before that (no details) keeps main's English summary.
const line = (seq: number, over: Partial<JournalEntry>): JournalEntry => ({
  seq,
  at: '2026-03-14T09:30:00.000Z',
  kind: 'adjust',
  worker: 'Ana',
  code: null,
  sku: 'WD-000007',
  summary: '(English summary)',
  details: null,
  outcome: 'queued',
  requestId: null,
  ...over,
});

const ENTRIES: JournalEntry[] = [
  line(4, { kind: 'sent', outcome: 'rejected', details: { what: 'adjustment', params: { delta: -5, warehouse: 'AMS', reason: 'damaged' }, error: { code: 'insufficient_stock', message: 'Only 2 on hand in wh_ams; cannot remove 5.' } } }),
  line(3, { kind: 'resolve', outcome: 'discarded', details: { what: 'resolve_dropped', params: { delta: 3, warehouse: 'AMS', reason: 'found' } } }),
  line(2, { kind: 'count', outcome: 'done', details: { what: 'count_set', params: { counted: 1200, count: 'cnt_1' } } }),
  line(1, { kind: 'scan', outcome: 'found', summary: 'Widget: 4 on hand', details: null }),
];

describe('journal details in the desk’s language', () => {
  afterEach(() => setLanguageSetting('en'));

  it('words each line from its details, in English and in German; an old line keeps its summary', async () => {
    const fake = createFakeDesk({ 'journal.search': () => ({ ok: true, value: { entries: ENTRIES, nextBefore: null } }) });
    const uninstall = fake.install();
    try {
      render(JournalScreen);
      await expect.element(page.getByText('−5 at AMS (Damaged): Not enough stock')).toBeVisible();
      await expect.element(page.getByText('+3 at AMS (Found) not sent again: its outcome stayed unknown')).toBeVisible();
      await expect.element(page.getByText('Count set to 1,200 (count cnt_1)')).toBeVisible();
      await expect.element(page.getByText('Widget: 4 on hand')).toBeVisible();
      await loadCatalogue('de');
      setLanguageSetting('de');
      await expect.element(page.getByText('−5 in AMS (Beschädigt): Nicht genug Bestand')).toBeVisible();
      await expect.element(page.getByText('Zählmenge auf 1.200 gesetzt (Zählung cnt_1)')).toBeVisible();
      await expect.element(page.getByText('Entscheidung')).toBeVisible();
      await expect.element(page.getByText('(English summary)')).not.toBeInTheDocument();
    } finally {
      uninstall();
    }
  });
});
