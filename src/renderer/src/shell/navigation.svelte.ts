/** Which screen is shown, and the shipment a scan asked to open. */
export const SCREENS = [
  { id: 'scan', label: 'Scan', key: 'F1' },
  { id: 'stock', label: 'Stock', key: 'F2' },
  { id: 'shipments', label: 'Shipments', key: 'F3' },
  { id: 'outbox', label: 'Outbox', key: 'F4' },
  { id: 'settings', label: 'Settings', key: 'F5' },
  { id: 'journal', label: 'Journal', key: 'F6' },
  { id: 'count', label: 'Count', key: 'F7' },
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
