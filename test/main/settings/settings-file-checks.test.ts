// A hand-edited settings.json is read with the rules the keychain vault and the sign-in channel
// apply (no user name or password in the service address, a client id that is not blank): a
// file that breaks them is moved aside, private, and the desk starts on its defaults with a
// notice, instead of failing to start when it tries to restore that account. Real files, the
// real core behind the real router.
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../src/shared/ipc/defaults';
import { SETTINGS_FILE, SettingsStore } from '../../../src/main/settings';
import { startCore } from '../../hardening/support/core';
import { tempDir } from '../composition/support/temp-dir';

const dirs: Array<{ remove(): void }> = [];
afterEach(() => dirs.splice(0).forEach((d) => d.remove()));

function dataDirWith(account: unknown): string {
  const dir = tempDir('settings-checks-');
  dirs.push(dir);
  const preferences = { ...DEFAULT_SETTINGS, soundsMuted: !DEFAULT_SETTINGS.soundsMuted };
  writeFileSync(join(dir.path, SETTINGS_FILE), JSON.stringify({ version: 1, account, demo: false, preferences }), { mode: 0o644 });
  return dir.path;
}

const BAD_ACCOUNTS: Array<[string, { baseUrl: string; clientId: string }]> = [
  ['a user name and password in the service address', { baseUrl: 'https://user:pass@logistics.example.com', clientId: 'desk-1' }],
  ['a user name alone in the service address', { baseUrl: 'https://user@logistics.example.com', clientId: 'desk-1' }],
  ['a blank client id', { baseUrl: 'https://logistics.example.com', clientId: '   ' }],
  ['an empty client id', { baseUrl: 'https://logistics.example.com', clientId: '' }],
];

describe('settings.json checked on load like a sign-in', () => {
  it.each(BAD_ACCOUNTS)('with %s: the desk starts signed out, the file is moved aside (0600) and a notice says so', async (_what, account) => {
    const dataDir = dataDirWith(account);
    const core = await startCore({ dataDir, demoByDefault: false });
    try {
      expect(await core.value('account.status')).toMatchObject({ mode: 'signed_out', baseUrl: null, clientId: null });
      const info = await core.value<{ notices: Array<{ code: string; message: string; params?: { movedTo?: string } }> }>('app.info');
      const notice = info.notices.find((n) => n.code === 'settings_reset');
      expect(notice?.message).toMatch(/account/);
      // The password is in no notice; the moved file keeps it, for support, readable by its owner only.
      expect(JSON.stringify(info.notices)).not.toContain('pass@');
      const movedTo = notice!.params!.movedTo!;
      expect(existsSync(movedTo)).toBe(true);
      expect(statSync(movedTo).mode & 0o777).toBe(0o600);
      expect(readdirSync(dataDir).filter((f) => f.startsWith(`${SETTINGS_FILE}.broken-`))).toHaveLength(1);
      expect(core.recorded.internalErrors).toEqual([]);
      expect(core.network.requests.filter((r) => r.url.includes('example.com'))).toEqual([]);
    } finally {
      await core.close();
    }
  });

  it('the store refuses to save such an account too', () => {
    const dir = tempDir('settings-checks-');
    dirs.push(dir);
    const store = new SettingsStore(dir.path);
    for (const [, account] of BAD_ACCOUNTS) expect(() => store.setAccount(account, false)).toThrow();
    expect(store.account).toBeNull();
  });

  it('a good account in the same file loads as it is', () => {
    const dataDir = dataDirWith({ baseUrl: 'https://logistics.example.com', clientId: 'desk-1' });
    const store = new SettingsStore(dataDir);
    expect(store.problem).toBeNull();
    expect(store.account).toEqual({ baseUrl: 'https://logistics.example.com', clientId: 'desk-1' });
  });
});
