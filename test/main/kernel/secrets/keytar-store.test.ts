import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createKeytarStore } from '../../../../src/main/kernel/secrets/keytar-store';
import { DeskFailure } from '../../../../src/shared/ipc/result';

const run = promisify(execFile);

// Runs inside scripts/with-keyring.sh: a private D-Bus session with an unlocked GNOME keyring.
describe('createKeytarStore against the real Secret Service', () => {
  it('stores, reads, replaces and deletes a secret', async () => {
    const store = createKeytarStore();
    const service = `warehouse-desk-test ${randomUUID()}`;
    expect(await store.get(service, 'acct')).toBeNull();
    await store.set(service, 'acct', 'first');
    await store.set(service, 'acct', 'second');
    expect(await store.get(service, 'acct')).toBe('second');
    expect(await store.get(service, 'other-acct')).toBeNull();
    expect(await store.delete(service, 'acct')).toBe(true);
    expect(await store.delete(service, 'acct')).toBe(false);
    expect(await store.get(service, 'acct')).toBeNull();
  });

  it('refuses empty names and secrets before reaching the keychain', async () => {
    const store = createKeytarStore();
    await expect(store.set('', 'a', 's')).rejects.toMatchObject({ error: { code: 'invalid_argument' } });
    await expect(store.set('svc', 'a', '')).rejects.toMatchObject({ error: { code: 'invalid_argument' } });
    await expect(store.get('svc', '')).rejects.toBeInstanceOf(DeskFailure);
  });

  it('gives keychain_unavailable, never a plain-text fallback, when no Secret Service answers', async () => {
    const probe = resolve(import.meta.dirname, 'fixtures/keychain-probe.ts');
    const env: NodeJS.ProcessEnv = { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/warehouse-desk-bus' };
    delete env['DISPLAY'];
    const { stdout } = await run(process.execPath, ['--import', 'tsx', probe], { env, timeout: 20_000 });
    const results = JSON.parse(stdout) as Record<string, { ok: boolean; error?: { code: string; message: string } }>;
    expect(Object.keys(results)).toEqual(['get', 'set', 'delete', 'saveCredentials', 'loadSecret']);
    for (const result of Object.values(results)) {
      expect(result.ok).toBe(false);
      expect(result.error?.code).toBe('keychain_unavailable');
      expect(result.error?.message).toMatch(/keychain/i);
      expect(result.error?.message).not.toContain('probe-secret-value');
    }
    // Nothing the probe tried to store may show up anywhere: not in its output, not in a file it wrote.
    expect(stdout).not.toContain('probe-secret-value');
  });
});
