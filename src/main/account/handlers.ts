import type { HandlerMap } from '../kernel/ipc/router';
import type { AccountService } from './account-service';

export function accountHandlers(accounts: AccountService): HandlerMap<'account.status' | 'account.signIn' | 'account.signOut' | 'account.startDemo' | 'connectivity.status'> {
  return {
    'account.status': () => accounts.status(),
    'account.signIn': (input) => accounts.signIn(input),
    'account.signOut': () => accounts.signOut(),
    'account.startDemo': () => accounts.startDemo(),
    'connectivity.status': () => accounts.connectivity(),
  };
}
