import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-svelte';
import AdjustPanel from '../../../src/renderer/src/screens/scan/AdjustPanel.svelte';
import SettingsScreen from '../../../src/renderer/src/screens/settings/SettingsScreen.svelte';
import { DEFAULT_SETTINGS } from '../../../src/shared/ipc/defaults';
import type { Settings } from '../../../src/shared/ipc/records';
import { refreshAccount } from '../../../src/renderer/src/state/account.svelte';
import { forgetEntries } from '../../../src/renderer/src/state/outbox.svelte';
import { loadSettings, settings } from '../../../src/renderer/src/state/settings.svelte';
import '../../../src/renderer/src/styles/base.css';
import { createFakeDesk, SETTINGS, stockOf, type FakeDesk } from '../support/fake-desk';

/**
 * The kind of change every product's adjust form opens on is the desk's choice in Settings. A
 * desk set to Remove opens each new card on Remove with the removal reasons (and no reason
 * chosen), and still does after the window reads its settings afresh. Main's side of keeping the
 * choice in settings.json is test/main/settings/adjust-kind-setting.test.ts; here the fake main
 * keeps what it was sent, as settings.json would.
 */
describe('the default kind of change, from Settings to a new card', () => {
  let fake: FakeDesk;
  let uninstall: () => void;
  let saved: Settings;
  const reasonOptions = (): string[] => [...(page.getByLabelText('Reason').element() as HTMLSelectElement).options].filter((o) => !o.disabled).map((o) => o.value);

  beforeEach(async () => {
    await page.viewport(1280, 900);
    fake = createFakeDesk();
    saved = structuredClone(SETTINGS);
    fake.handlers['settings.get'] = () => ({ ok: true, value: structuredClone(saved) });
    fake.handlers['settings.update'] = (patch) => {
      saved = { ...saved, ...patch, scanner: { ...saved.scanner, ...patch.scanner } } as Settings;
      return { ok: true, value: structuredClone(saved) };
    };
    uninstall = fake.install();
    forgetEntries();
    await Promise.all([refreshAccount(), loadSettings()]);
  });
  afterEach(() => {
    uninstall();
    settings.value = structuredClone(DEFAULT_SETTINGS);
  });

  it('Remove chosen in Settings: every new card opens on Remove with the removal reasons, also after the settings are read again', async () => {
    const screen = await render(SettingsScreen);
    const kind = page.getByLabelText('Every product starts on');
    await expect.element(kind).toHaveValue('add');
    await kind.selectOptions('Remove');
    await expect.poll(() => fake.calls.filter((c) => c.channel === 'settings.update').map((c) => c.input)).toEqual([{ defaultAdjustKind: 'remove' }]);
    await expect.element(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
    await screen.unmount();

    // A window opened afresh: it knows nothing until it reads the settings from main.
    settings.value = structuredClone(DEFAULT_SETTINGS);
    await loadSettings();
    expect(settings.value.defaultAdjustKind).toBe('remove');

    for (const sku of ['SKU-00042', 'SKU-00043']) {
      const card = await render(AdjustPanel, { stock: stockOf(sku) });
      await expect.element(page.getByRole('radio', { name: 'Remove' })).toBeChecked();
      await expect.element(page.getByRole('radio', { name: 'Add' })).not.toBeChecked();
      await expect.element(page.getByLabelText('Quantity to remove')).toBeVisible();
      expect(reasonOptions()).toEqual(['damaged', 'lost', 'other']);
      // The kind is the desk's; the reason is this product's own choice, never pre-filled.
      await expect.element(page.getByLabelText('Reason')).toHaveValue('');
      await card.unmount();
    }

    // And Settings shows the kept choice when opened again.
    await render(SettingsScreen);
    await expect.element(page.getByLabelText('Every product starts on')).toHaveValue('remove');
  });
});
