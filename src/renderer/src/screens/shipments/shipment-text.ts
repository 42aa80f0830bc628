import { m } from '../../i18n/messages';
import type { ShipmentStatus } from '../../../../shared/ipc/records';
import type { BadgeTone } from '../../ui/Badge.svelte';

/** How a shipment's state reads on screen: a word and a tone (the word alone must be enough). */
// Getters: each read is in the language shown now.
export const STATUS_LABEL: Record<ShipmentStatus, string> = {
  get created() { return m.ship_status_created(); },
  get label_ready() { return m.ship_status_label_ready(); },
  get in_transit() { return m.ship_status_in_transit(); },
  get delivered() { return m.ship_status_delivered(); },
  get cancelled() { return m.ship_status_cancelled(); },
};
export const STATUS_TONE: Record<ShipmentStatus, BadgeTone> = {
  created: 'info',
  label_ready: 'info',
  in_transit: 'warn',
  delivered: 'ok',
  cancelled: 'neutral',
};

/** The service lets a shipment be cancelled only before it is on its way (api-contract.md). */
export function canCancel(status: ShipmentStatus): boolean {
  return status === 'created' || status === 'label_ready';
}

export const SCOPE_LABEL: Record<1 | 2, string> = {
  get 1() { return m.ship_scope_1(); },
  get 2() { return m.ship_scope_2(); },
};

/** Carriers as people write them: "DHL", "PostNL", not the service's lower-case codes. */
const CARRIER_NAMES: Record<string, string> = { dhl: 'DHL', ups: 'UPS', dpd: 'DPD', gls: 'GLS', tnt: 'TNT', fedex: 'FedEx', postnl: 'PostNL', usps: 'USPS', colissimo: 'Colissimo', bpost: 'bpost' };
/** The carriers the new-shipment form offers, in the order a European desk meets them. */
export const FORM_CARRIERS = ['dhl', 'dpd', 'gls', 'ups', 'postnl', 'fedex', 'tnt', 'colissimo', 'bpost'] as const;

export function carrierName(code: string | null | undefined): string {
  if (!code) return '—';
  return CARRIER_NAMES[code.toLowerCase()] ?? code.toUpperCase();
}

/** Service levels and transport modes in words ("Express", "Rail"), not the service's lower-case codes. */
const SERVICE_NAMES: Record<string, () => string> = { economy: m.service_economy, standard: m.service_standard, express: m.service_express };
const MODE_NAMES: Record<string, () => string> = { road: m.mode_road, rail: m.mode_rail, air: m.mode_air, sea: m.mode_sea };
/** A code the desk has no word for is shown as the service sent it, capitalised. */
const asWord = (code: string): string => code.charAt(0).toUpperCase() + code.slice(1);
export function serviceName(code: string | null | undefined): string {
  if (!code) return '—';
  return SERVICE_NAMES[code.toLowerCase()]?.() ?? asWord(code);
}
export function modeName(code: string): string {
  return MODE_NAMES[code.toLowerCase()]?.() ?? asWord(code);
}

/** What a shipment is called on screen: its reference, or its token when it has none. */
export function shipmentName(s: { reference: string; token: string }): string {
  return s.reference.trim() || s.token;
}
