// Settings on a desk whose IT department's policy locks some of them: each locked control is shown,
// disabled, with "Set by your IT department"; what the policy file got wrong is listed in plain
// words; the desk's name is the worker's to set when it is not locked.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-svelte';
import SettingsScreen from '../../../src/renderer/src/screens/settings/SettingsScreen.svelte';
import { refreshAccount } from '../../../src/renderer/src/state/account.svelte';
import { loadPolicy, policy } from '../../../src/renderer/src/state/policy.svelte';
import { loadSettings } from '../../../src/renderer/src/state/settings.svelte';
import type { PolicyStatus } from '../../../src/shared/ipc/policy-records';
import '../../../src/renderer/src/styles/base.css';
import { createFakeDesk, type FakeDesk } from '../support/fake-desk';

const MANAGED: PolicyStatus = {
  file: '/etc/warehouse-desk/policy.json',
  locked: ['serviceUrl', 'language', 'scanner', 'confirmAdjustmentsFrom', 'journalRetentionDays', 'deskWarehouseId'],
  serviceUrl: 'https://logistics.example.com',
  problems: [
    { reason: 'invalid_value', entry: 'settings.deskName', detail: 'Too big' },
    { reason: 'unknown_setting', entry: 'settings.printerProfile', detail: 'not a setting' },
    { reason: 'invalid_value', entry: 'settings.printers.profiles.1', detail: 'host: a printer is a host name or an IPv4 address' },
  ],
};

describe('Settings on a managed desk', () => {
  let fake: FakeDesk;
  let uninstall: () => void;
  beforeEach(() => {
    fake = createFakeDesk({ 'policy.get': () => ({ ok: true, value: structuredClone(MANAGED) }) });
    uninstall = fake.install();
  });
  afterEach(() => {
    uninstall();
    policy.value = { file: null, locked: [], serviceUrl: null, problems: [] };
  });

  for (const [width, height] of [
    [1280, 800],
    [1024, 700],
  ] as const) {
    it(`shows each locked setting as set by IT, disabled, and what in the file was not used (${width}x${height})`, async () => {
      await page.viewport(width, height);
      await Promise.all([refreshAccount(), loadSettings(), loadPolicy()]);
      render(SettingsScreen);
      await expect.element(page.getByTestId('language')).toBeDisabled();
      await expect.element(page.getByLabelText('Ask for a confirmation from a change of')).toBeDisabled();
      await expect.element(page.getByLabelText('Keep journal lines for')).toBeDisabled();
      await expect.element(page.getByLabelText('Shortest code')).toBeDisabled();
      await expect.element(page.getByLabelText('Service address (base URL)')).toHaveValue('https://logistics.example.com');
      await expect.element(page.getByLabelText('Service address (base URL)')).toHaveAttribute('readonly');
      expect(page.getByText('Set by your IT department').elements().length).toBe(6);
      await expect.element(page.getByRole('button', { name: 'Start demo mode' })).not.toBeInTheDocument();
      const problems = page.getByTestId('policy-problems');
      await expect.element(problems).toMatchTextContent('Name of this desk: the value is not allowed');
      await expect.element(problems).toMatchTextContent('settings.printerProfile: the desk does not know this setting');
      // A printer of the policy's list: the card's name, then where in the list, for IT to find it.
      await expect.element(problems).toMatchTextContent('Label printers (profiles.1): the value is not allowed');
      // Not locked: the desk's name is saved from here.
      await page.getByLabelText('Name of this desk').fill('  Dock 3 ');
      await page.getByRole('button', { name: 'Save' }).first().click();
      expect(fake.calls.find((c) => c.channel === 'settings.update')?.input).toEqual({ deskName: 'Dock 3' });
      await expect.element(page.getByText('Saved. New journal lines carry this name.')).toBeVisible();
      await page.getByText('This desk', { exact: true }).element().scrollIntoView();
      await page.screenshot({ path: `../../artifacts/components/settings-managed-${width}x${height}.png` });
    });
  }
});
