/** The orders of the cached stock list (the `stock.search` channel's `sort`). */
export type StockSort = 'sku' | 'name' | 'onHand' | 'available' | 'updatedAt';
