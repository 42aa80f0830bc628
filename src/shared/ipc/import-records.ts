import { z } from './zod';
import { CountSession } from './desk-work-records';
import { AdjustmentReason, Sku, WarehouseId } from './records';

/** A sheet the worker chose, read as text in the window: its file name (it goes into the journal) and its content. */
export const MAX_SHEET_CHARS = 8_000_000;
export const SheetInput = z.strictObject({
  name: z.string().trim().min(1).max(200),
  text: z.string().max(MAX_SHEET_CHARS),
  /** false: only say what each line would do; true: apply every line that can be, in one go. */
  apply: z.boolean(),
});
export type SheetInput = z.infer<typeof SheetInput>;

/**
 * unknown_reason: a reason that is none of the service's, in none of the desk's languages;
 * zero_change: a change of 0, or a counted quantity the desk already holds; no_quantity: neither a
 * change nor a counted quantity, or both; other_warehouse: a stock-take list names one warehouse per count.
 */
export const SheetProblem = z.enum(['no_sku', 'unknown_sku', 'bad_number', 'unknown_warehouse', 'duplicate', 'unknown_reason', 'zero_change', 'no_quantity', 'other_warehouse']);
export type SheetProblem = z.infer<typeof SheetProblem>;

/** A line that cannot be applied, by its line number in the file (the header is line 1). */
export const SheetLineProblem = z.object({
  line: z.number().int(),
  sku: z.string(),
  problem: SheetProblem,
  /** What was wrong: the column of a bad number, the warehouse as written, the line a duplicate repeats. */
  detail: z.string(),
});
export type SheetLineProblem = z.infer<typeof SheetLineProblem>;

export const SheetOutcome = z.object({
  /** A sheet without the columns it needs is refused whole: which are missing. */
  missingColumns: z.array(z.string()),
  lines: z.number().int(),
  ready: z.number().int(),
  problems: z.array(SheetLineProblem),
  /** How many lines were applied (0 for a preview). */
  applied: z.number().int(),
});
export type SheetOutcome = z.infer<typeof SheetOutcome>;

/**
 * A ready line of a sheet of adjustments. `change`: the sheet says how many more or fewer;
 * `counted`: the sheet says how many there are, and the change is worked out when it is applied
 * from what the desk then knows (on hand plus what is still waiting to be sent), like a count's
 * correction. `change` is that worked-out figure as of the preview.
 */
export const SheetAdjustment = z.object({
  line: z.number().int(),
  sku: Sku,
  warehouseId: WarehouseId,
  mode: z.enum(['change', 'counted']),
  /** The change for `change`, what was counted for `counted`. */
  quantity: z.number().int(),
  change: z.number().int(),
  reason: AdjustmentReason,
  note: z.string(),
});
export type SheetAdjustment = z.infer<typeof SheetAdjustment>;

export const AdjustmentSheetOutcome = SheetOutcome.extend({
  adjustments: z.array(SheetAdjustment),
  /** This very file (by its content) was applied before, by this account: it is not booked again. */
  alreadyApplied: z.object({ at: z.string(), name: z.string(), entries: z.number().int() }).nullable(),
  /** Counted lines whose quantity the desk held by apply time: nothing to book, nothing queued. */
  unchanged: z.number().int(),
});
export type AdjustmentSheetOutcome = z.infer<typeof AdjustmentSheetOutcome>;

/** A stock-take list: the sheet, and the warehouse to count in when its lines name none. */
export const CountSheetInput = SheetInput.extend({ warehouseId: WarehouseId.optional() });
export type CountSheetInput = z.infer<typeof CountSheetInput>;

export const CountSheetOutcome = SheetOutcome.extend({
  /** The warehouse the count is in: the one the sheet names, else the one chosen; null when neither. */
  warehouseId: WarehouseId.nullable(),
  skus: z.array(Sku),
  /** The count started with exactly these SKUs (null for a preview). */
  session: CountSession.nullable(),
});
export type CountSheetOutcome = z.infer<typeof CountSheetOutcome>;

/** A long sheet's progress, from the core's thread while it checks or applies it. */
export const SheetProgress = z.object({ name: z.string(), step: z.enum(['checking', 'applying']), done: z.number().int(), total: z.number().int() });
export type SheetProgress = z.infer<typeof SheetProgress>;
