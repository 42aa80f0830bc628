import { m } from '../../i18n/messages';
import { formatNumber } from '../../ui/format';
import type { z } from 'zod';
import { ShipmentDraft, type SERVICE_LEVELS } from '../../../../shared/ipc/records';

/**
 * The create-shipment form's model: what the inputs hold (strings), how it becomes a
 * ShipmentDraft, and the contract's own zod schema as the validator, so the form refuses exactly
 * what main would refuse, with messages a person can act on, next to the field concerned.
 */

export interface PartyForm {
  name: string;
  line1: string;
  line2: string;
  city: string;
  postalCode: string;
  country: string;
}
export interface ParcelForm {
  /** As typed: grams, or kilograms with "kg" ("1,5 kg"). */
  weightGrams: string;
  length: string;
  width: string;
  height: string;
}
export interface DraftForm {
  reference: string;
  scope: '1' | '2';
  /** A carrier code (dhl, ups, ...). */
  carrier: string;
  service: (typeof SERVICE_LEVELS)[number];
  /** Only for scope 2: the carrier's own number of a booking made elsewhere. */
  trackingNumber: string;
  sender: PartyForm;
  recipient: PartyForm;
  parcels: ParcelForm[];
}

export const emptyParty = (): PartyForm => ({ name: '', line1: '', line2: '', city: '', postalCode: '', country: '' });
export const emptyParcel = (): ParcelForm => ({ weightGrams: '', length: '', width: '', height: '' });
/** `carrier` and `sender`: what a new form starts with (the last carrier used, the desk's warehouse). */
export const emptyDraftForm = (start: { carrier?: string; sender?: PartyForm } = {}): DraftForm => ({
  reference: '',
  scope: '1',
  carrier: start.carrier ?? '',
  service: 'standard',
  trackingNumber: '',
  sender: start.sender ? { ...start.sender } : emptyParty(),
  recipient: emptyParty(),
  parcels: [emptyParcel()],
});

/** '' means "not given" (undefined), anything else a number (NaN if it is not one: zod says so). */
function numberOrMissing(text: string): number | undefined {
  const t = text.trim();
  return t === '' ? undefined : Number(t);
}

/**
 * A parcel's weight as people write it: "750", "750 g", "1,5 kg", "1.5kg" (a bare number is
 * grams). Undefined when empty, NaN when it is not a weight (the schema then says so).
 */
export function weightInGrams(text: string): number | undefined {
  const t = text.trim();
  if (t === '') return undefined;
  const m = /^(\d+(?:[.,]\d+)?)\s*(kg|g)?$/i.exec(t);
  if (!m) return Number.NaN;
  const n = Number(m[1]!.replace(',', '.'));
  return m[2]?.toLowerCase() === 'kg' ? Math.round(n * 1000) : n;
}

function party(p: PartyForm) {
  return {
    name: p.name,
    address: {
      line1: p.line1,
      line2: p.line2.trim() === '' ? null : p.line2,
      city: p.city,
      postalCode: p.postalCode,
      // Country codes are upper case in the contract; typing "de" is not a mistake worth an error.
      country: p.country.trim().toUpperCase(),
    },
  };
}

/** The form as a draft candidate, before validation. */
export function toDraftCandidate(form: DraftForm, clientRequestId: string): unknown {
  return {
    clientRequestId,
    reference: form.reference,
    scope: Number(form.scope),
    // Carrier codes are lower case in the contract; "DHL" is what people type, and means dhl.
    carrier: form.carrier.trim().toLowerCase(),
    service: form.service,
    ...(form.scope === '2' ? { trackingNumber: form.trackingNumber.trim() } : {}),
    sender: party(form.sender),
    recipient: party(form.recipient),
    parcels: form.parcels.map((p) => {
      const dims = [p.length, p.width, p.height];
      const noDims = dims.every((d) => d.trim() === '');
      return {
        weightGrams: weightInGrams(p.weightGrams),
        dimensionsMm: noDims ? null : { length: numberOrMissing(p.length), width: numberOrMissing(p.width), height: numberOrMissing(p.height) },
      };
    }),
  };
}

/** Field key of an issue: the draft path joined with dots, e.g. `recipient.address.postalCode`, `parcels.0.weightGrams`. */
export function fieldKey(path: readonly PropertyKey[]): string {
  return path.map(String).join('.');
}

