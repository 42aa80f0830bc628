import type { CatalogCache } from '../kernel/cache';
import type { LevelSetInput } from '../../shared/ipc/level-records';
import type { SheetLineProblem, SheetOutcome } from '../../shared/ipc/import-records';
import { sheetQuantity, type Sheet } from './sheet';

export interface LevelPlan extends Omit<SheetOutcome, 'applied'> {
  /** The lines that can be applied, as the levels store takes them. */
  levels: LevelSetInput[];
}

const NEEDED = ['sku', 'minimum'];

/**
 * What each line of a minimum sheet would do (columns sku, minimum; warehouse and reorder
 * optional): a SKU the cache does not hold, a quantity that is not a whole number, a warehouse
 * named by neither its code nor its id, a SKU and warehouse an earlier line already set, are
 * problems with their line number; an empty warehouse is all warehouses together.
 */
export function planLevels(sheet: Sheet, reads: CatalogCache['reads']): LevelPlan {
  const missingColumns = NEEDED.filter((c) => !sheet.headers.includes(c));
  if (missingColumns.length > 0) return { missingColumns, lines: sheet.lines.length, ready: 0, problems: [], levels: [] };
  const warehouses = new Map<string, string>();
  for (const w of reads.warehouses()) {
    warehouses.set(w.id.toLowerCase(), w.id);
    warehouses.set(w.code.toLowerCase(), w.id);
  }
  const seen = new Map<string, number>();
  const problems: SheetLineProblem[] = [];
  const levels: LevelSetInput[] = [];
  for (const { line, cells } of sheet.lines) {
    const sku = cells.get('sku') ?? '';
    const problem = (p: SheetLineProblem['problem'], detail: string) => problems.push({ line, sku, problem: p, detail });
    if (sku === '') {
      problem('no_sku', '');
      continue;
    }
    if (!reads.stockBySku(sku)) {
      problem('unknown_sku', sku);
      continue;
    }
    const where = cells.get('warehouse') ?? '';
    const warehouseId = where === '' ? null : (warehouses.get(where.toLowerCase()) ?? undefined);
    if (warehouseId === undefined) {
      problem('unknown_warehouse', where);
      continue;
    }
    const minimum = sheetQuantity(cells.get('minimum') ?? '', sheet.delimiter);
    if (minimum === null || minimum < 0) {
      problem('bad_number', 'minimum');
      continue;
    }
    const reorderCell = cells.get('reorder') ?? '';
    const reorder = reorderCell === '' ? null : sheetQuantity(reorderCell, sheet.delimiter);
    if (reorderCell !== '' && (reorder === null || reorder < 1)) {
      problem('bad_number', 'reorder');
      continue;
    }
    const key = `${sku}\u0000${warehouseId ?? ''}`;
    const first = seen.get(key);
    if (first !== undefined) {
      problem('duplicate', String(first));
      continue;
    }
    seen.set(key, line);
    levels.push({ sku, warehouseId, minimum, reorder });
  }
  return { missingColumns, lines: sheet.lines.length, ready: levels.length, problems, levels };
}
