import type { Address, Product, Shipment, Stock, StockLevel, Warehouse } from '../../../shared/ipc/records';

/** What the cache stores of a stock item: the service's record, without where it came from. */
export interface StockWrite {
  sku: string;
  name: string;
  levels: StockLevel[];
  version: number;
  updatedAt: string;
}

export type WarehouseWrite = Omit<Warehouse, 'confirmedAt'>;
export type ProductWrite = Omit<Product, 'confirmedAt'>;
export type ShipmentWrite = Omit<Shipment, 'confirmedAt' | 'source'>;

export interface StockItemRow {
  sku: string;
  name: string;
  version: number;
  updated_at: string;
  confirmed_at: string;
  levels_json: string;
  total_on_hand: number;
  total_reserved: number;
  total_available: number;
  barcodes_json: string | null;
}

export function stockFromRow(row: StockItemRow): Stock {
  return {
    sku: row.sku,
    name: row.name,
    barcodes: row.barcodes_json ? (JSON.parse(row.barcodes_json) as string[]) : [],
    levels: JSON.parse(row.levels_json) as StockLevel[],
    totals: { onHand: row.total_on_hand, reserved: row.total_reserved, available: row.total_available },
    version: row.version,
    updatedAt: row.updated_at,
    confirmedAt: row.confirmed_at,
    source: 'cache',
  };
}

export interface WarehouseRow {
  id: string;
  code: string;
  name: string;
  address_json: string | null;
  confirmed_at: string;
}

export function warehouseFromRow(row: WarehouseRow): Warehouse {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    address: row.address_json ? (JSON.parse(row.address_json) as Address) : null,
    confirmedAt: row.confirmed_at,
  };
}

export interface ProductRow {
  sku: string;
  name: string;
  barcodes_json: string;
  weight_grams: number | null;
  dimensions_json: string | null;
  updated_at: string;
  confirmed_at: string;
}

export function productFromRow(row: ProductRow): Product {
  return {
    sku: row.sku,
    name: row.name,
    barcodes: JSON.parse(row.barcodes_json) as string[],
    weightGrams: row.weight_grams,
    dimensionsMm: row.dimensions_json ? (JSON.parse(row.dimensions_json) as Product['dimensionsMm']) : null,
    updatedAt: row.updated_at,
    confirmedAt: row.confirmed_at,
  };
}

export interface ShipmentRow {
  record_json: string;
  confirmed_at: string;
}

export function shipmentFromRow(row: ShipmentRow): Shipment {
  return { ...(JSON.parse(row.record_json) as ShipmentWrite), confirmedAt: row.confirmed_at, source: 'cache' };
}

export function totalsOf(levels: readonly StockLevel[]): { onHand: number; reserved: number; available: number } {
  let onHand = 0;
  let reserved = 0;
  let available = 0;
  for (const l of levels) {
    onHand += l.onHand;
    reserved += l.reserved;
    available += l.available;
  }
  return { onHand, reserved, available };
}
