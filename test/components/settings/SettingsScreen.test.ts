import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-svelte';
import SettingsScreen from '../../../src/renderer/src/screens/settings/SettingsScreen.svelte';
import { refreshAccount } from '../../../src/renderer/src/state/account.svelte';
import { loadSettings, settings } from '../../../src/renderer/src/state/settings.svelte';
import '../../../src/renderer/src/styles/base.css';
import { createFakeDesk, type FakeDesk } from '../support/fake-desk';
import { keyFor } from '../scan/keys';

describe('SettingsScreen', () => {
  let fake: FakeDesk;
  let uninstall: () => void;
  beforeEach(async () => {
    await page.viewport(1280, 900);
    fake = createFakeDesk();
    uninstall = fake.install();
    await Promise.all([refreshAccount(), loadSettings()]);
  });
  afterEach(() => uninstall());

  it('empties the secret field at submit and explains wrong credentials', async () => {
    let secretSeen = '';
    fake.handlers['account.signIn'] = (input) => {
      secretSeen = input.clientSecret;
      // the field is already empty while main is still answering
      expect((document.querySelector('input[name="clientSecret"]') as HTMLInputElement).value).toBe('');
      return { ok: false, error: { code: 'invalid_credentials', message: 'The client id or secret is wrong.', status: 401, requestId: 'req_tok_1' } };
    };
    render(SettingsScreen);
    await page.getByLabelText('Service address (base URL)').fill('https://api.example.com');
    await page.getByLabelText('Client id').fill('desk-7');
    await page.getByLabelText('Client secret').fill('s3cret-value');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const alert = page.getByRole('alert');
    await expect.element(alert).toMatchTextContent('Sign-in refused: wrong client id or secret');
    await expect.element(alert).toMatchTextContent('invalid_credentials');
    await expect.element(alert).toMatchTextContent('req_tok_1');
    expect(secretSeen).toBe('s3cret-value');
    await expect.element(page.getByLabelText('Client secret')).toHaveValue('');
    expect(document.body.innerHTML).not.toContain('s3cret-value');
    await page.screenshot({ path: '../../artifacts/components/settings-wrong-credentials.png' });
  });

  it('refuses a form without a secret before calling main', async () => {
    render(SettingsScreen);
    await page.getByLabelText('Service address (base URL)').fill('ftp://nope');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect.element(page.getByText('A web address starting with https://')).toBeVisible();
    await expect.element(page.getByText(/Enter the client secret/)).toBeVisible();
    expect(fake.calls.some((c) => c.channel === 'account.signIn')).toBe(false);
  });

  it('refuses plain http to another computer before calling main, and says why', async () => {
    render(SettingsScreen);
    await page.getByLabelText('Service address (base URL)').fill('http://api.example.com');
    await page.getByLabelText('Client id').fill('desk');
    await page.getByLabelText('Client secret').fill('s3cret-value');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect.element(page.getByText(/^Needs https:\/\/ \(plain http:\/\/ would send the secret unencrypted/)).toBeVisible();
    expect(fake.calls.some((c) => c.channel === 'account.signIn')).toBe(false);
    await page.screenshot({ path: '../../artifacts/components/settings-plain-http.png' });
  });

  it('measures the key timing of a test scan', async () => {
    render(SettingsScreen);
    const field = page.getByLabelText('Test: scan into this field');
    await field.click();
    const input = field.element() as HTMLInputElement;
    for (const ch of 'SKU-42') input.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...keyFor(ch) }));
    input.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, cancelable: true, key: 'Enter', code: 'Enter' }));
    await expect.element(page.getByTestId('scan-verdict')).toMatchTextContent('Counts as a scan: “SKU-42”');
    await expect.element(page.getByTestId('scan-gaps')).toBeVisible();
    expect(page.getByTestId('scan-gaps').element().querySelectorAll('li')).toHaveLength(6); // 5 gaps + the suffix
    await page.screenshot({ path: '../../artifacts/components/settings-scanner-test.png' });
  });

  it('saves scanner settings', async () => {
    render(SettingsScreen);
    await page.getByLabelText('Longest gap between scanner characters (ms)').fill('80');
    await page.getByRole('radio', { name: 'Tab' }).click();
    await page.getByRole('button', { name: 'Save' }).nth(1).click();
    await expect.element(page.getByText(/^Saved\. Scans use/)).toBeVisible();
    expect(fake.calls.find((c) => c.channel === 'settings.update')?.input).toEqual({
      scanner: { maxInterKeyMs: 80, minLength: 4, prefix: '', suffix: 'Tab' },
    });
    await page.getByLabelText('Ask for a confirmation from a change of').fill('25');
    await page.getByRole('button', { name: 'Save' }).nth(2).click();
    await expect.poll(() => fake.calls.filter((c) => c.channel === 'settings.update').at(-1)?.input).toEqual({ confirmAdjustmentsFrom: 25 });
  });

  it('saves how long the journal keeps its lines, and refuses a number out of range', async () => {
    render(SettingsScreen);
    const days = page.getByLabelText('Keep journal lines for');
    await expect.element(days).toHaveValue('90');
    await days.fill('0');
    await page.getByRole('button', { name: 'Save' }).nth(3).click();
    await expect.element(days).toHaveAttribute('aria-invalid', 'true');
    expect(fake.calls.filter((c) => c.channel === 'settings.update')).toEqual([]);
    await days.fill('30');
    await page.getByRole('button', { name: 'Save' }).nth(3).click();
    await expect.poll(() => fake.calls.filter((c) => c.channel === 'settings.update').at(-1)?.input).toEqual({ journalRetentionDays: 30 });
  });
  it('a sound switch main could not keep is undone: the box shows the choice still in force, and says why', async () => {
    fake.handlers['settings.update'] = () => ({ ok: false, error: { code: 'settings_unwritable', message: 'The settings file could not be written.' } });
    render(SettingsScreen);
    const mute = page.getByRole('checkbox', { name: /Mute scan sounds/ });
    await expect.element(mute).toBeChecked(); // the fake desk starts muted
    await mute.click();
    await expect.element(page.getByRole('alert')).toMatchTextContent('settings_unwritable');
    await expect.element(mute).toBeChecked();
    expect(settings.value.soundsMuted).toBe(true);
  });
});
