import { startAccount } from './account.svelte';
import { call, getDesk } from './desk';
import { startConnectivity } from './connectivity.svelte';
import { pushNotice, startNotices } from './notices.svelte';
import { startOutbox } from './outbox.svelte';
import { loadSettings } from './settings.svelte';
import { startSync } from './sync.svelte';
import { loadWarehouses } from './warehouses.svelte';

/** Facts about the running app (version, demo mode). */
export const appInfo = $state<{ version: string | null; demo: boolean }>({ version: null, demo: false });

let stopAll: (() => void) | null = null;

/**
 * Subscribes every app-wide state module to its desk events and loads the first values.
 * Idempotent; App.svelte calls it once and the returned function undoes it (tests).
 */
export function startDeskState(): () => void {
  if (stopAll) return stopAll;
  if (!getDesk()) {
    pushNotice({ level: 'error', code: 'bridge_missing', message: 'Not connected to the desk: this page must run inside Warehouse Desk. Nothing can be looked up or changed.' });
  }
  const offs = [
    startConnectivity(),
    startAccount((s) => {
      appInfo.demo = s.mode === 'demo';
      void loadWarehouses();
    }),
    startSync(() => void loadWarehouses()),
    startOutbox(),
    startNotices(),
  ];
  void loadSettings();
  void loadWarehouses();
  void call((d) => d.app.info()).then((r) => {
    if (!r.ok) return;
    appInfo.version = r.value.version;
    appInfo.demo = r.value.demo;
    for (const n of r.value.notices) pushNotice(n);
  });
  stopAll = () => {
    for (const off of offs) off();
    stopAll = null;
  };
  return stopAll;
}
