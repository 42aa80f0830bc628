import type { CatalogCache } from '../kernel/cache';
import type { ServiceConnection } from '../kernel/service-or-cache';
import type { DeclaredChannels } from '../journal';
import { ProductService } from './product-service';

export function productChannels(cache: CatalogCache, connection: () => ServiceConnection | null): DeclaredChannels<'products.list'> {
  const products = new ProductService(cache, connection);
  return {
    'products.list': { handle: (input) => products.list(input) },
  };
}
