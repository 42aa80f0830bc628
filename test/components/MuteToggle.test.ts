import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-svelte';
import MuteToggle from '../../src/renderer/src/components/MuteToggle.svelte';
import '../../src/renderer/src/styles/base.css';

describe('MuteToggle in Chromium', () => {
  it('turns the scan sounds off and on when clicked', async () => {
    render(MuteToggle, { muted: false });
    const button = page.getByRole('button', { name: 'Sounds on' });
    await expect.element(button).toHaveAttribute('aria-pressed', 'false');
    await button.click();
    const off = page.getByRole('button', { name: 'Sounds off' });
    await expect.element(off).toHaveAttribute('aria-pressed', 'true');
    await page.screenshot({ path: '../artifacts/components/mute-toggle-off.png' });
    await off.click();
    await expect.element(page.getByRole('button', { name: 'Sounds on' })).toBeVisible();
  });
});
