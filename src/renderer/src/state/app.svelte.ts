import { m } from '../i18n/messages';
import { startAccount } from './account.svelte';
import { call, getDesk } from './desk';
import { startConnectivity } from './connectivity.svelte';
import { startCountState } from './count.svelte';
import { pushNotice, startNotices } from './notices.svelte';
import { startOutbox } from './outbox.svelte';
import { loadPolicy } from './policy.svelte';
import { loadSettings } from './settings.svelte';
import { startSync } from './sync.svelte';
import { loadWarehouses } from './warehouses.svelte';
import { loadWorkers } from './workers.svelte';

let stopAll: (() => void) | null = null;

/**
 * Subscribes every app-wide state module to its desk events and loads the first values.
 * Idempotent; App.svelte calls it once and the returned function undoes it (tests).
 */
export function startDeskState(): () => void {
  if (stopAll) return stopAll;
  if (!getDesk()) {
    pushNotice({ level: 'error', code: 'bridge_missing', message: m.desk_not_connected() });
  }
  const offs = [
    startConnectivity(),
    startAccount(() => void loadWarehouses()),
    startSync(() => void loadWarehouses()),
    startOutbox(),
    startNotices(),
    startCountState(),
  ];
  void loadSettings();
  void loadPolicy();
  void loadWarehouses();
  void loadWorkers();
  // Demo mode is read from account.status; of app.info only the start-up notices are shown.
  void call((d) => d.app.info()).then((r) => {
    if (r.ok) for (const n of r.value.notices) pushNotice(n);
  });
  stopAll = () => {
    for (const off of offs) off();
    stopAll = null;
  };
  return stopAll;
}
