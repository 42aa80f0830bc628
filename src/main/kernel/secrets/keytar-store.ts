import { DeskFailure, failure } from '../../../shared/ipc/result';
import type * as KeytarModule from 'keytar';
import type { SecretStore } from './secret-store';

type Keytar = Pick<typeof KeytarModule, 'getPassword' | 'setPassword' | 'deletePassword'>;

export interface KeytarStoreOptions {
  /**
   * How long one keychain call may take before it counts as unavailable. The Secret Service can
   * block on an unlock prompt nobody answers (no display, a locked keyring): the app must say so
   * instead of hanging. Long enough for a worker to type the keyring password.
   */
  timeoutMs?: number;
}

/** Why the keychain failed, in words a worker (or the desk's admin) can act on. */
const MESSAGES = {
  locked:
    'The system keychain is locked. Unlock it (log in to the desktop session or open your keyring) and try again; ' +
    'Warehouse Desk keeps the API credentials only there.',
  unreachable:
    'The system keychain (Secret Service, e.g. GNOME Keyring or KWallet) is not available, so Warehouse Desk cannot ' +
    'keep the API credentials safely. Start the keyring of your desktop session and try again. Nothing was stored ' +
    'in plain text.',
  timeout:
    'The system keychain did not answer in time (perhaps it is waiting for an unlock prompt). Unlock the keyring and ' +
    'try again; nothing was stored in plain text.',
} as const;

function classify(error: unknown): keyof typeof MESSAGES {
  const text = error instanceof Error ? error.message : String(error);
  return /locked|prompt|dismissed|cancel/i.test(text) ? 'locked' : 'unreachable';
}

/** The keychain error without the library's text in the message; the original is kept as `cause` for logs. */
function unavailable(kind: keyof typeof MESSAGES, cause?: unknown): DeskFailure {
  const error = failure('keychain_unavailable', MESSAGES[kind], { reason: kind });
  // keytar's messages name D-Bus paths and never the secret; still, keep them off the DeskError.
  if (cause !== undefined) Object.defineProperty(error, 'cause', { value: cause instanceof Error ? cause.message : String(cause), enumerable: false });
  return error;
}

let keytarModule: Promise<Keytar> | undefined;

/**
 * keytar is loaded on first use, not at import: a desk without libsecret then gets
 * `keychain_unavailable` from the first keychain call instead of a main process that cannot start.
 */
function loadKeytar(): Promise<Keytar> {
  // keytar is CommonJS: its functions are the default export of the ESM namespace (the same
  // object `import keytar from 'keytar'` gives).
  keytarModule ??= import('keytar').then((m) => (m as unknown as { default: Keytar }).default);
  return keytarModule;
}

function checkName(what: string, value: string): void {
  if (typeof value !== 'string' || value.length === 0 || value.length > 1000) {
    throw failure('invalid_argument', `The keychain ${what} must be a non-empty string of at most 1000 characters.`);
  }
}

/**
 * SecretStore backed by the OS keychain through keytar (libsecret on Linux, Keychain on macOS,
 * Credential Vault on Windows). Every failure to reach it is DeskFailure `keychain_unavailable`;
 * there is deliberately no plain-text fallback (Signal Desktop refuses one for the same reason).
 */
export function createKeytarStore(options: KeytarStoreOptions = {}): SecretStore {
  const timeoutMs = options.timeoutMs ?? 30_000;

  async function run<T>(operation: (keytar: Keytar) => Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(unavailable('timeout')), timeoutMs);
      timer.unref();
    });
    try {
      const keytar = await Promise.race([loadKeytar(), timeout]).catch((error: unknown) => {
        throw error instanceof DeskFailure ? error : unavailable('unreachable', error);
      });
      return await Promise.race([operation(keytar), timeout]).catch((error: unknown) => {
        throw error instanceof DeskFailure ? error : unavailable(classify(error), error);
      });
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    async get(service, account) {
      checkName('service', service);
      checkName('account', account);
      return run((keytar) => keytar.getPassword(service, account));
    },
    async set(service, account, secret) {
      checkName('service', service);
      checkName('account', account);
      if (typeof secret !== 'string' || secret.length === 0) {
        throw failure('invalid_argument', 'An empty secret cannot be stored in the keychain.');
      }
      return run((keytar) => keytar.setPassword(service, account, secret));
    },
    async delete(service, account) {
      checkName('service', service);
      checkName('account', account);
      return run((keytar) => keytar.deletePassword(service, account));
    },
  };
}
