import { failure } from '../../../shared/ipc/result';
import type { SecretStore } from './secret-store';

/**
 * Which account the secrets belong to. Not secret: the caller keeps it in its settings and shows
 * the client id, so the worker knows who is signed in.
 */
export interface StoredAccount {
  baseUrl: string;
  clientId: string;
}

export interface StoredToken {
  token: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

/** The shape the API client takes as `tokenCache`. */
export interface TokenCache {
  load(): Promise<string | null>;
  save(token: string, expiresInSeconds: number): Promise<void>;
}

/**
 * A token this close to its expiry is not handed out: the request that uses it would likely meet
 * `token_expired` and cost a round trip.
 */
export const TOKEN_EXPIRY_MARGIN_MS = 30_000;

const SERVICE_PREFIX = 'warehouse-desk';

/**
 * The base URL as one stable string: lower-case scheme and host, default port dropped, no trailing
 * slash, no query, fragment or user info. `https://API.example.com/` and `https://api.example.com`
 * are one account; anything that is not an http(s) URL is refused.
 */
export function normaliseBaseUrl(baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw failure('invalid_argument', 'The service address is not a valid URL.', { reason: 'service_url_invalid' });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw failure('invalid_argument', 'The service address must start with http:// or https://.', { reason: 'service_url_scheme' });
  }
  if (url.username !== '' || url.password !== '') {
    throw failure('invalid_argument', 'The service address must not contain a user name or password.', { reason: 'service_url_credentials' });
  }
  const path = url.pathname.replace(/\/+$/, '');
  return `${url.protocol}//${url.host}${path}`;
}

function checkClientId(clientId: string): void {
  if (typeof clientId !== 'string' || clientId.trim().length === 0 || clientId.length > 200) {
    throw failure('invalid_argument', 'The client id must be 1 to 200 characters.', { reason: 'client_id_length' });
  }
}

/**
 * The only code that knows how the app's secrets are laid out in the keychain:
 *
 * | keychain service                              | account     | secret                          |
 * |-----------------------------------------------|-------------|---------------------------------|
 * | `warehouse-desk credentials <base URL>`       | client id   | the API client secret           |
 * | `warehouse-desk token <base URL>`             | client id   | `{"v":1,"token":..,"expiresAt":..}` |
 *
 * One entry per (base URL, client id), so two services or two accounts never overwrite each
 * other. The token is kept so a restart does not need a new one; it is worth less than the
 * client secret, but still only lives in the keychain (never SQLite, settings or logs).
 */
export class CredentialVault {
  constructor(private readonly store: SecretStore) {}

  /** The keychain coordinates of an account's entries (exported for tests and diagnostics; no secret in them). */
  static layout(account: StoredAccount): { credentials: { service: string; account: string }; token: { service: string; account: string } } {
    checkClientId(account.clientId);
    const base = normaliseBaseUrl(account.baseUrl);
    return {
      credentials: { service: `${SERVICE_PREFIX} credentials ${base}`, account: account.clientId },
      token: { service: `${SERVICE_PREFIX} token ${base}`, account: account.clientId },
    };
  }

  async saveCredentials(account: StoredAccount, clientSecret: string): Promise<void> {
    if (typeof clientSecret !== 'string' || clientSecret.length === 0 || clientSecret.length > 500) {
      throw failure('invalid_argument', 'The client secret must be 1 to 500 characters.', { reason: 'client_secret_length' });
    }
    const { credentials } = CredentialVault.layout(account);
    await this.store.set(credentials.service, credentials.account, clientSecret);
  }

  async loadSecret(account: StoredAccount): Promise<string | null> {
    const { credentials } = CredentialVault.layout(account);
    return this.store.get(credentials.service, credentials.account);
  }

  async saveToken(account: StoredAccount, token: string, expiresAt: number): Promise<void> {
    if (typeof token !== 'string' || token.length === 0) throw failure('invalid_argument', 'An empty token cannot be stored.');
    if (!Number.isFinite(expiresAt)) throw failure('invalid_argument', 'A token needs a finite expiry time.');
    const { token: where } = CredentialVault.layout(account);
    await this.store.set(where.service, where.account, JSON.stringify({ v: 1, token, expiresAt }));
  }

  /** The stored token with its expiry (also an expired one: the caller decides), or null. */
  async loadToken(account: StoredAccount): Promise<StoredToken | null> {
    const { token: where } = CredentialVault.layout(account);
    const raw = await this.store.get(where.service, where.account);
    if (raw === null) return null;
    const parsed = parseStoredToken(raw);
    if (parsed === null) {
      // Written by another version or damaged: useless, and a new token is one request away.
      await this.store.delete(where.service, where.account);
    }
    return parsed;
  }

  /** Removes the client secret and the token of the account (signing out). Safe to repeat. */
  async forget(account: StoredAccount): Promise<void> {
    const { credentials, token } = CredentialVault.layout(account);
    await this.store.delete(token.service, token.account);
    await this.store.delete(credentials.service, credentials.account);
  }

  /**
   * The `tokenCache` for the API client of this account: hands out a stored token only while it
   * has more than TOKEN_EXPIRY_MARGIN_MS left, and stores new ones with their expiry.
   */
  tokenCache(account: StoredAccount, now: () => number = Date.now): TokenCache {
    CredentialVault.layout(account); // refuse a bad account now, not at the first request
    return {
      load: async () => {
        const stored = await this.loadToken(account);
        return stored !== null && stored.expiresAt - TOKEN_EXPIRY_MARGIN_MS > now() ? stored.token : null;
      },
      save: async (token, expiresInSeconds) => {
        await this.saveToken(account, token, now() + Math.max(0, expiresInSeconds) * 1000);
      },
    };
  }
}

function parseStoredToken(raw: string): StoredToken | null {
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { v, token, expiresAt } = value as Record<string, unknown>;
    if (v !== 1 || typeof token !== 'string' || token.length === 0 || typeof expiresAt !== 'number' || !Number.isFinite(expiresAt)) {
      return null;
    }
    return { token, expiresAt };
  } catch {
    return null;
  }
}
