import type { CatalogCache } from '../kernel/cache';
import type { CountSheetOutcome, SheetLineProblem } from '../../shared/ipc/import-records';
import type { Sheet } from './sheet';

export type CountListPlan = Omit<CountSheetOutcome, 'applied' | 'session'>;

/**
 * A stock-take list: which SKUs a count is to cover (column sku; warehouse optional). One count
 * is in one warehouse: the first the sheet names, else the one the worker chose; a line naming
 * another is a problem, as are an unknown SKU and one listed twice, each with its line number.
 * The SKUs that are ready become the count's list, as a zone's do (counts.start).
 */
export function planCountList(sheet: Sheet, reads: CatalogCache['reads'], chosen: string | undefined): CountListPlan {
  if (!sheet.headers.includes('sku')) return { missingColumns: ['sku'], lines: sheet.lines.length, ready: 0, problems: [], warehouseId: null, skus: [] };
  const warehouses = new Map<string, string>();
  for (const w of reads.warehouses()) {
    warehouses.set(w.id.toLowerCase(), w.id);
    warehouses.set(w.code.toLowerCase(), w.id);
  }
  const named = sheet.lines.map((l) => l.cells.get('warehouse') ?? '').find((w) => w !== '' && warehouses.has(w.toLowerCase()));
  const warehouseId = named !== undefined ? warehouses.get(named.toLowerCase())! : (chosen ?? null);
  const seen = new Map<string, number>();
  const problems: SheetLineProblem[] = [];
  const skus: string[] = [];
  for (const { line, cells } of sheet.lines) {
    const written = cells.get('sku') ?? '';
    const stock = written === '' ? null : (reads.stockBySku(written) ?? reads.stockBySkuIgnoringCase(written));
    const sku = stock?.sku ?? written;
    const problem = (p: SheetLineProblem['problem'], detail: string) => problems.push({ line, sku, problem: p, detail });
    const where = cells.get('warehouse') ?? '';
    if (written === '') problem('no_sku', '');
    else if (!stock) problem('unknown_sku', written);
    else if (where !== '' && !warehouses.has(where.toLowerCase())) problem('unknown_warehouse', where);
    else if (where !== '' && warehouses.get(where.toLowerCase()) !== warehouseId) problem('other_warehouse', where);
    else if (seen.has(sku)) problem('duplicate', String(seen.get(sku)));
    else {
      seen.set(sku, line);
      skus.push(sku);
    }
  }
  return { missingColumns: [], lines: sheet.lines.length, ready: skus.length, problems, warehouseId, skus };
}
