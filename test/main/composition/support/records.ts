import type { ProductWrite, StockWrite, WarehouseWrite } from '../../../../src/main/kernel/cache';

export const T0 = '2026-01-05T08:00:00.000Z';

/** A GTIN-13 with its check digit, from 12 digits. */
export function gtin13(first12: string): string {
  const digits = first12.split('').map(Number);
  const sum = digits.reduce((acc, d, i) => acc + d * (i % 2 === 0 ? 1 : 3), 0);
  return first12 + String((10 - (sum % 10)) % 10);
}

export function warehouse(id: string, code = id.toUpperCase()): WarehouseWrite {
  return { id, code, name: `Warehouse ${code}`, address: { line1: '1 Dock Road', city: 'Amsterdam', postalCode: '1011 AA', country: 'NL' } };
}

export function product(sku: string, name: string, barcodes: string[] = []): ProductWrite {
  return { sku, name, barcodes, weightGrams: 250, dimensionsMm: { length: 10, width: 20, height: 30 }, updatedAt: T0 };
}

export function stock(sku: string, name: string, levels: Array<[string, number, number?]>, version = 1, updatedAt = T0): StockWrite {
  return {
    sku,
    name,
    version,
    updatedAt,
    levels: levels.map(([warehouseId, onHand, reserved = 0]) => ({ warehouseId, onHand, reserved, available: Math.max(0, onHand - reserved) })),
  };
}
