import type { Warehouse } from '../../../shared/ipc/records';
import type { DeskError } from '../../../shared/ipc/result';
import { call } from './desk';
import { settings } from './settings.svelte';

/** The warehouses (from the cache when offline), for names in tables and the adjust form's choice. */
export const warehouses = $state<{ list: Warehouse[]; loaded: boolean; error: DeskError | null }>({ list: [], loaded: false, error: null });

export async function loadWarehouses(): Promise<void> {
  const r = await call((d) => d.warehouses.list());
  if (r.ok) {
    warehouses.list = r.value;
    warehouses.loaded = true;
    warehouses.error = null;
  } else warehouses.error = r.error;
}

/** "Main hall (WH-1)", or the id itself when the warehouse is not known yet. */
export function warehouseLabel(id: string): string {
  const w = warehouses.list.find((x) => x.id === id);
  return w ? `${w.name} (${w.code})` : id;
}
export function warehouseName(id: string): string {
  return warehouses.list.find((x) => x.id === id)?.name ?? id;
}

/**
 * The warehouse this desk stands in: the one chosen (Settings, or the first-use question), when it
 * is one of the known warehouses; with only one warehouse, that one (there is nothing to choose).
 */
export function deskWarehouseId(): string | null {
  const chosen = settings.value.deskWarehouseId;
  if (chosen && warehouses.list.some((w) => w.id === chosen)) return chosen;
  return warehouses.list.length === 1 ? warehouses.list[0]!.id : null;
}

/** True while nobody has said which of several warehouses this desk is in: the desk asks once. */
export function deskWarehouseUnasked(): boolean {
  return warehouses.loaded && warehouses.list.length > 1 && deskWarehouseId() === null;
}

/** The warehouse last used on this desk in this window (a change booked, a sender filled, a count started). */
const lastUsed = $state<{ id: string | null }>({ id: null });
export function rememberWarehouseUsed(id: string): void {
  lastUsed.id = id;
}

/**
 * Where a new change, count or shipment starts, the same for every product: this desk's
 * warehouse; until one is chosen, the one last used here, else the first by name. A fresh desk
 * is thus never empty-handed (the sender of a new shipment is filled), and never jumps from
 * product to product ("where most of it is" did).
 */
export function workingWarehouseId(): string | null {
  const desk = deskWarehouseId();
  if (desk) return desk;
  const last = lastUsed.id;
  if (last && warehouses.list.some((w) => w.id === last)) return last;
  return [...warehouses.list].sort((a, b) => warehouseLabel(a.id).localeCompare(warehouseLabel(b.id)))[0]?.id ?? null;
}

/**
 * One row per warehouse: every known warehouse (a product with no stock record there yet still
 * gets its row, at 0, so the first units can be booked into it), the desk's own first, then by name.
 */
export function levelsInEveryWarehouse<L extends { warehouseId: string }>(levels: readonly L[], empty: (warehouseId: string) => L): L[] {
  const rows = [...levels];
  for (const w of warehouses.list) if (!rows.some((l) => l.warehouseId === w.id)) rows.push(empty(w.id));
  const desk = deskWarehouseId();
  return rows.sort((a, b) => Number(b.warehouseId === desk) - Number(a.warehouseId === desk) || warehouseLabel(a.warehouseId).localeCompare(warehouseLabel(b.warehouseId)));
}
