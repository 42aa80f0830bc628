import type { DeskApi } from '../../../src/shared/ipc/desk-api';
import type { StockRow, Warehouse } from '../../../src/shared/ipc/records';

/**
 * A stand-in for window.desk in component tests only: a deterministic cache of `size` stock rows
 * (SKU-000000 ...), answering stock.search by prefix, sort and offset like main's cache does.
 */
export interface SearchCall {
  query?: string;
  warehouseId?: string;
  sort?: string;
  direction?: string;
  offset?: number;
  limit?: number;
}

export const WAREHOUSES: Warehouse[] = [
  { id: 'wh-1', code: 'MAIN', name: 'Main hall', address: null, confirmedAt: '2026-03-01T10:00:00.000Z' },
  { id: 'wh-2', code: 'EAST', name: 'East annex', address: null, confirmedAt: '2026-03-01T10:00:00.000Z' },
];

export function stockRow(i: number): StockRow {
  const sku = `SKU-${String(i).padStart(6, '0')}`;
  return {
    sku,
    name: `Item ${i}`,
    onHand: (i * 7) % 500,
    reserved: i % 5,
    available: ((i * 7) % 500) - (i % 5),
    updatedAt: new Date(Date.UTC(2026, 2, 1) - i * 60_000).toISOString(),
    confirmedAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  };
}

/**
 * `countCap`: counts of a filtered list stop as main's do (stock-search.ts COUNT_CAP): past the
 * cap, or twice the rows up to the page asked for, the answer says `capped`.
 */
export function installDesk(options: { size?: number; countCap?: number; overrides?: Record<string, unknown> } = {}): { searches: SearchCall[]; calls: string[]; desk: DeskApi } {
  const size = options.size ?? 100_000;
  const countCap = options.countCap ?? Infinity;
  const searches: SearchCall[] = [];
  const calls: string[] = [];
  const ok = <T>(value: T) => Promise.resolve({ ok: true as const, value });
  const stub = {
    stock: {
      search: (input: SearchCall) => {
        searches.push(input);
        const prefix = (input.query ?? '').toUpperCase();
        // Matching by prefix over the whole index range without building 100,000 objects.
        const indices: number[] = [];
        let total = size;
        if (prefix) {
          for (let i = 0; i < size; i += 1) if (`SKU-${String(i).padStart(6, '0')}`.startsWith(prefix)) indices.push(i);
          total = indices.length;
        }
        const at = (k: number): number => (prefix ? indices[k]! : k);
        const desc = input.direction === 'desc';
        const offset = input.offset ?? 0;
        const limit = input.limit ?? 50;
        const rows: StockRow[] = [];
        for (let k = offset; k < Math.min(total, offset + limit); k += 1) rows.push(stockRow(at(desc ? total - 1 - k : k)));
        const cap = Math.max(countCap, countCap * Math.ceil((2 * (offset + limit)) / countCap));
        if (prefix && total > cap) return ok({ rows, total: cap, capped: true as const });
        return ok({ rows, total });
      },
      lookup: ({ code }: { code: string }) => {
        calls.push(`lookup:${code}`);
        const row = stockRow(Number(code.slice(4)));
        return ok({
          kind: 'stock' as const,
          code,
          matchedBy: 'sku' as const,
          refreshing: false,
          stock: {
            sku: row.sku,
            name: row.name,
            barcodes: ['4006381333931'],
            levels: [
              { warehouseId: 'wh-1', onHand: row.onHand, reserved: row.reserved, available: row.available },
              { warehouseId: 'wh-2', onHand: 0, reserved: 0, available: 0 },
            ],
            totals: { onHand: row.onHand, reserved: row.reserved, available: row.available },
            version: 1,
            updatedAt: row.updatedAt,
            confirmedAt: row.confirmedAt,
            source: 'cache' as const,
          },
        });
      },
    },
    warehouses: { list: () => ok(WAREHOUSES) },
    products: {
      list: (input: { skuPrefix?: string; cursor?: string }) => {
        calls.push(`products:${input.skuPrefix ?? ''}:${input.cursor ?? ''}`);
        const start = input.cursor ? Number(input.cursor) : 0;
        const products = Array.from({ length: 3 }, (_, k) => ({
          sku: `SKU-${String(start + k).padStart(6, '0')}`,
          name: `Item ${start + k}`,
          barcodes: [],
          weightGrams: 1200,
          dimensionsMm: null,
          updatedAt: '2026-03-01T10:00:00.000Z',
          confirmedAt: '2026-03-01T10:00:00.000Z',
        }));
        return ok({ products, nextCursor: start === 0 ? '3' : null, source: 'cache' as const });
      },
    },
    on: () => () => {},
    ...options.overrides,
  };
  Object.defineProperty(window, 'desk', { value: stub, configurable: true, writable: true });
  return { searches, calls, desk: stub as unknown as DeskApi };
}
