import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { CredentialVault, TOKEN_EXPIRY_MARGIN_MS, normaliseBaseUrl } from '../../../../src/main/kernel/secrets/credential-vault';
import { createKeytarStore } from '../../../../src/main/kernel/secrets/keytar-store';

const run = promisify(execFile);

/** What `secret-tool` (libsecret's own CLI) finds under keytar's attributes, or null. */
async function secretTool(service: string, account: string): Promise<string | null> {
  try {
    const { stdout } = await run('secret-tool', ['lookup', 'service', service, 'account', account]);
    return stdout;
  } catch {
    return null; // exit status 1: nothing stored
  }
}

function freshAccount() {
  return { baseUrl: `https://api-${randomUUID().slice(0, 8)}.example.com/`, clientId: `client-${randomUUID()}` };
}

describe('CredentialVault on the real keychain', () => {
  it('keeps the client secret under the base URL and client id, where secret-tool finds it', async () => {
    const vault = new CredentialVault(createKeytarStore());
    const account = freshAccount();
    await vault.saveCredentials(account, 'the-client-secret');
    expect(await vault.loadSecret(account)).toBe('the-client-secret');
    const { credentials } = CredentialVault.layout(account);
    expect(credentials.service).toBe(`warehouse-desk credentials ${account.baseUrl.replace(/\/$/, '')}`);
    expect(credentials.account).toBe(account.clientId);
    expect(await secretTool(credentials.service, credentials.account)).toBe('the-client-secret');
    // The same account written with another spelling of the URL is the same entry.
    expect(await vault.loadSecret({ ...account, baseUrl: account.baseUrl.toUpperCase().replace('HTTPS', 'https') })).toBe('the-client-secret');
    await vault.forget(account);
  });

  it('keeps the token with its expiry, and forget() leaves nothing for secret-tool to find', async () => {
    const vault = new CredentialVault(createKeytarStore());
    const account = freshAccount();
    await vault.saveCredentials(account, 'secret-to-forget');
    await vault.saveToken(account, 'tok_abc', 1_900_000_000_000);
    expect(await vault.loadToken(account)).toEqual({ token: 'tok_abc', expiresAt: 1_900_000_000_000 });
    const { credentials, token } = CredentialVault.layout(account);
    expect(JSON.parse((await secretTool(token.service, token.account)) ?? 'null')).toEqual({ v: 1, token: 'tok_abc', expiresAt: 1_900_000_000_000 });

    await vault.forget(account);
    expect(await secretTool(credentials.service, credentials.account)).toBeNull();
    expect(await secretTool(token.service, token.account)).toBeNull();
    expect(await vault.loadSecret(account)).toBeNull();
    expect(await vault.loadToken(account)).toBeNull();
    await vault.forget(account); // signing out twice is fine
  });

  it('keeps accounts of different services and client ids apart', async () => {
    const vault = new CredentialVault(createKeytarStore());
    const a = freshAccount();
    const b = { ...a, clientId: `${a.clientId}-b` };
    const c = { ...a, baseUrl: a.baseUrl.replace('https://', 'http://') };
    await vault.saveCredentials(a, 'secret-a');
    await vault.saveCredentials(b, 'secret-b');
    await vault.saveCredentials(c, 'secret-c');
    await vault.forget(b);
    expect(await vault.loadSecret(a)).toBe('secret-a');
    expect(await vault.loadSecret(b)).toBeNull();
    expect(await vault.loadSecret(c)).toBe('secret-c');
    await vault.forget(a);
    await vault.forget(c);
  });

  it('drops a damaged token entry instead of failing', async () => {
    const store = createKeytarStore();
    const vault = new CredentialVault(store);
    const account = freshAccount();
    const { token } = CredentialVault.layout(account);
    await store.set(token.service, token.account, 'not json');
    expect(await vault.loadToken(account)).toBeNull();
    expect(await store.get(token.service, token.account)).toBeNull();
  });

  it('gives the API client a token cache that hides tokens about to expire', async () => {
    const vault = new CredentialVault(createKeytarStore());
    const account = freshAccount();
    let now = 1_000_000;
    const cache = vault.tokenCache(account, () => now);
    expect(await cache.load()).toBeNull();
    await cache.save('tok_1', 3600);
    expect(await vault.loadToken(account)).toEqual({ token: 'tok_1', expiresAt: 1_000_000 + 3_600_000 });
    expect(await cache.load()).toBe('tok_1');
    now += 3_600_000 - TOKEN_EXPIRY_MARGIN_MS;
    expect(await cache.load()).toBeNull();
    await vault.forget(account);
  });

  it('refuses bad accounts and secrets before touching the keychain', async () => {
    const vault = new CredentialVault(createKeytarStore());
    await expect(vault.saveCredentials({ baseUrl: 'ftp://x', clientId: 'c' }, 's')).rejects.toMatchObject({ error: { code: 'invalid_argument' } });
    await expect(vault.saveCredentials({ baseUrl: 'https://u:p@x', clientId: 'c' }, 's')).rejects.toMatchObject({ error: { code: 'invalid_argument' } });
    await expect(vault.saveCredentials({ baseUrl: 'https://x', clientId: ' ' }, 's')).rejects.toMatchObject({ error: { code: 'invalid_argument' } });
    await expect(vault.saveCredentials({ baseUrl: 'https://x', clientId: 'c' }, '')).rejects.toMatchObject({ error: { code: 'invalid_argument' } });
    expect(normaliseBaseUrl('HTTPS://Api.Example.com:443/v/')).toBe('https://api.example.com/v');
    expect(normaliseBaseUrl('http://127.0.0.1:8787')).toBe('http://127.0.0.1:8787');
  });
});
