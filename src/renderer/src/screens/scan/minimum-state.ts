import type { StockLevelSetting } from '../../../../shared/ipc/level-records';
import type { Stock } from '../../../../shared/ipc/records';

/** One minimum of a SKU against the stock the card shows, counting what this desk still has to send. */
export interface MinimumState {
  level: StockLevelSetting;
  onHand: number;
  short: number;
  toReorder: number;
}

/**
 * The same reading as main's Low stock list (levels/level-store.ts): a minimum for all warehouses
 * takes the SKU's total, one for a warehouse that warehouse's on hand; below when what is on hand
 * plus what waits to be sent is under the minimum.
 */
export function minimumStates(stock: Stock, levels: readonly StockLevelSetting[], waiting: (warehouseId?: string) => number): MinimumState[] {
  return levels.map((level) => {
    const onHand = level.warehouseId === null ? stock.totals.onHand : (stock.levels.find((l) => l.warehouseId === level.warehouseId)?.onHand ?? 0);
    const short = level.minimum - (onHand + waiting(level.warehouseId ?? undefined));
    return { level, onHand, short, toReorder: short > 0 ? Math.max(level.reorder ?? 0, short) : 0 };
  });
}

/** A typed quantity: a whole number, 0 or more (spaces and a thousands separator as people type them). */
export function parseQuantity(text: string): number | null {
  const t = text.replace(/[\s.,'’]/g, '');
  if (!/^\d{1,10}$/.test(t)) return null;
  const n = Number(t);
  return n <= 1_000_000_000 ? n : null;
}
