import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SETTINGS_FILE, SettingsStore } from '../../../src/main/settings/settings-store';

/** This desk's warehouse in settings.json: optional in older files, set and cleared by a patch. */
describe("settings: this desk's warehouse", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  const fresh = (): string => {
    const dir = mkdtempSync(join(tmpdir(), 'wd-settings-'));
    dirs.push(dir);
    return dir;
  };

  it('a settings.json written before the field existed still loads, with no warehouse chosen', () => {
    const dir = fresh();
    const old = { version: 1, account: null, demo: true, preferences: { scanner: { maxInterKeyMs: 40, minLength: 4, prefix: '', suffix: 'Enter' }, soundsMuted: true, confirmAdjustmentsFrom: 20 } };
    writeFileSync(join(dir, SETTINGS_FILE), JSON.stringify(old));
    const store = new SettingsStore(dir);
    expect(store.problem).toBeNull();
    expect(readdirSync(dir)).toEqual([SETTINGS_FILE]);
    expect(store.preferences).toMatchObject({ confirmAdjustmentsFrom: 20, soundsMuted: true, deskWarehouseId: null });
  });

  it('is set, kept across a restart, left alone by other patches, and cleared with null', () => {
    const dir = fresh();
    new SettingsStore(dir).update({ deskWarehouseId: 'wh_dui1abc' });
    const again = new SettingsStore(dir);
    expect(again.preferences.deskWarehouseId).toBe('wh_dui1abc');
    expect(again.update({ soundsMuted: true }).deskWarehouseId).toBe('wh_dui1abc');
    expect(again.update({ deskWarehouseId: null }).deskWarehouseId).toBeNull();
    expect(() => again.update({ deskWarehouseId: 'not a warehouse id!' })).toThrow();
  });
});
