import type { DeclaredChannels } from '../journal';
import type { AccountService } from './account-service';

/** `connectivity.status` is answered here: connectivity is the signed-in account's session's. */
export function accountChannels(accounts: AccountService): DeclaredChannels<'account.status' | 'account.signIn' | 'account.signOut' | 'account.startDemo' | 'connectivity.status'> {
  return {
    'account.status': { handle: () => accounts.status() },
    'account.signIn': { handle: (input) => accounts.signIn(input) },
    'account.signOut': { handle: () => accounts.signOut() },
    'account.startDemo': { handle: () => accounts.startDemo() },
    'connectivity.status': { handle: () => accounts.connectivity() },
  };
}
