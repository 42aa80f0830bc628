import { createApiClient, type ApiClient, type RequestOutcome } from '../kernel/api';
import type { EventHub } from '../kernel/ipc/event-hub';
import type { Log } from '../kernel/log';
import type { NoticeBoard } from '../kernel/notice-board';
import { CredentialVault, normaliseBaseUrl, type SecretStore, type StoredAccount } from '../kernel/secrets';
import type { OutboxCache } from '../outbox';
import type { SettingsStore } from '../settings';
import type { SyncCache } from '../sync';
import type { AccountStatus, Connectivity, SignInInput, SyncStatus } from '../../shared/ipc/records';
import { DeskFailure, failure } from '../../shared/ipc/result';
import { isAllowedServiceUrl } from '../../shared/ipc/service-url';
import { AccountSession } from './account-session';
import type { StartDemo } from './demo-service';

/** meta key: the account whose records the cache holds. */
const CACHE_OWNER_KEY = 'account';

export interface AccountServiceOptions {
  cache: OutboxCache & SyncCache;
  events: EventHub;
  notices: NoticeBoard;
  settings: SettingsStore;
  secrets: SecretStore;
  /** Starts the demo's service; without it the demo cannot be started. */
  startDemo?: StartDemo;
  syncIntervalMs: number;
  fetch?: typeof fetch;
  log?: Log;
  /** The desk's clock for the outbox (tests move it); the real one by default. */
  now?: () => Date;
}

/** The account a cache and an outbox belong to: base URL and client id (never a secret), or the demo. */
export function accountKey(kind: 'service' | 'demo', baseUrl: string, clientId: string): string {
  return kind === 'demo' ? `demo:${clientId}` : `service:${normaliseBaseUrl(baseUrl)}|${clientId}`;
}

function lockedService(): DeskFailure {
  return failure('setting_locked', 'The service address is set by the IT department\'s policy: this desk signs in to that service only.', { params: { setting: 'serviceUrl' } });
}

function isKeychainFailure(error: unknown): boolean {
  return error instanceof DeskFailure && error.error.code === 'keychain_unavailable';
}

/**
 * Who is signed in, and the one Session that goes with it.
 *
 * - Sign in checks the credentials by getting a token, then keeps the client secret and the token
 *   in the OS keychain only (CredentialVault); settings.json keeps the base URL and client id.
 * - The demo signs in to the in-process sandbox with its public demo credentials, held in memory:
 *   they are no secret, and the demo must work on a desk without a keychain.
 * - The cache holds one account's records at a time: when another account (or another base URL)
 *   signs in, and when the account signs out, the cached catalog is cleared. Outbox entries are
 *   kept, tagged with their account, and only sent when that account is signed in again.
 * - Sign-in, sign-out and demo run one after another, never interleaved.
 */
export class AccountService {
  readonly #o: AccountServiceOptions;
  readonly #vault: CredentialVault;
  #session: AccountSession | null = null;
  #keychain: AccountStatus['keychain'] = 'available';
  #queue: Promise<unknown> = Promise.resolve();
  #signedOutSince = new Date().toISOString();

  constructor(options: AccountServiceOptions) {
    this.#o = options;
    this.#vault = new CredentialVault(options.secrets);
  }

  get session(): AccountSession | null {
    return this.#session;
  }

