import { z } from './zod';

/** A sheet the worker chose, read as text in the window: its file name (it goes into the journal) and its content. */
export const MAX_SHEET_CHARS = 8_000_000;
export const SheetInput = z.strictObject({
  name: z.string().trim().min(1).max(200),
  text: z.string().max(MAX_SHEET_CHARS),
  /** false: only say what each line would do; true: apply every line that can be, in one go. */
  apply: z.boolean(),
});
export type SheetInput = z.infer<typeof SheetInput>;

export const SheetProblem = z.enum(['no_sku', 'unknown_sku', 'bad_number', 'unknown_warehouse', 'duplicate']);
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
