/// <reference types="@vitest/browser-playwright" />
// The screens whose words changed, as a worker sees them: the Outbox with a refused and a waiting
// row and a notice carrying the service's reference; the label dialog of a cancelled shipment.
// English, German and Polish; light and dark; 1280x800 and 1024x700. Saved to test/artifacts/components/plain-words (docs/screens/plain-words with SCREENS=docs)
// to be looked at; each shot also checks that no button's text is cut.
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-svelte';
import App from '../../../src/renderer/src/App.svelte';
import PrintLabelsDialog from '../../../src/renderer/src/screens/labels/PrintLabelsDialog.svelte';
import { setLanguageSetting, setSystemLanguages } from '../../../src/renderer/src/i18n/locale.svelte';
import { nav } from '../../../src/renderer/src/shell/navigation.svelte';
import { notices, pushNotice } from '../../../src/renderer/src/state/notices.svelte';
import '../../../src/renderer/src/styles/base.css';
import { screensSuite, shootScreens } from '../support/screen-shots';
import { createFakeDesk, entryOf, SETTINGS } from '../support/fake-desk';
import { inLookLanguages } from '../../support/run-depth';
import { RUN } from '../support/run-depth';

const DIR = 'plain-words';
/** The cancelled shipment's label as main draws it (kept equal to main's by test/main/labels/label-preview.test.ts). */
const CANCELLED_LABEL = Object.values(import.meta.glob('../labels/fixtures/preview-shipment-cancelled-100x150.svg', { query: '?raw', import: 'default', eager: true }) as Record<string, string>)[0] ?? '';
const LANGS = [
  { lang: 'en', system: 'en-GB', rejectedTab: 'Rejected' },
  { lang: 'de', system: 'de-DE', rejectedTab: 'Abgelehnt' },
  { lang: 'pl', system: 'pl-PL', rejectedTab: 'Odrzucone' },
] as const;

describe('plain words, on screen', () => {
  const installed = screensSuite();

  for (const { lang, system: tag, rejectedTab } of inLookLanguages(RUN, 'plain words screens', LANGS)) {
    it(`${lang}: the Outbox with a refusal, a waiting row and a notice with a reference`, async () => {
      setSystemLanguages([tag]);
      setLanguageSetting(lang);
      const refused = entryOf({ id: 'ob-2', sku: 'WD-000043', delta: -500, state: 'rejected', attempts: 1, lastError: { code: 'insufficient_stock', message: 'Only 86 on hand.', status: 409, requestId: 'req_4f9a2c81' } });
      const waiting = entryOf({ id: 'ob-1', sku: 'WD-000044', delta: 12, reason: 'received', note: 'Pallet 3 of 4' });
      const counts = { queued: 1, sending: 0, applied: 0, rejected: 1, discarded: 0, uncertain: 0, rejectedSeen: 0, toCheck: 0 };
      const fake = createFakeDesk({
        'settings.get': () => ({ ok: true, value: { ...structuredClone(SETTINGS), language: lang } }),
        'outbox.list': (input) => ({ ok: true, value: { entries: [waiting, refused].filter((e) => !input?.states || input.states.includes(e.state)), counts, nextBefore: null } }),
      });
      installed(fake.install());
      notices.list = [];
      nav.screen = 'outbox';
      render(App);
      await expect.element(page.getByRole('tab', { name: new RegExp(rejectedTab) })).toHaveAttribute('aria-selected', 'true');
      pushNotice({ level: 'error', code: 'internal_error', message: lang === 'en' ? 'Sync could not start.' : lang === 'de' ? 'Abgleich konnte nicht starten.' : 'Nie udało się rozpocząć synchronizacji.', params: { requestId: 'req_7f3a' } });
      await expect.element(page.getByTestId('request-ref').first()).toBeVisible();
      await shootScreens(DIR, 'outbox-refused', lang);
    });

    it(`${lang}: the label dialog of a cancelled shipment`, async () => {
      setSystemLanguages([tag]);
      setLanguageSetting(lang);
      const fake = createFakeDesk({ 'labels.preview': ({ size }) => ({ ok: true, value: { svg: CANCELLED_LABEL, size, widthMm: 100, heightMm: 150 } }) });
      installed(fake.install());
      render(PrintLabelsDialog, { props: { target: { kind: 'shipment', token: 'shp_0123456789abcdefghij', reference: 'ORD-2026-000917', cancelled: true }, onclose: () => {} } });
      await expect.element(page.getByTestId('print-cancelled')).toBeVisible();
      await expect.element(page.getByTestId('label-preview-image')).toBeVisible();
      await shootScreens(DIR, 'print-cancelled', lang);
    });
  }
});
