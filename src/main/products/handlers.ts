import type { CatalogCache } from '../kernel/cache';
import type { ServiceConnection } from '../kernel/service-or-cache';
import type { DeclaredChannels } from '../journal';
import { ProductService } from './product-service';

/** `warehouses.list` is answered here: the warehouses come with the products, from the cache. */
export function productChannels(cache: CatalogCache, connection: () => ServiceConnection | null): DeclaredChannels<'products.list' | 'warehouses.list'> {
  const products = new ProductService(cache, connection);
  return {
    'products.list': { handle: (input) => products.list(input) },
    'warehouses.list': { handle: () => cache.reads.warehouses() },
  };
}