  status(): AccountStatus {
    const s = this.#session;
    if (!s) return { mode: 'signed_out', baseUrl: null, clientId: null, keychain: this.#keychain };
    return { mode: s.kind === 'demo' ? 'demo' : 'signed_in', baseUrl: s.baseUrl, clientId: s.clientId, keychain: this.#keychain };
  }

  /** The signed-in account's connectivity; signed out, offline with `not_signed_in` since the last session ended. */
  connectivity(): Connectivity {
    const s = this.#session;
    if (s) return s.monitor.status;
    return { online: false, since: this.#signedOutSince, lastError: { code: 'not_signed_in', message: 'No account is signed in.' } };
  }

  /** The signed-in account's sync; signed out, idle with the time of the cache's last sync. */
  syncStatus(): SyncStatus {
    return this.#session?.sync.status ?? { state: 'idle', phase: null, done: 0, lastSyncedAt: this.#o.cache.syncState.lastSyncedAt(3), lastError: null };
  }

  /** At start: the stored account, else the demo (if chosen last time or by default), else signed out. */
  restore(demoByDefault: boolean): Promise<AccountStatus> {
    return this.#serial(async () => {
      await this.#probeKeychain();
      const stored = this.#o.settings.account;
      if (stored && !isAllowedServiceUrl(stored.baseUrl)) {
        // Saved by a version that allowed it: using it would send the client secret and every
        // token in clear text. The desk starts signed out and says why; nothing is sent, and the
        // account's queued adjustments wait in the cache for a sign-in over https.
        this.#o.log?.('warn', 'stored account refused: clear-text service URL', { baseUrl: stored.baseUrl });
        this.#o.notices.add(
          'error',
          'account_insecure_url',
          `The saved account uses ${stored.baseUrl}, which would send your API credentials unencrypted. Nothing was sent. Sign in again with the service's https:// address.`,
          { url: stored.baseUrl },
        );
      } else if (stored && !this.#allowedByPolicy(stored.baseUrl)) {
        // IT locked the desk to another service: the old account is not used (its queued
        // adjustments wait in the cache, as for any account signed out).
        this.#o.log?.('warn', 'stored account refused: the policy locks another service', { baseUrl: stored.baseUrl });
        this.#o.notices.add('warning', 'account_policy_url', `The saved account uses ${stored.baseUrl}, but your IT department set this desk to another service. Sign in again.`, { url: stored.baseUrl });
      } else if (stored) {
        this.#begin(this.#serviceSession(stored));
      } else if (this.#serviceLocked()) {
        // A desk IT tied to a service does not wander into the demo: it waits for a sign-in there.
      } else if (this.#o.settings.demo || demoByDefault) {
        try {
          await this.#beginDemo();
        } catch (error) {
          this.#o.log?.('error', 'demo sandbox did not start', { error: String(error) });
          this.#o.notices.add('error', 'demo_unavailable', 'The demo could not be started. Sign in with your API credentials instead.');
        }
      }
      return this.status();
    });
  }

  signIn(input: SignInInput): Promise<AccountStatus> {
    return this.#serial(async () => {
      const account: StoredAccount = { baseUrl: normaliseBaseUrl(input.baseUrl), clientId: input.clientId.trim() };
      if (!this.#allowedByPolicy(account.baseUrl)) throw lockedService();
      // The credentials are checked before anything is kept: a token or the service's refusal.
      const checker = createApiClient({ baseUrl: account.baseUrl, credentials: async () => null, ...(this.#o.fetch ? { fetch: this.#o.fetch } : {}) });
      const token = await checker.getToken({ clientId: account.clientId, clientSecret: input.clientSecret });
      try {
        await this.#vault.saveCredentials(account, input.clientSecret);
        await this.#vault.tokenCache(account).save(token.accessToken, token.expiresIn);
        this.#keychain = 'available';
      } catch (error) {
        if (isKeychainFailure(error)) this.#keychain = 'unavailable';
        // The secret may be stored and the token not: an account that is not signed in keeps nothing.
        const current = this.#session;
        if (!(current?.kind === 'service' && current.accountKey === accountKey('service', account.baseUrl, account.clientId))) {
          await this.#vault.forget(account).catch(() => undefined);
        }
        throw error;
      }
      const ended = await this.#endSession();
      this.#o.settings.setAccount(account, false);
      this.#begin(this.#serviceSession(account));
      // The desk holds one account: signing in as another signs the previous one out, secrets and all.
      if (ended?.kind === 'service' && accountKey('service', ended.baseUrl, ended.clientId) !== accountKey('service', account.baseUrl, account.clientId)) {
        await this.#forgetCredentials(ended);
      }
      return this.status();
    });
  }

  signOut(): Promise<AccountStatus> {
    return this.#serial(async () => {
      const ended = await this.#endSession();
      if (ended?.kind === 'service') await this.#forgetCredentials(ended);
      this.#o.cache.writes.clearCatalog();
      this.#o.cache.meta.set(CACHE_OWNER_KEY, null);
      this.#o.settings.setAccount(null, false);
      this.#announce();
      return this.status();
    });
  }

  /** From a signed-in account this signs out first (its credentials leave the keychain). */
  startDemo(): Promise<AccountStatus> {
    return this.#serial(async () => {
      if (this.#session?.kind === 'demo') return this.status();
      if (this.#serviceLocked()) throw lockedService();
      const ended = await this.#endSession();
      if (ended?.kind === 'service') await this.#forgetCredentials(ended);
      await this.#beginDemo();
      return this.status();
    });
  }

  async close(): Promise<void> {
    await this.#serial(() => this.#endSession());
  }

