/**
 * Where secrets live: the OS keychain in the app, something else only if a platform ever needs it.
 * Kept this small so the backend can change without touching the code that decides what to store
 * (CredentialVault) or the code that uses it (the API client).
 */
export interface SecretStore {
  /** The secret, or null when none is stored. Throws DeskFailure `keychain_unavailable`. */
  get(service: string, account: string): Promise<string | null>;
  /** Stores or replaces the secret. Throws DeskFailure `keychain_unavailable`. */
  set(service: string, account: string, secret: string): Promise<void>;
  /** True when a secret was removed, false when there was none. Throws DeskFailure `keychain_unavailable`. */
  delete(service: string, account: string): Promise<boolean>;
}
