import type { Connectivity } from '../../../shared/ipc/records';
import { call, onDesk } from './desk';

/** Online or offline, as main judges it from real request outcomes. `known` is false until main answered. */
export const connectivity = $state<{ known: boolean; online: boolean; since: string | null; lastError: Connectivity['lastError'] }>({
  known: false,
  online: true,
  since: null,
  lastError: null,
});

function apply(c: Connectivity): void {
  connectivity.known = true;
  connectivity.online = c.online;
  connectivity.since = c.since;
  connectivity.lastError = c.lastError;
}

export function startConnectivity(): () => void {
  const off = onDesk('connectivity.changed', apply);
  void call((d) => d.account.connectivity()).then((r) => r.ok && apply(r.value));
  return off;
}

/** Main has answered and said the desk is offline: the one test every screen uses before it says "offline". */
export function isOffline(): boolean {
  return connectivity.known && !connectivity.online;
}
