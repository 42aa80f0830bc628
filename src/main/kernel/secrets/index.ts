export type { SecretStore } from './secret-store';
export { createKeytarStore, type KeytarStoreOptions } from './keytar-store';
export {
  CredentialVault,
  TOKEN_EXPIRY_MARGIN_MS,
  normaliseBaseUrl,
  type StoredAccount,
  type StoredToken,
  type TokenCache,
} from './credential-vault';
