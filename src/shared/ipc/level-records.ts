import { z } from './zod';
import { Sku, WarehouseId } from './records';

/**
 * The desk's own minimum and reorder quantities (no API field behind them), and the Low stock
 * list they make. A level without a warehouse is for all warehouses together.
 */

const Quantity = z.number().int().min(0).max(1_000_000_000);

export const LevelKey = z.strictObject({
  sku: Sku,
  /** null: all warehouses together. */
  warehouseId: WarehouseId.nullable(),
});
export type LevelKey = z.infer<typeof LevelKey>;

export const LevelSetInput = LevelKey.extend({
  minimum: Quantity,
  /** How many to order when below the minimum; null: enough to reach the minimum again. */
  reorder: Quantity.min(1).nullable(),
});
export type LevelSetInput = z.infer<typeof LevelSetInput>;

export const StockLevelSetting = z.object({
  sku: z.string(),
  warehouseId: z.string().nullable(),
  minimum: z.number().int(),
  reorder: z.number().int().nullable(),
  setAt: z.string(),
});
export type StockLevelSetting = z.infer<typeof StockLevelSetting>;

export const LowStockSort = z.enum(['sku', 'name', 'onHand', 'short', 'toReorder']);
export type LowStockSort = z.infer<typeof LowStockSort>;

export const LowStockQuery = z.strictObject({
  /** Text in the SKU or the name, any case. */
  query: z.string().max(200).optional(),
  /** Only the levels of this warehouse (the all-warehouses ones are left out). */
  warehouseId: WarehouseId.optional(),
  sort: LowStockSort.optional(),
  direction: z.enum(['asc', 'desc']).optional(),
});
export type LowStockQuery = z.infer<typeof LowStockQuery>;

/** A SKU below its minimum: on hand as the cache last saw it, plus what this desk has waiting to send. */
export const LowStockRow = z.object({
  sku: z.string(),
  name: z.string().nullable(),
  warehouseId: z.string().nullable(),
  minimum: z.number().int(),
  reorder: z.number().int().nullable(),
  onHand: z.number().int(),
  /** The sum of this desk's adjustments not yet sent. */
  waiting: z.number().int(),
  /** How far below the minimum, counting what is waiting. */
  short: z.number().int(),
  toReorder: z.number().int(),
});
export type LowStockRow = z.infer<typeof LowStockRow>;

export const LowStockList = z.object({ rows: z.array(LowStockRow), levels: z.number().int() });
export type LowStockList = z.infer<typeof LowStockList>;
