import type { SortDirection, StockQuery, StockSortKey } from './stock-pages.svelte';

/** The list's query as desk.stock.search and desk.stock.export take it (an empty filter is left out). */
export function stockQueryInput(q: StockQuery): { query?: string; warehouseId?: string; sort: StockSortKey; direction: SortDirection } {
  return { ...(q.text ? { query: q.text } : {}), ...(q.warehouseId ? { warehouseId: q.warehouseId } : {}), sort: q.sort, direction: q.direction };
}
