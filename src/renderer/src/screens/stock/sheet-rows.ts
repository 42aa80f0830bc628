import { m } from '../../i18n/messages';
import type { AdjustmentSheetOutcome, CountSheetOutcome, SheetLineProblem, SheetOutcome } from '../../../../shared/ipc/import-records';
import { formatDelta, formatNumber } from '../../ui/format';
import { REASON_LABELS } from '../scan/adjust-math';

/** The three kinds of sheet the desk brings in, each through its own channel. */
export type SheetKind = 'adjustments' | 'count' | 'levels';

export type SheetPreview =
  | { kind: 'adjustments'; outcome: AdjustmentSheetOutcome }
  | { kind: 'count'; outcome: CountSheetOutcome }
  | { kind: 'levels'; outcome: SheetOutcome };

/** One line of the preview's table: what happens to that line of the file, or why it is left out. */
export interface SheetRow {
  line: number;
  sku: string;
  what: string;
  problem: boolean;
}

export function problemText(kind: SheetKind, p: SheetLineProblem): string {
  switch (p.problem) {
    case 'no_sku':
      return m.import_problem_no_sku();
    case 'unknown_sku':
      return m.import_problem_unknown_sku();
    case 'bad_number':
      if (p.detail === 'reorder') return m.import_problem_bad_reorder();
      if (p.detail === 'counted') return m.import_problem_bad_counted();
      return p.detail === 'quantity' ? m.import_problem_bad_quantity() : m.import_problem_bad_minimum();
    case 'unknown_warehouse':
      return m.import_problem_unknown_warehouse({ warehouse: p.detail });
    case 'duplicate':
      return kind === 'levels' ? m.import_problem_duplicate({ line: p.detail }) : m.import_problem_repeats({ line: p.detail });
    case 'unknown_reason':
      return p.detail === '' ? m.import_problem_no_reason() : m.import_problem_unknown_reason({ reason: p.detail });
    case 'zero_change':
      return p.detail === 'counted' ? m.import_problem_zero_counted() : m.import_problem_zero_change();
    case 'no_quantity':
      return p.detail === 'both' ? m.import_problem_both_quantities() : m.import_problem_no_quantity();
    case 'other_warehouse':
      return m.import_problem_other_warehouse({ warehouse: p.detail });
  }
}

/**
 * Every line of the file the worker should look at, problems first (by line), then what the lines
 * that are ready will do. A sheet of minimums lists its problems only: its ready lines set what
 * they say.
 */
export function sheetRows(preview: SheetPreview): SheetRow[] {
  const problems = [...preview.outcome.problems].sort((a, b) => a.line - b.line).map((p) => ({ line: p.line, sku: p.sku, what: problemText(preview.kind, p), problem: true }));
  if (preview.kind === 'adjustments') {
    const ready = preview.outcome.adjustments.map((a) => ({
      line: a.line,
      sku: a.sku,
      what:
        a.mode === 'change'
          ? m.sheets_row_change({ change: formatDelta(a.change), reason: REASON_LABELS[a.reason] })
          : m.sheets_row_counted({ counted: formatNumber(a.quantity), change: formatDelta(a.change), reason: REASON_LABELS[a.reason] }),
      problem: false,
    }));
    return [...problems, ...ready];
  }
  if (preview.kind === 'count') return [...problems, ...preview.outcome.skus.map((sku) => ({ line: 0, sku, what: m.sheets_row_to_count(), problem: false }))];
  return problems;
}
