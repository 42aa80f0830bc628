import type { CatalogCache } from '../kernel/cache';
import type { DeclaredChannels } from '../journal';

/** The warehouses come with the catalog's sync and are read from the cache, signed in or out. */
export function warehouseChannels(cache: CatalogCache): DeclaredChannels<'warehouses.list'> {
  return {
    'warehouses.list': { handle: () => cache.reads.warehouses() },
  };
}

/** Journal lines and notes name a warehouse by the code on its signs, not by the service's id. */
export function warehouseCode(cache: CatalogCache): (id: string) => string {
  return (id) => cache.reads.warehouses().find((w) => w.id === id)?.code ?? id;
}
