import type { CatalogCache } from '../kernel/cache';
import { cacheCursor, cacheOffset, DEFAULT_PAGE, listServiceFirst, type ServiceConnection } from '../kernel/service-or-cache';
import { hasValidCheckDigit, isGtinShaped, toGtin14 } from '../../shared/gtin';
import type { Output, ParsedInput } from '../../shared/ipc/contract';
import { failure } from '../../shared/ipc/result';
import { ProductSearchQueries } from './product-search-queries';

/** Products: a page from the service (each one seen is cached), or from the cached copies offline. */
export class ProductService {
  readonly #search: ProductSearchQueries;

  constructor(
    private readonly cache: CatalogCache,
    private readonly connection: () => ServiceConnection | null,
  ) {
    this.#search = new ProductSearchQueries(cache.db);
  }

  async list(input: ParsedInput<'products.list'>): Promise<Output<'products.list'>> {
    const filter = input ?? {};
    if (filter.search !== undefined && filter.search.trim() !== '') {
      // The service cannot search names: the cached catalogue, which the sync keeps whole.
      const limit = filter.limit ?? DEFAULT_PAGE;
      const offset = cacheOffset(filter.cursor) ?? 0;
      const rows = this.#search.page(filter.search, offset, limit + 1);
      return { products: rows.slice(0, limit), nextCursor: rows.length > limit ? cacheCursor(offset + limit) : null, source: 'cache' };
    }
    let gtin14: string | undefined;
    if (filter.barcode !== undefined) {
      if (!isGtinShaped(filter.barcode) || !hasValidCheckDigit(filter.barcode)) {
        throw failure('invalid_argument', 'The barcode filter must be a GTIN-8, -12, -13 or -14 with a valid check digit.', { reason: 'barcode_filter' });
      }
      gtin14 = toGtin14(filter.barcode);
    }
    const page = await listServiceFirst({
      connection: this.connection(),
      cursor: filter.cursor,
      limit: filter.limit,
      fromService: async (c, paging) => {
        const answer = await c.api.listProducts({ ...paging, ...(filter.skuPrefix ? { sku_prefix: filter.skuPrefix } : {}), ...(gtin14 ? { barcode: gtin14 } : {}) });
        return { items: c.recorder.products(answer.body.data), nextCursor: answer.body.next_cursor ?? null };
      },
      fromCache: (paging) => this.cache.reads.products({ ...(filter.skuPrefix ? { skuPrefix: filter.skuPrefix } : {}), ...(gtin14 ? { gtin14 } : {}), ...paging }),
    });
    return { products: page.items, nextCursor: page.nextCursor, source: page.source };
  }
}
