import { toProduct, toShipment, toStock, toWarehouse, type ProductWire, type ShipmentWire, type StockItemWire, type WarehouseWire } from '../api';
import type { CatalogCache } from './catalog-cache';
import type { Product, Shipment, Stock, Warehouse } from '../../../shared/ipc/records';

/**
 * Writes what the service just said into the shared catalog and gives back the app's record of it.
 * A table only one capability keeps is written by that capability's store, under the same two
 * rules: nothing once `active` is false, and every record stamped with `confirmedAt()`.
 */
export class CatalogRecorder {
  #active = true;

  constructor(
    private readonly cache: CatalogCache,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * After this, nothing more is written: the account signed out or another signed in, and an
   * answer still on its way must not land in a cache that now belongs to someone else.
   */
  close(): void {
    this.#active = false;
  }

  get active(): boolean {
    return this.#active;
  }

  confirmedAt(): string {
    return this.now().toISOString();
  }

  /**
   * Records a stock item. Returns the fresh record (with the product's barcodes from the cache),
   * or null when the cache already holds a newer version (that one was announced when written).
   */
  stock(wire: StockItemWire, confirmedAt = this.confirmedAt()): Stock | null {
    const record = toStock(wire, confirmedAt, 'service');
    if (!this.#active) return null;
    const outcome = this.cache.writes.upsertStock(record, confirmedAt);
    if (outcome === 'stale') return null;
    return this.#fresh(record);
  }

  /** Records stock items without reading them back (a sync page: nobody waits for the records). */
  stockPage(wires: readonly StockItemWire[], confirmedAt = this.confirmedAt()): void {
    if (!this.#active) return;
    for (const wire of wires) this.cache.writes.upsertStock(toStock(wire, confirmedAt, 'service'), confirmedAt);
  }

  #fresh(record: Stock): Stock {
    const cached = this.cache.reads.stockBySku(record.sku);
    return cached ? { ...cached, source: 'service' } : record;
  }

  products(wires: readonly ProductWire[], confirmedAt = this.confirmedAt()): Product[] {
    const records = wires.map((w) => toProduct(w, confirmedAt));
    if (!this.#active) return records;
    this.cache.writes.upsertProducts(records, confirmedAt);
    return records;
  }

  warehouses(wires: readonly WarehouseWire[], passMark: string | null, firstPosition: number, confirmedAt = this.confirmedAt()): Warehouse[] {
    const records = wires.map((w) => toWarehouse(w, confirmedAt));
    if (!this.#active) return records;
    this.cache.writes.upsertWarehouses(records, confirmedAt, passMark, firstPosition);
    return records;
  }

  /** Records a page of shipments in one transaction. */
  shipments(wires: readonly ShipmentWire[], confirmedAt = this.confirmedAt()): Shipment[] {
    return this.cache.writes.transaction(() => wires.map((w) => this.shipment(w, confirmedAt)));
  }

  shipment(wire: ShipmentWire, confirmedAt = this.confirmedAt()): Shipment {
    const record = toShipment(wire, confirmedAt, 'service');
    if (!this.#active) return record;
    this.cache.writes.upsertShipment(record, confirmedAt);
    return record;
  }
}
