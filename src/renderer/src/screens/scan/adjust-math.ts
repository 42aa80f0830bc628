import { m } from '../../i18n/messages';
import { formatDelta, formatNumber } from '../../ui/format';
import type { AdjustmentReason } from '../../../../shared/ipc/records';
import { ADJUSTMENT_REASONS } from '../../../../shared/ipc/value-lists';

/** How the worker states a change: a quantity in, a quantity out, or what they counted on the shelf. */
export type AdjustMode = 'add' | 'remove' | 'count';

// Getters: each read is in the language shown now.
export const REASON_LABELS: Record<AdjustmentReason, string> = {
  get received() { return m.reason_received(); },
  get damaged() { return m.reason_damaged(); },
  get lost() { return m.reason_lost(); },
  get found() { return m.reason_found(); },
  get count_correction() { return m.reason_count_correction(); },
  get returned() { return m.reason_returned(); },
  get other() { return m.reason_other(); },
};
export const REASONS = ADJUSTMENT_REASONS.map((value) => ({ value, get label() { return REASON_LABELS[value]; } }));

export function isReason(value: string): value is AdjustmentReason {
  return (ADJUSTMENT_REASONS as readonly string[]).includes(value);
}

export const MAX_QUANTITY = 1_000_000;

export type QuantityCheck = { ok: true; value: number } | { ok: false; problem: string };

/** Reads the quantity field: whole numbers only, spaces and thousands separators tolerated. */
export function parseQuantity(text: string, mode: AdjustMode): QuantityCheck {
  const cleaned = text.replace(/[\s,'_]/g, '');
  if (cleaned === '') return { ok: false, problem: mode === 'count' ? m.adjust_enter_counted() : m.adjust_enter_quantity() };
  if (!/^\d+$/.test(cleaned)) return { ok: false, problem: m.adjust_whole_numbers() };
  const value = Number(cleaned);
  if (!Number.isSafeInteger(value) || value > MAX_QUANTITY) return { ok: false, problem: m.adjust_at_most({ max: formatNumber(MAX_QUANTITY) }) };
  if (mode !== 'count' && value === 0) return { ok: false, problem: m.adjust_at_least_one() };
  return { ok: true, value };
}

export type DeltaCheck = { ok: true; delta: number; after: number } | { ok: false; problem: string };

/**
 * The signed change sent to the service, and what will be on hand after it. `waiting` is what this
 * desk has booked for the same SKU and warehouse but not yet sent (queued or being sent): the shelf
 * already holds it, so a count is measured against on hand plus waiting (with 793 shown and +7
 * waiting, a count of 800 books nothing, not another +7), and "after" includes it too.
 */
export function computeDelta(mode: AdjustMode, quantity: number, shownOnHand: number, waiting = 0): DeltaCheck {
  const expected = shownOnHand + waiting;
  const delta = mode === 'add' ? quantity : mode === 'remove' ? -quantity : quantity - expected;
  if (delta === 0) {
    return {
      ok: false,
      problem: waiting === 0
        ? m.adjust_count_equal({ onHand: formatNumber(shownOnHand) })
        : m.adjust_count_equal_waiting({ onHand: formatNumber(shownOnHand), waiting: formatDelta(waiting), total: formatNumber(expected) }),
    };
  }
  if (Math.abs(delta) > MAX_QUANTITY) return { ok: false, problem: m.adjust_too_large({ max: formatNumber(MAX_QUANTITY) }) };
  return { ok: true, delta, after: expected + delta };
}

/** A count that differs this much from what is shown is worth a second look (and a confirmation). */
export function needsConfirmation(delta: number, threshold: number): boolean {
  return Math.abs(delta) >= threshold;
}
