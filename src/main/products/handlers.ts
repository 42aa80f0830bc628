import type { CatalogCache } from '../kernel/cache';
import type { HandlerMap } from '../kernel/ipc/router';
import type { ServiceConnection } from '../kernel/service-or-cache';
import { ProductService } from './product-service';

export function productHandlers(cache: CatalogCache, connection: () => ServiceConnection | null): HandlerMap<'products.list' | 'warehouses.list'> {
  const products = new ProductService(cache, connection);
  return {
    'products.list': (input) => products.list(input),
    'warehouses.list': () => cache.reads.warehouses(),
  };
}
