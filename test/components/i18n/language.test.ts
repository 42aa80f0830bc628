import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-svelte';
import App from '../../../src/renderer/src/App.svelte';
import { setLanguageSetting, setSystemLanguages } from '../../../src/renderer/src/i18n/locale.svelte';
import { nav } from '../../../src/renderer/src/shell/navigation.svelte';
import { formatTime } from '../../../src/renderer/src/ui/format';
import '../../../src/renderer/src/styles/base.css';
import { scanBurst as scan } from '../scan/keys';
import { createFakeDesk, SETTINGS, type FakeDesk } from '../support/fake-desk';

/** Issue 18: the language is chosen in Settings, shown at once everywhere, and never changes what a scan reads. */
describe('the desk in the worker’s language (fake desk)', () => {
  let fake: FakeDesk;
  let uninstall: () => void;
  beforeEach(async () => {
    await page.viewport(1280, 800);
    fake = createFakeDesk();
    uninstall = fake.install();
    nav.screen = 'settings';
  });
  afterEach(() => {
    uninstall();
    setSystemLanguages(navigator.languages);
    setLanguageSetting('en');
  });

  it('switches every text at once when German or Polish is chosen, saves the choice, and sets <html lang>', async () => {
    render(App);
    const picker = page.getByTestId('language');
    await expect.element(picker).toBeVisible();
    expect(document.documentElement.lang).toBe('en');
    await picker.selectOptions('de');
    await expect.element(page.getByRole('heading', { level: 1, name: 'Einstellungen' })).toBeVisible();
    await expect.element(page.getByRole('navigation', { name: 'Bildschirme' })).toBeVisible();
    await expect.element(page.getByRole('button', { name: /^Bestand/ })).toBeVisible();
    expect(document.documentElement.lang).toBe('de');
    expect(fake.calls.filter((c) => c.channel === 'settings.update').map((c) => c.input)).toContainEqual({ language: 'de' });
    await picker.selectOptions('pl');
    await expect.element(page.getByRole('heading', { level: 1, name: 'Ustawienia' })).toBeVisible();
    expect(document.documentElement.lang).toBe('pl');
  });

  it('reads a scan the same in every language', async () => {
    render(App);
    nav.screen = 'scan';
    await expect.element(page.getByLabelText('Scan or type a code')).toBeVisible();
    const looked: unknown[] = [];
    for (const lang of ['en', 'de', 'pl', 'fr', 'nl'] as const) {
      setLanguageSetting(lang);
      (document.activeElement as HTMLElement | null)?.blur();
      scan(document.body, 'SKU-00042');
      await expect.poll(() => fake.calls.filter((c) => c.channel === 'stock.lookup').length).toBe(1);
      await expect.element(page.getByTestId('answer-card')).toHaveAttribute('data-kind', 'stock');
      looked.push(...fake.calls.filter((c) => c.channel === 'stock.lookup').map((c) => c.input));
      fake.calls.length = 0;
    }
    expect(looked).toEqual(Array(5).fill({ code: 'SKU-00042', entry: 'scanned' }));
  });

  it("follows the computer's language until one is chosen, and formats times as that locale does", async () => {
    setSystemLanguages(['pl-PL', 'en-GB']);
    setLanguageSetting('system');
    expect(formatTime(new Date(2026, 2, 12, 14, 5))).toBe('14:05');
    setSystemLanguages(['en-US']);
    expect(formatTime(new Date(2026, 2, 12, 14, 5))).toMatch(/^2:05\sPM$/);
    setSystemLanguages(['es-ES', 'nl-BE']);
    fake.handlers['settings.get'] = () => ({ ok: true, value: { ...SETTINGS, language: 'system' } });
    render(App);
    await expect.element(page.getByRole('heading', { level: 1, name: 'Instellingen' })).toBeVisible();
  });
});
