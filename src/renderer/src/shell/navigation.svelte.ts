import { m } from '../i18n/messages';

/** Which screen is shown, and the shipment a scan asked to open. Labels are getters: they follow the language. */
export const SCREENS = [
  { id: 'scan', get label() { return m.nav_scan(); }, key: 'F1' },
  { id: 'stock', get label() { return m.nav_stock(); }, key: 'F2' },
  { id: 'shipments', get label() { return m.nav_shipments(); }, key: 'F3' },
  { id: 'outbox', get label() { return m.nav_outbox(); }, key: 'F4' },
  { id: 'settings', get label() { return m.nav_settings(); }, key: 'F5' },
  { id: 'journal', get label() { return m.nav_journal(); }, key: 'F6' },
  { id: 'count', get label() { return m.nav_count(); }, key: 'F7' },
  { id: 'today', get label() { return m.nav_today(); }, key: 'F8' },
] as const;
export type ScreenId = (typeof SCREENS)[number]['id'];

export const nav = $state<{ screen: ScreenId; shipmentToken: string | undefined; shipmentOpenSeq: number; focusSeq: number }>({
  screen: 'scan',
  shipmentToken: undefined,
  shipmentOpenSeq: 0,
  focusSeq: 0,
});

/** Shows a screen. `focus` moves the keyboard focus into it (keyboard navigation, shortcuts). */
export function go(screen: ScreenId, opts: { focus?: boolean } = {}): void {
  // Coming back through the navigation shows the list, not the shipment a scan opened earlier.
  if (screen === 'shipments') nav.shipmentToken = undefined;
  nav.screen = screen;
  if (opts.focus) nav.focusSeq += 1;
}

/** Opens one shipment on the Shipments screen (after a scan of its token). */
export function openShipment(token: string): void {
  nav.shipmentToken = token;
  nav.shipmentOpenSeq += 1;
  nav.screen = 'shipments';
}
