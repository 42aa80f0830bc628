// The status bar's sound switch and the Settings checkbox share one setMuted: the desk goes quiet
// at once, and a choice main could not keep is undone, with the reason in a notice.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-svelte';
import StatusBar from '../../../src/renderer/src/shell/StatusBar.svelte';
import { notices } from '../../../src/renderer/src/state/notices.svelte';
import { loadSettings, settings } from '../../../src/renderer/src/state/settings.svelte';
import '../../../src/renderer/src/styles/base.css';
import { createFakeDesk, type FakeDesk } from '../support/fake-desk';

describe('status bar sound switch', () => {
  let fake: FakeDesk;
  let uninstall: () => void;
  beforeEach(async () => {
    await page.viewport(1280, 800);
    notices.list = [];
    fake = createFakeDesk();
    uninstall = fake.install();
    await loadSettings();
  });
  afterEach(() => uninstall());

  it('turns the sounds on at once and asks main to keep it', async () => {
    render(StatusBar);
    const toggle = page.getByRole('button', { name: 'Sounds off' }); // the fake desk starts muted
    await expect.element(toggle).toHaveAttribute('aria-pressed', 'true');
    await toggle.click();
    await expect.element(page.getByRole('button', { name: 'Sounds on' })).toHaveAttribute('aria-pressed', 'false');
    await expect.poll(() => fake.calls.find((c) => c.channel === 'settings.update')?.input).toEqual({ soundsMuted: false });
    expect(settings.value.soundsMuted).toBe(false);
  });

  it('undoes a choice main could not keep, and says why in a notice', async () => {
    fake.handlers['settings.update'] = () => ({ ok: false, error: { code: 'settings_unwritable', message: 'The settings file could not be written.' } });
    render(StatusBar);
    await page.getByRole('button', { name: 'Sounds off' }).click();
    await expect.poll(() => notices.list.map((n) => n.code)).toContain('settings_unwritable');
    await expect.element(page.getByRole('button', { name: 'Sounds off' })).toHaveAttribute('aria-pressed', 'true');
    expect(settings.value.soundsMuted).toBe(true);
  });
});