/** A message a person can act on, for one zod issue of the draft schema. */
export function describeIssue(issue: z.core.$ZodIssue): string {
  const last = String(issue.path.at(-1) ?? '');
  switch (issue.code) {
    case 'invalid_type':
      if (issue.expected === 'int') return m.draft_whole_number();
      if (issue.expected === 'number') return (issue as { received?: string }).received === 'NaN' ? m.draft_number() : m.draft_required();
      return m.draft_required();
    case 'too_small':
      if (issue.origin === 'string') return m.draft_required();
      if (issue.origin === 'array') return last === 'parcels' ? m.draft_add_parcel() : m.draft_at_least({ n: String(issue.minimum) });
      return m.draft_at_least({ n: String(issue.minimum) });
    case 'too_big':
      if (issue.origin === 'string') return m.draft_at_most_chars({ n: String(issue.maximum) });
      if (issue.origin === 'array') return m.draft_at_most_parcels({ n: String(issue.maximum) });
      return m.draft_at_most({ n: formatNumber(Number(issue.maximum)) });
    case 'invalid_format':
      if (last === 'country') return m.draft_country();
      if (last === 'clientRequestId') return m.draft_request_id();
      if (last === 'carrier') return m.draft_carrier();
      if (last === 'trackingNumber') return m.draft_tracking();
      return m.draft_not_valid();
    default:
      // zod's own message is English: the field is marked in the worker's words instead.
      return m.draft_not_valid();
  }
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let at: unknown = root;
  for (const key of path) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<PropertyKey, unknown>)[key];
  }
  return at;
}

/** `missing`: the fields with an error only because they are still empty. */
export type DraftCheck = { ok: true; draft: ShipmentDraft } | { ok: false; errors: Record<string, string>; missing: string[] };

/** Parses the form with the contract's ShipmentDraft schema; one message per field (the first). */
export function checkDraft(form: DraftForm, clientRequestId: string): DraftCheck {
  const candidate = toDraftCandidate(form, clientRequestId);
  const parsed = ShipmentDraft.safeParse(candidate);
  if (parsed.success) return { ok: true, draft: parsed.data };
  const errors: Record<string, string> = {};
  const missing: string[] = [];
  for (const issue of parsed.error.issues) {
    const key = fieldKey(issue.path);
    if (key in errors) continue;
    const value = valueAt(candidate, issue.path);
    const empty = value === undefined || (typeof value === 'string' && value.trim() === '');
    if (empty) missing.push(key);
    if (key === 'carrier' && form.carrier.trim() === '') {
      errors[key] = m.draft_choose_carrier();
      continue;
    }
    if (/^parcels\.\d+\.weightGrams$/.test(key)) {
      errors[key] = value === undefined ? m.draft_enter_weight() : Number.isNaN(value) ? m.draft_weight_format() : describeIssue(issue);
      continue;
    }
    // An empty field is simply missing, whatever rule it would break once filled in.
    errors[key] = empty ? m.draft_required() : describeIssue(issue);
  }
  return { ok: false, errors, missing };
}

/** The form's fields as they appear on screen, keyed as `checkDraft`'s errors are. */
export function fieldOrder(form: DraftForm): string[] {
  const party = (who: string) => ['name', 'address.line1', 'address.line2', 'address.city', 'address.postalCode', 'address.country'].map((f) => `${who}.${f}`);
  const parcels = form.parcels.flatMap((_, i) => ['weightGrams', 'dimensionsMm.length', 'dimensionsMm.width', 'dimensionsMm.height'].map((f) => `parcels.${i}.${f}`));
  return ['reference', 'carrier', 'trackingNumber', ...party('sender'), ...party('recipient'), ...parcels];
}

/** Whether the worker has put anything into the part of the form `key` belongs to (a party, a parcel, the shipment's own fields). */
export function partStarted(form: DraftForm, key: string): boolean {
  const filled = (values: string[]) => values.some((v) => v.trim() !== '');
  if (key.startsWith('sender.')) return filled(Object.values(form.sender));
  if (key.startsWith('recipient.')) return filled(Object.values(form.recipient));
  const parcel = /^parcels\.(\d+)\./.exec(key);
  if (parcel) return filled(Object.values(form.parcels[Number(parcel[1])] ?? {}));
  return filled([form.reference, form.carrier, form.trackingNumber]);
}

/**
 * The messages to show after a submit: every value that is wrong, but of the fields merely still
 * empty only the first (where the cursor goes) and those in a part the worker has started. An
 * empty form so says one thing at a time, not thirteen.
 */
export function shownErrors(form: DraftForm, check: DraftCheck): Record<string, string> {
  if (check.ok) return {};
  const missing = new Set(check.missing);
  const first = fieldOrder(form).find((k) => k in check.errors);
  return Object.fromEntries(Object.entries(check.errors).filter(([key]) => !missing.has(key) || key === first || partStarted(form, key)));
}

/**
 * The Idempotency-Key of a submission. A retry of the same content (after a timeout or an
 * offline failure) reuses the key, so the service creates the shipment at most once; changed
 * content is a new submission with a new key (the service would refuse an old key with a new body).
 */
export class SubmissionKeys {
  #fingerprint: string | null = null;
  #key: string | null = null;
  readonly #newKey: () => string;

  constructor(newKey: () => string = () => crypto.randomUUID()) {
    this.#newKey = newKey;
  }

  /** The key for this content: the same as last time if the content is the same. */
  keyFor(form: DraftForm): string {
    const fingerprint = JSON.stringify(toDraftCandidate(form, ''));
    if (this.#key === null || fingerprint !== this.#fingerprint) {
      this.#fingerprint = fingerprint;
      this.#key = this.#newKey();
    }
    return this.#key;
  }

  /** After a success: the next submission, even with the same content, is a new shipment. */
  settle(): void {
    this.#fingerprint = null;
    this.#key = null;
  }
}
