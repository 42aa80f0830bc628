import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-svelte';
import { loadCatalogue } from '../../../src/renderer/src/i18n/catalogues.svelte';
import { setLanguageSetting } from '../../../src/renderer/src/i18n/locale.svelte';
import RouteEstimate from '../../../src/renderer/src/screens/shipments/RouteEstimate.svelte';
import { connectivity } from '../../../src/renderer/src/state/connectivity.svelte';
import '../../../src/renderer/src/styles/base.css';
import { createFakeDesk, type FakeDesk } from '../support/fake-desk';

/** The route estimate's ship date is typed as the desk's language writes a date, not as the operating system's does. */
describe('the route estimate’s ship date in German', () => {
  let fake: FakeDesk;
  let uninstall: () => void;
  beforeEach(async () => {
    await page.viewport(1280, 800);
    fake = createFakeDesk({ 'shipments.transitTime': () => ({ ok: false, error: { code: 'service_unavailable', message: 'down' } }) });
    uninstall = fake.install();
    connectivity.known = true;
    connectivity.online = true;
    await loadCatalogue('de');
    setLanguageSetting('de');
  });
  afterEach(() => {
    uninstall();
    setLanguageSetting('en');
  });

  it('takes 14.03.2026 and asks for the transit time of 2026-03-14', async () => {
    render(RouteEstimate);
    const field = (name: string): HTMLInputElement => document.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
    await userEvent.fill(field('origin.country'), 'DE');
    await userEvent.fill(field('origin.postalCode'), '10115');
    await userEvent.fill(field('destination.country'), 'PL');
    await userEvent.fill(field('destination.postalCode'), '00-001');
    const date = page.getByLabelText('Versanddatum (optional)');
    await expect.element(date).toHaveAttribute('placeholder', expect.stringMatching(/^\d{2}\.\d{2}\.\d{4}$/));
    await date.fill('14.03.2026');
    await page.getByRole('button', { name: 'Laufzeit' }).click();
    await expect.poll(() => fake.calls.filter((c) => c.channel === 'shipments.transitTime').map((c) => c.input)).toEqual([expect.objectContaining({ shipDate: '2026-03-14' })]);
  });
});
