import type { Warehouse } from '../../../shared/ipc/records';
import type { DeskError } from '../../../shared/ipc/result';
import { call } from './desk';

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
