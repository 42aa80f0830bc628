import type { Component } from 'svelte';
import type { ScreenId } from '../shell/navigation.svelte';

/**
 * Every screen but Scan (the one a start shows) is a chunk of its own, so a start loads less
 * (bench figure 7, the 150 KB budget). Each is fetched right after the first paint and kept here;
 * from then on a screen switch renders at once, as when they were in the entry. A switch before its
 * chunk has arrived waits for it (App renders the screen, and puts the focus in it, when it lands).
 */
type LazyId = Exclude<ScreenId, 'scan'>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each screen has its own props
type AnyComponent = Component<any>;

const LOADERS: Record<LazyId, () => Promise<{ default: AnyComponent }>> = {
  stock: () => import('./stock/StockScreen.svelte'),
  shipments: () => import('./shipments/ShipmentsScreen.svelte'),
  outbox: () => import('./outbox/OutboxScreen.svelte'),
  journal: () => import('./journal/JournalScreen.svelte'),
  settings: () => import('./settings/SettingsScreen.svelte'),
  count: () => import('./count/CountScreen.svelte'),
  today: () => import('./today/TodayScreen.svelte'),
};

export const screens = $state<{ loaded: Partial<Record<LazyId, AnyComponent>> }>({ loaded: {} });
const pending: Partial<Record<LazyId, Promise<void>>> = {};

export function loadScreen(id: LazyId): Promise<void> {
  return (pending[id] ??= LOADERS[id]().then((module) => {
    screens.loaded = { ...screens.loaded, [id]: module.default };
  }));
}

/** After the first paint: every screen, so a switch never waits. */
export function preloadScreens(): void {
  for (const id of Object.keys(LOADERS) as LazyId[]) void loadScreen(id);
}
