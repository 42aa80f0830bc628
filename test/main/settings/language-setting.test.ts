import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SETTINGS_FILE, SettingsStore } from '../../../src/main/settings/settings-store';
import { SettingsPatch } from '../../../src/shared/ipc/records';

/** The language (issue 18): follows the OS until chosen, remembered across restarts, validated. */
describe('settings: language', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  const fresh = (): string => {
    const dir = mkdtempSync(join(tmpdir(), 'wd-settings-'));
    dirs.push(dir);
    return dir;
  };

  it('an older settings.json, without the field, follows the OS', () => {
    const dir = fresh();
    const old = { version: 1, account: null, demo: true, preferences: { scanner: { maxInterKeyMs: 40, minLength: 4, prefix: '', suffix: 'Enter' }, soundsMuted: true, confirmAdjustmentsFrom: 20 } };
    writeFileSync(join(dir, SETTINGS_FILE), JSON.stringify(old));
    const store = new SettingsStore(dir);
    expect(store.problem).toBeNull();
    expect(store.preferences.language).toBe('system');
  });

  it('is remembered across a restart and left alone by other patches', () => {
    const dir = fresh();
    new SettingsStore(dir).update({ language: 'pl' });
    const again = new SettingsStore(dir);
    expect(again.preferences.language).toBe('pl');
    expect(again.update({ soundsMuted: true }).language).toBe('pl');
    expect(again.update({ language: 'system' }).language).toBe('system');
  });

  it('refuses a language the desk does not speak, at the IPC boundary', () => {
    expect(SettingsPatch.safeParse({ language: 'es' }).success).toBe(false);
    expect(SettingsPatch.safeParse({ language: 'de' }).success).toBe(true);
  });
});
