import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-svelte';
import App from '../../../src/renderer/src/App.svelte';
import { loadCatalogue } from '../../../src/renderer/src/i18n/catalogues.svelte';
import { setLanguageSetting } from '../../../src/renderer/src/i18n/locale.svelte';
import { forgetScans } from '../../../src/renderer/src/scan/session.svelte';
import CountSheet from '../../../src/renderer/src/screens/count/CountSheet.svelte';
import { nav } from '../../../src/renderer/src/shell/navigation.svelte';
import { count } from '../../../src/renderer/src/state/count.svelte';
import { parseCode } from '../../../src/shared/codes/parse-code';
import type { CountSession } from '../../../src/shared/ipc/desk-work-records';
import '../../../src/renderer/src/styles/base.css';
import { createFakeDesk, SETTINGS, stockOf, type FakeDesk } from '../support/fake-desk';

// Issue 18: a refused scan reads in the desk's language. The fake desk refuses codes with the real
// code reader (src/shared/codes), as main's lookup does, so what it sends is what main sends.
const WRONG_GTIN = '(01)04006381333932';

describe('a refused code in the desk’s language (fake desk)', () => {
  let fake: FakeDesk;
  let uninstall: () => void;
  beforeEach(async () => {
    await page.viewport(1280, 800);
    fake = createFakeDesk();
    fake.handlers['stock.lookup'] = ({ code }) => {
      const parsed = parseCode(code);
      if (parsed.kind === 'invalid') return { ok: true, value: { kind: 'invalid', code, why: parsed.why, params: parsed.params, problem: parsed.problem } };
      return { ok: true, value: { kind: 'stock', code, matchedBy: 'sku', stock: stockOf(code), refreshing: false } };
    };
    uninstall = fake.install();
    nav.screen = 'scan';
  });
  afterEach(() => {
    uninstall();
    forgetScans();
    count.last = null;
    setLanguageSetting('en');
  });

  async function lookUp(code: string, box: string, button: string): Promise<void> {
    await page.getByLabelText(box).fill(code);
    await page.getByRole('button', { name: button, exact: true }).click();
  }

  it('a German desk says why a scan is refused in German, on the card and in the history', async () => {
    // The desk's saved language is German (the app applies the settings it loads).
    fake.handlers['settings.get'] = () => ({ ok: true, value: { ...SETTINGS, language: 'de' } });
    await loadCatalogue('de');
    render(App);
    await lookUp(WRONG_GTIN, 'Code scannen oder eingeben', 'Suchen');
    const card = page.getByTestId('answer-card');
    await expect.element(card).toHaveAttribute('data-kind', 'invalid');
    await expect.element(card.getByText('Kein gültiger Code')).toBeVisible();
    await expect.element(card.getByText('die Prüfziffer der GTIN 04006381333932 ist falsch')).toBeVisible();
    expect(document.querySelector('[data-testid="answer-card"]')?.textContent).not.toContain('check digit');
    await expect.element(page.getByRole('region', { name: 'Letzte Scans' }).getByText('die Prüfziffer der GTIN 04006381333932 ist falsch')).toBeVisible();
  });

  it('reads as main’s English on an English desk, and re-words the card at once when the language changes', async () => {
    render(App);
    await lookUp('(01)04006381333931(17)261341', 'Scan or type a code', 'Look up');
    const card = page.getByTestId('answer-card');
    await expect.element(card.getByText('the expiry date after (17) is not a date: 261341 (YYMMDD)')).toBeVisible();
    await loadCatalogue('pl');
    setLanguageSetting('pl');
    await expect.element(card.getByText('data ważności po (17) nie jest datą: 261341 (RRMMDD)')).toBeVisible();
  });

  it('the count sheet says why a scan counted nothing, in the desk’s language', async () => {
    await loadCatalogue('fr');
    setLanguageSetting('fr');
    const session: CountSession = { id: 'cnt_1', warehouseId: 'wh_ams', zone: null, worker: null, state: 'open', startedAt: '2026-03-14T09:00:00.000Z', submittedAt: null, lines: [] };
    const parsed = parseCode('1Z5R89390357567128');
    if (parsed.kind !== 'invalid') throw new Error('the UPS number should be refused');
    count.last = { kind: 'refused', code: parsed.code, reason: 'invalid', message: parsed.problem, refusal: { why: parsed.why, params: parsed.params, problem: parsed.problem } };
    render(CountSheet, { session });
    await expect
      .element(page.getByTestId('count-refused'))
      .toHaveTextContent('1Z5R89390357567128: la clé de contrôle du numéro de suivi UPS 1Z5R89390357567128 est fausse ; rien n’a été compté.');
  });
});
