import { details, failed, type DeclaredChannels, type JournalLine } from '../journal';
import type { AccountStatus } from '../../shared/ipc/records';
import type { AccountService } from './account-service';

const line = (what: Parameters<typeof details>[0], params: Parameters<typeof details>[1], outcome: JournalLine['outcome'] = 'done'): JournalLine => ({
  kind: 'account',
  code: null,
  sku: null,
  details: details(what, params),
  outcome,
  requestId: null,
});

export function accountChannels(accounts: AccountService): DeclaredChannels<'account.status' | 'account.signIn' | 'account.signOut' | 'account.startDemo' | 'account.connectivity'> {
  // Who was signed in before a sign-out, for its line (the answer says only that nobody is now).
  let before: AccountStatus | null = null;
  return {
    'account.status': { handle: () => accounts.status() },
    'account.signIn': {
      handle: (input) => accounts.signIn(input),
      // The client id and the service's address; the secret is in the input and never read here.
      journal: (input) => line('signed_in', { client: input.clientId.trim(), service: input.baseUrl }),
      journalFailure: (input, thrown) => {
        const f = failed(thrown);
        return { ...line('sign_in', { client: input.clientId.trim(), service: input.baseUrl }, 'failed'), requestId: f.requestId, details: details('sign_in', { client: input.clientId.trim(), service: input.baseUrl }, f.error) };
      },
    },
    'account.signOut': {
      guard: () => {
        before = accounts.status();
        return undefined;
      },
      handle: () => accounts.signOut(),
      journal: () => (before?.mode === 'signed_out' ? null : line('signed_out', { client: before?.mode === 'signed_in' ? (before.clientId ?? '') : '' })),
    },
    'account.startDemo': { handle: () => accounts.startDemo(), journal: () => line('demo_started', {}) },
    'account.connectivity': { handle: () => accounts.connectivity() },
  };
}
