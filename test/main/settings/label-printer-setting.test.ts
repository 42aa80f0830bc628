import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SETTINGS_FILE, SettingsStore } from '../../../src/main/settings';
import { tempDir } from '../composition/support/temp-dir';

describe('the label printer setting in settings.json', () => {
  let dir = tempDir('settings-label-printer-');
  afterEach(() => {
    dir.remove();
    dir = tempDir('settings-label-printer-');
  });

  it('a settings file from before labels were printed loads whole, with the system dialog as the choice', () => {
    const before = { version: 1, account: null, demo: true, preferences: { scanner: { maxInterKeyMs: 80, minLength: 6, prefix: '', suffix: 'Tab' }, soundsMuted: true, confirmAdjustmentsFrom: 20 } };
    writeFileSync(join(dir.path, SETTINGS_FILE), JSON.stringify(before));
    const store = new SettingsStore(dir.path);
    expect(store.problem).toBeNull();
    expect(store.preferences).toMatchObject({ ...before.preferences, labelPrinter: { silent: false, deviceName: null } });
  });

  it('keeps silent printing and the chosen printer, and leaves the rest alone', () => {
    const store = new SettingsStore(dir.path);
    store.update({ labelPrinter: { silent: true, deviceName: 'Brother_QL-820NWB' } });
    store.update({ soundsMuted: true });
    const saved = JSON.parse(readFileSync(join(dir.path, SETTINGS_FILE), 'utf8')) as { preferences: unknown };
    expect(saved.preferences).toMatchObject({ labelPrinter: { silent: true, deviceName: 'Brother_QL-820NWB' }, soundsMuted: true });
    expect(new SettingsStore(dir.path).preferences.labelPrinter).toEqual({ silent: true, deviceName: 'Brother_QL-820NWB' });
  });
});
