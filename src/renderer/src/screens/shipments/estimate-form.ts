import { m } from '../../i18n/messages';
import { formatNumber } from '../../ui/format';
import type { z } from 'zod';
import { GreenIndexInput, TransitTimeInput } from '../../../../shared/ipc/records';
import { describeIssue, fieldKey } from './shipment-draft';

/**
 * The ad-hoc route form of the Green index and Transit time: two places, the parcels' weights
 * (one line of grams, "1200, 800") and an optional ship date, checked with the contract's own
 * input schemas (their address variants) before anything is sent.
 */
export interface RouteForm {
  originCountry: string;
  originPostalCode: string;
  destinationCountry: string;
  destinationPostalCode: string;
  /** Grams, separated by commas, spaces or semicolons. */
  weights: string;
  /** YYYY-MM-DD or ''. */
  shipDate: string;
}

export const emptyRouteForm = (): RouteForm => ({
  originCountry: '',
  originPostalCode: '',
  destinationCountry: '',
  destinationPostalCode: '',
  weights: '',
  shipDate: '',
});

const GreenIndexByRoute = GreenIndexInput.options[1];
const TransitTimeByRoute = TransitTimeInput.options[1];

function places(f: RouteForm) {
  return {
    origin: { country: f.originCountry.trim().toUpperCase(), postalCode: f.originPostalCode },
    destination: { country: f.destinationCountry.trim().toUpperCase(), postalCode: f.destinationPostalCode },
  };
}

export function parseWeights(text: string): number[] {
  return text
    .split(/[\s,;]+/)
    .filter((t) => t !== '')
    .map(Number);
}

type Check<T> = { ok: true; input: T } | { ok: false; errors: Record<string, string> };

function collect(issues: readonly z.core.$ZodIssue[], form: RouteForm): Record<string, string> {
  const raw: Record<string, string> = {
    'origin.country': form.originCountry,
    'origin.postalCode': form.originPostalCode,
    'destination.country': form.destinationCountry,
    'destination.postalCode': form.destinationPostalCode,
  };
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    // Every weight problem is shown at the one weights field.
    const key = issue.path[0] === 'parcels' ? 'weights' : fieldKey(issue.path);
    if (key in errors) continue;
    errors[key] = raw[key] !== undefined && raw[key].trim() === '' ? m.draft_required() : describeIssue(issue);
  }
  return errors;
}

export function checkGreenIndex(f: RouteForm): Check<{ origin: { country: string; postalCode: string }; destination: { country: string; postalCode: string }; parcels: { weightGrams: number }[] }> {
  const parsed = GreenIndexByRoute.safeParse({ ...places(f), parcels: parseWeights(f.weights).map((weightGrams) => ({ weightGrams })) });
  if (parsed.success) return { ok: true, input: parsed.data };
  const errors = collect(parsed.error.issues, f);
  if (errors['weights'] === m.draft_add_parcel()) errors['weights'] = m.route_weights_missing();
  else if (errors['weights']) errors['weights'] = m.route_weights_invalid({ max: formatNumber(1_000_000), problem: errors['weights'] });
  return { ok: false, errors };
}

export function checkTransitTime(f: RouteForm): Check<{ origin: { country: string; postalCode: string }; destination: { country: string; postalCode: string }; shipDate?: string }> {
  const shipDate = f.shipDate.trim();
  const parsed = TransitTimeByRoute.safeParse({ ...places(f), ...(shipDate ? { shipDate } : {}) });
  if (parsed.success) return { ok: true, input: parsed.data };
  const errors = collect(parsed.error.issues, f);
  // The field takes an ISO date (what a date input gives), so the example stays in that form.
  if (errors['shipDate']) errors['shipDate'] = m.route_ship_date_invalid({ example: '2026-03-14' });
  return { ok: false, errors };
}
