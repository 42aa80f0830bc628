import type { CatalogCache } from '../kernel/cache';
import type { AdjustmentSheetOutcome, SheetAdjustment, SheetLineProblem } from '../../shared/ipc/import-records';
import { reasonOf } from './reason-words';
import { sheetQuantity, type Sheet } from './sheet';

export type AdjustmentPlan = Pick<AdjustmentSheetOutcome, 'missingColumns' | 'lines' | 'ready' | 'problems' | 'adjustments'>;

/** What a counted line is measured against: the cache's on hand and what the account still has to send, by SKU and warehouse. */
export interface StockNow {
  reads: CatalogCache['reads'];
  /** The account's adjustments not yet booked, summed by `stockKey`. */
  waiting: ReadonlyMap<string, number>;
}

export const stockKey = (sku: string, warehouseId: string): string => `${sku}\u0000${warehouseId}`;

/** The service's bounds of one adjustment. */
const LIMIT = 1_000_000;
/** How often a long sheet reports how far it got. */
export const PROGRESS_EVERY = 500;
// The API refuses a note with control characters; a cell's line break becomes a space.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]+/g;

/** On hand as the desk knows it now: the cache's figure plus what it still has to send, and what earlier lines of the sheet change. */
export function expectedOnHand(now: StockNow, planned: ReadonlyMap<string, number>, sku: string, warehouseId: string): number {
  const cached = now.reads.stockBySku(sku)?.levels.find((l) => l.warehouseId === warehouseId)?.onHand ?? 0;
  const key = stockKey(sku, warehouseId);
  return cached + (now.waiting.get(key) ?? 0) + (planned.get(key) ?? 0);
}

/**
 * What each line of a sheet of adjustments would do (columns sku, warehouse, reason and note, and
 * either quantity, a change such as +12 or -3, or counted, how many there are). A problem is said
 * with its line number: no or an unknown SKU, a warehouse named by neither its code nor its id,
 * neither or both of the quantities, a bad number, a reason that is none of the service's (in any
 * of the desk's languages), a change of nothing, and a duplicate: a counted SKU and warehouse an
 * earlier line counted already, or a change repeating an earlier line word for word (a sheet
 * pasted twice). A counted line with no reason is a count correction.
 */
export function planAdjustments(sheet: Sheet, now: StockNow, progress: (done: number) => void = () => {}): AdjustmentPlan {
  const missingColumns = ['sku', 'warehouse'].filter((c) => !sheet.headers.includes(c));
  if (!sheet.headers.includes('quantity') && !sheet.headers.includes('counted')) missingColumns.push('quantity');
  if (missingColumns.length > 0) return { missingColumns, lines: sheet.lines.length, ready: 0, problems: [], adjustments: [] };
  const warehouses = new Map<string, string>();
  for (const w of now.reads.warehouses()) {
    warehouses.set(w.id.toLowerCase(), w.id);
    warehouses.set(w.code.toLowerCase(), w.id);
  }
  const seen = new Map<string, number>();
  const planned = new Map<string, number>();
  const problems: SheetLineProblem[] = [];
  const adjustments: SheetAdjustment[] = [];
  sheet.lines.forEach(({ line, cells }, i) => {
    if (i % PROGRESS_EVERY === 0) progress(i);
    const cell = (name: string) => cells.get(name) ?? '';
    const sku = cell('sku');
    const problem = (p: SheetLineProblem['problem'], detail: string) => {
      problems.push({ line, sku, problem: p, detail });
    };
    if (sku === '') return problem('no_sku', '');
    if (!now.reads.stockBySku(sku)) return problem('unknown_sku', sku);
    const warehouseId = warehouses.get(cell('warehouse').toLowerCase());
    if (warehouseId === undefined) return problem('unknown_warehouse', cell('warehouse'));
    const [changeCell, countedCell] = [cell('quantity'), cell('counted')];
    if ((changeCell === '') === (countedCell === '')) return problem('no_quantity', changeCell === '' ? '' : 'both');
    const mode = changeCell === '' ? 'counted' : 'change';
    const quantity = sheetQuantity(mode === 'change' ? changeCell.replace(/^\+/, '') : countedCell, sheet.delimiter);
    if (quantity === null || Math.abs(quantity) > LIMIT || (mode === 'counted' && quantity < 0)) return problem('bad_number', mode === 'change' ? 'quantity' : 'counted');
    const reasonCell = cell('reason');
    const reason = reasonCell === '' && mode === 'counted' ? 'count_correction' : reasonOf(reasonCell);
    if (reason === null) return problem('unknown_reason', reasonCell);
    const note = cell('note').replace(CONTROL, ' ').trim();
    const key = stockKey(sku, warehouseId);
    const same = mode === 'counted' ? `counted\u0000${key}` : [key, quantity, reason, note].join('\u0000');
    const first = seen.get(same);
    if (first !== undefined) return problem('duplicate', String(first));
    seen.set(same, line);
    const change = mode === 'change' ? quantity : quantity - expectedOnHand(now, planned, sku, warehouseId);
    if (change === 0 || Math.abs(change) > LIMIT) return problem(change === 0 ? 'zero_change' : 'bad_number', mode === 'change' ? 'quantity' : 'counted');
    planned.set(key, (planned.get(key) ?? 0) + change);
    adjustments.push({ line, sku, warehouseId, mode, quantity, change, reason, note });
  });
  progress(sheet.lines.length);
  return { missingColumns, lines: sheet.lines.length, ready: adjustments.length, problems, adjustments };
}
