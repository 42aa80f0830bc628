import { ADJUSTMENT_REASONS, type AdjustmentReason } from '../../../../shared/ipc/records';

/** How the worker states a change: a quantity in, a quantity out, or what they counted on the shelf. */
export type AdjustMode = 'add' | 'remove' | 'count';

export const REASON_LABELS: Record<AdjustmentReason, string> = {
  received: 'Received',
  damaged: 'Damaged',
  lost: 'Lost',
  found: 'Found',
  count_correction: 'Count correction',
  returned: 'Returned',
  other: 'Other',
};
export const REASONS = ADJUSTMENT_REASONS.map((value) => ({ value, label: REASON_LABELS[value] }));

export function isReason(value: string): value is AdjustmentReason {
  return (ADJUSTMENT_REASONS as readonly string[]).includes(value);
}

export const MAX_QUANTITY = 1_000_000;

export type QuantityCheck = { ok: true; value: number } | { ok: false; problem: string };

/** Reads the quantity field: whole numbers only, spaces and thousands separators tolerated. */
export function parseQuantity(text: string, mode: AdjustMode): QuantityCheck {
  const cleaned = text.replace(/[\s,'_]/g, '');
  if (cleaned === '') return { ok: false, problem: mode === 'count' ? 'Enter the quantity you counted.' : 'Enter a quantity.' };
  if (!/^\d+$/.test(cleaned)) return { ok: false, problem: 'Whole numbers only, like 12.' };
  const value = Number(cleaned);
  if (!Number.isSafeInteger(value) || value > MAX_QUANTITY) return { ok: false, problem: `At most ${MAX_QUANTITY.toLocaleString('en-US')}.` };
  if (mode !== 'count' && value === 0) return { ok: false, problem: 'Must be at least 1.' };
  return { ok: true, value };
}

export type DeltaCheck = { ok: true; delta: number; after: number } | { ok: false; problem: string };

/** The signed change sent to the service; for a count, against the on-hand shown on screen. */
export function computeDelta(mode: AdjustMode, quantity: number, shownOnHand: number): DeltaCheck {
  const delta = mode === 'add' ? quantity : mode === 'remove' ? -quantity : quantity - shownOnHand;
  if (delta === 0) return { ok: false, problem: `The count equals the on-hand shown (${shownOnHand}): nothing to change.` };
  if (Math.abs(delta) > MAX_QUANTITY) return { ok: false, problem: `A change of more than ${MAX_QUANTITY.toLocaleString('en-US')} at once is not allowed.` };
  return { ok: true, delta, after: shownOnHand + delta };
}

/** A count that differs this much from what is shown is worth a second look (and a confirmation). */
export function needsConfirmation(delta: number, threshold: number): boolean {
  return Math.abs(delta) >= threshold;
}
