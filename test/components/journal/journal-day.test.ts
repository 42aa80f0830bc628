import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-svelte';
import { loadCatalogue } from '../../../src/renderer/src/i18n/catalogues.svelte';
import { setLanguageSetting } from '../../../src/renderer/src/i18n/locale.svelte';
import JournalScreen from '../../../src/renderer/src/screens/journal/JournalScreen.svelte';
import '../../../src/renderer/src/styles/base.css';
import { createFakeDesk } from '../support/fake-desk';

/** The journal's day filter is typed as the desk's language writes a date, not as the operating system does. */
describe('the journal’s day filter in German', () => {
  afterEach(() => setLanguageSetting('en'));

  it('takes 14.03.2026 and searches that day', async () => {
    const fake = createFakeDesk({ 'journal.search': () => ({ ok: true, value: { entries: [], nextBefore: null } }) });
    const uninstall = fake.install();
    try {
      await loadCatalogue('de');
      setLanguageSetting('de');
      render(JournalScreen);
      const day = page.getByLabelText('Tag', { exact: true });
      await expect.element(day).toHaveAttribute('placeholder', expect.stringMatching(/^\d{2}\.\d{2}\.\d{4}$/));
      await day.fill('14.03.2026');
      await expect.poll(() => fake.calls.filter((c) => c.channel === 'journal.search').at(-1)?.input).toMatchObject({ day: '2026-03-14' });
    } finally {
      uninstall();
    }
  });
});