  #serviceLocked(): boolean {
    return this.#o.settings.policy.locked.has('serviceUrl');
  }

  /**
   * Unlocked, any address; locked, only the policy's (and none when the policy's address was
   * refused: the lock stands rather than opening the desk to any service).
   */
  #allowedByPolicy(baseUrl: string): boolean {
    if (!this.#serviceLocked()) return true;
    const required = this.#o.settings.policy.values.serviceUrl;
    return required !== undefined && normaliseBaseUrl(required) === normaliseBaseUrl(baseUrl);
  }

  #serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(work, work);
    this.#queue = run.catch(() => undefined);
    return run;
  }

  async #probeKeychain(): Promise<void> {
    try {
      await this.#o.secrets.get('warehouse-desk probe', 'probe');
      this.#keychain = 'available';
    } catch (error) {
      this.#keychain = isKeychainFailure(error) ? 'unavailable' : this.#keychain;
    }
  }

  /** Removes a signed-out account's secret and token; a keychain that cannot be reached is said, not thrown. */
  async #forgetCredentials(ended: AccountSession): Promise<void> {
    try {
      await this.#vault.forget({ baseUrl: ended.baseUrl, clientId: ended.clientId });
    } catch (error) {
      this.#o.log?.('warn', 'could not remove the credentials from the keychain', { code: isKeychainFailure(error) ? 'keychain_unavailable' : 'error' });
      this.#o.notices.add(
        'warning',
        'keychain_unavailable',
        `Signed out of ${ended.clientId}, but the keychain could not be reached to remove its saved credentials. Sign in as ${ended.clientId} and sign out again once the keychain is available.`,
        { client: ended.clientId },
      );
    }
  }

  async #beginDemo(): Promise<void> {
    if (!this.#o.startDemo) throw new Error('this desk has no demo');
    const demo = await this.#o.startDemo();
    const { baseUrl, clientId, clientSecret } = demo;
    try {
      this.#begin(
        new AccountSession({
          ...this.#common(),
          kind: 'demo',
          accountKey: accountKey('demo', baseUrl, clientId),
          baseUrl,
          clientId,
          demo,
          createClient: (onOutcome) => this.#client(baseUrl, onOutcome, async () => ({ clientId, clientSecret })),
        }),
        { forgetCache: demo.seededAnew },
      );
      this.#o.settings.setAccount(null, true);
    } catch (error) {
      await demo.close();
      throw error;
    }
  }

  #serviceSession(account: StoredAccount): AccountSession {
    return new AccountSession({
      ...this.#common(),
      kind: 'service',
      accountKey: accountKey('service', account.baseUrl, account.clientId),
      baseUrl: account.baseUrl,
      clientId: account.clientId,
      createClient: (onOutcome) =>
        this.#client(
          account.baseUrl,
          onOutcome,
          async () => {
            try {
              const secret = await this.#vault.loadSecret(account);
              this.#keychain = 'available';
              return secret === null ? null : { clientId: account.clientId, clientSecret: secret };
            } catch (error) {
              if (isKeychainFailure(error)) this.#keychain = 'unavailable';
              throw error;
            }
          },
          this.#vault.tokenCache(account),
        ),
    });
  }

  #common() {
    return {
      cache: this.#o.cache,
      events: this.#o.events,
      syncIntervalMs: this.#o.syncIntervalMs,
      ...(this.#o.log ? { log: this.#o.log } : {}),
      ...(this.#o.now ? { now: this.#o.now } : {}),
    };
  }

  #client(
    baseUrl: string,
    onOutcome: (o: RequestOutcome) => void,
    credentials: () => Promise<{ clientId: string; clientSecret: string } | null>,
    tokenCache?: ReturnType<CredentialVault['tokenCache']>,
  ): ApiClient {
    return createApiClient({
      baseUrl,
      credentials,
      onOutcome,
      ...(tokenCache ? { tokenCache } : {}),
      ...(this.#o.fetch ? { fetch: this.#o.fetch } : {}),
    });
  }

  /** Starts a session; a cache that holds another account's records (or a forgotten service's) is cleared first. */
  #begin(session: AccountSession, opts: { forgetCache?: boolean } = {}): void {
    const { cache } = this.#o;
    if (opts.forgetCache || cache.meta.get(CACHE_OWNER_KEY) !== session.accountKey) {
      cache.writes.clearCatalog();
      cache.meta.set(CACHE_OWNER_KEY, session.accountKey);
    }
    this.#session = session;
    session.start();
    this.#announce();
  }

  async #endSession(): Promise<AccountSession | null> {
    const session = this.#session;
    if (!session) return null;
    this.#session = null;
    this.#signedOutSince = new Date().toISOString();
    await session.end();
    return session;
  }

  /**
   * Says who is signed in now, then that account's connectivity and sync: within a session the
   * session announces their changes, but a new session starts with its own (or, signed out, none),
   * and the renderer must not keep showing the previous account's.
   */
  #announce(): void {
    const { events } = this.#o;
    events.emit('account.changed', this.status());
    events.emit('connectivity.changed', this.connectivity());
    events.emit('sync.progress', this.syncStatus());
  }
}

