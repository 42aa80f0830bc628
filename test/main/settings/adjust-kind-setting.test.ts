import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SETTINGS_FILE, SettingsStore } from '../../../src/main/settings/settings-store';
import { SettingsPatch } from '../../../src/shared/ipc/records';

/** The kind of change every product's adjust form starts with: Add until the desk says otherwise. */
describe('settings: the default kind of change', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  const fresh = (): string => {
    const dir = mkdtempSync(join(tmpdir(), 'wd-settings-'));
    dirs.push(dir);
    return dir;
  };

  it('an older settings.json, without the field, starts every product on Add', () => {
    const dir = fresh();
    const old = { version: 1, account: null, demo: true, preferences: { scanner: { maxInterKeyMs: 40, minLength: 4, prefix: '', suffix: 'Enter' }, soundsMuted: true, confirmAdjustmentsFrom: 20 } };
    writeFileSync(join(dir, SETTINGS_FILE), JSON.stringify(old));
    const store = new SettingsStore(dir);
    expect(store.problem).toBeNull();
    expect(store.preferences.defaultAdjustKind).toBe('add');
  });

  it('is remembered across a restart and left alone by other patches', () => {
    const dir = fresh();
    new SettingsStore(dir).update({ defaultAdjustKind: 'count' });
    const again = new SettingsStore(dir);
    expect(again.preferences.defaultAdjustKind).toBe('count');
    expect(again.update({ soundsMuted: false }).defaultAdjustKind).toBe('count');
  });

  it('refuses a kind the form does not have, at the IPC boundary', () => {
    expect(SettingsPatch.safeParse({ defaultAdjustKind: 'transfer' }).success).toBe(false);
    expect(SettingsPatch.safeParse({ defaultAdjustKind: 'remove' }).success).toBe(true);
  });
});
