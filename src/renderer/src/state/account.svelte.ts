import type { AccountStatus } from '../../../shared/ipc/records';
import { call, onDesk } from './desk';

/** Who is signed in (never a secret: mode, base URL and the public client id). */
export const account = $state<{ status: AccountStatus | null }>({ status: null });

export function setAccount(status: AccountStatus): void {
  account.status = status;
}

export function refreshAccount(): Promise<void> {
  return call((d) => d.account.status()).then((r) => {
    if (r.ok) account.status = r.value;
  });
}

export function startAccount(onChange?: (s: AccountStatus) => void): () => void {
  const off = onDesk('account.changed', (s) => {
    account.status = s;
    onChange?.(s);
  });
  void refreshAccount();
  return off;
}
