import type { AdjustmentReason } from '../../../../shared/ipc/records';
import type { AdjustMode } from './adjust-math';

/**
 * The reasons that fit each kind of change, in the order the form offers them. Stock comes in
 * (received, found, returned), goes out (damaged, lost), or a count corrects it; "Other" fits all.
 * A reason outside its kind's list is never booked: "+7 · Damaged" says the opposite of itself.
 */
export const REASONS_FOR_KIND: Record<AdjustMode, readonly AdjustmentReason[]> = {
  add: ['received', 'found', 'returned', 'other'],
  remove: ['damaged', 'lost', 'other'],
  count: ['count_correction', 'other'],
};

export function reasonFits(kind: AdjustMode, reason: AdjustmentReason | ''): boolean {
  return reason !== '' && REASONS_FOR_KIND[kind].includes(reason);
}

/**
 * The reason once the kind changes: kept while it fits, else none, so the worker chooses again.
 * A count has one reason of its own, chosen for the worker (it is what a count is).
 */
export function reasonForKind(kind: AdjustMode, reason: AdjustmentReason | ''): AdjustmentReason | '' {
  if (reasonFits(kind, reason)) return reason;
  return kind === 'count' ? 'count_correction' : '';
}
