import { ApiError, type ApiClient } from '../kernel/api';
import type { CatalogCache, CatalogRecorder } from '../kernel/cache';
import type { EventHub } from '../kernel/ipc/event-hub';
import type { Log } from '../kernel/log';
import { cacheWillDo } from '../kernel/service-or-cache';
import type { LookupResult, Stock } from '../../shared/ipc/records';
import { ssccOf, trackingNumberOf, type CarrierLabel } from './carrier-label';
import { parseCode } from './parse-code';
import { ShipmentLabelQueries } from './shipment-label-queries';

export interface LookupDeps {
  cache: CatalogCache;
  recorder: CatalogRecorder;
  events: EventHub;
  /** The API client of the signed-in account, or null when signed out. */
  api: () => ApiClient | null;
  /** The connectivity monitor's judgement. */
  online: () => boolean;
  log?: Log;
}

const NOT_FOUND_CODES = new Set(['stock_item_not_found', 'not_found']);

/**
 * `stock.lookup`: a scanned or typed code to a stock record, from the cache at once. The scan path
 * is one parse and one or two prepared-statement reads; the refresh from the service is started
 * after the answer is on its way and arrives as a `stock.updated` event. A carrier's label (an
 * SSCC, or the tracking number of a code that is no stock) answers with its shipment.
 */
export class LookupService {
  readonly #refreshing = new Map<string, Promise<void>>();
  readonly #labels: ShipmentLabelQueries;

  constructor(private readonly deps: LookupDeps) {
    this.#labels = new ShipmentLabelQueries(deps.cache.db);
  }

  async lookup(raw: string): Promise<LookupResult> {
    const code = raw.trim();
    const sscc = ssccOf(code);
    // 18 digits that are also an exact SKU in the cache are that SKU, as with barcodes.
    if (sscc !== null && !this.deps.cache.reads.stockBySku(code)) {
      return (await this.#shipmentByLabel(code, { kind: 'sscc', sscc })) ?? { kind: 'not_found', code, searched: this.#service() ? 'service' : 'cache' };
    }
    const answer = await this.#stock(raw);
    if (answer.kind !== 'not_found' && answer.kind !== 'invalid') return answer;
    // No stock by that code: it may be a carrier's tracking number (they are letters and digits too).
    const trackingNumber = trackingNumberOf(code);
    if (trackingNumber === null) return answer;
    // Typed from the print (with its spaces), it is looked for in the cache only: text that is not
    // shaped like a code a scanner reads never goes to the network.
    const typedWithSpaces = code.includes(' ');
    return (await this.#shipmentByLabel(code, { kind: 'tracking_number', trackingNumber }, !typedWithSpaces)) ?? answer;
  }

  /** The service when it can be asked, else null. */
  #service(): ApiClient | null {
    return this.deps.online() ? this.deps.api() : null;
  }

  /** The shipment a label names: the cached copies first, then the service's list filtered by the label. */
  async #shipmentByLabel(code: string, label: CarrierLabel, askService = true): Promise<LookupResult | null> {
    const cached = this.#labels.token(label);
    if (cached !== null) return { kind: 'shipment', code, token: cached };
    const api = askService ? this.#service() : null;
    if (!api) return null;
    try {
      const filter = label.kind === 'sscc' ? { sscc: label.sscc } : { tracking_number: label.trackingNumber };
      const page = await api.listShipments({ ...filter, limit: 1 });
      const [shipment] = this.deps.recorder.shipments(page.body.data);
      return shipment ? { kind: 'shipment', code, token: shipment.token } : null;
    } catch (error) {
      if (cacheWillDo(error)) return null;
      throw error;
    }
  }

  async #stock(raw: string): Promise<LookupResult> {
    const parsed = parseCode(raw);
    const { reads } = this.deps.cache;
    switch (parsed.kind) {
      case 'invalid':
        return { kind: 'invalid', code: parsed.code, problem: parsed.problem };
      case 'shipment':
        return { kind: 'shipment', code: parsed.code, token: parsed.token };
      case 'sku': {
        const stock = reads.stockBySku(parsed.sku) ?? reads.stockBySkuIgnoringCase(parsed.sku);
        if (stock) return this.#hit(parsed.code, 'sku', stock);
        return this.#missBySku(parsed.code, parsed.sku);
      }
      case 'gtin': {
        // Digits that are also an exact SKU in the cache are that SKU (numeric SKUs exist).
        const exact = parsed.sku !== null ? reads.stockBySku(parsed.sku) : null;
        if (exact) return this.#hit(parsed.code, 'sku', exact);
        if (!parsed.checkDigitOk) {
          const invalid: LookupResult = { kind: 'invalid', code: parsed.code, problem: 'the check digit of this barcode is wrong' };
          if (parsed.sku === null) return invalid;
          // No barcode, but it may be a numeric SKU the cache does not hold yet: the service knows.
          const asSku = await this.#missBySku(parsed.code, parsed.sku);
          return asSku.kind === 'stock' ? asSku : invalid;
        }
        for (const gtin14 of parsed.gtin14) {
          const sku = reads.skuByGtin14(gtin14);
          const stock = sku !== null ? reads.stockBySku(sku) : null;
          if (stock) return this.#hit(parsed.code, 'gtin', stock);
        }
        return this.#missByGtin(parsed.code, parsed.gtin14, parsed.sku);
      }
    }
  }

  /** Resolves when every background refresh started so far has settled (for tests and shutdown). */
  async settled(): Promise<void> {
    while (this.#refreshing.size > 0) await Promise.allSettled([...this.#refreshing.values()]);
  }

  #hit(code: string, matchedBy: 'sku' | 'gtin', stock: Stock): LookupResult {
    const api = this.deps.online() ? this.deps.api() : null;
    if (api) this.#refreshLater(api, stock.sku);
    return { kind: 'stock', code, matchedBy, stock, refreshing: api !== null };
  }

  /** One refresh per SKU at a time; started on the next turn of the event loop, after the answer. */
  #refreshLater(api: ApiClient, sku: string): void {
    if (this.#refreshing.has(sku)) return;
    const run = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.#refresh(api, sku))
      .catch((error: unknown) => this.deps.log?.('error', 'stock refresh failed', { error: String(error) }))
      .finally(() => this.#refreshing.delete(sku));
    this.#refreshing.set(sku, run);
  }

  async #refresh(api: ApiClient, sku: string): Promise<void> {
    try {
      const answer = await api.readStock(sku);
      const fresh = this.deps.recorder.stock(answer.body);
      if (fresh) this.deps.events.emit('stock.updated', fresh);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'stock_item_not_found') {
        // The service no longer has it: the cache must not keep answering with it, nor a card show it.
        if (this.deps.recorder.active) {
          this.deps.cache.writes.deleteStock(sku);
          this.deps.events.emit('stock.removed', { sku });
        }
        return;
      }
      // Offline or refused: the cached answer stands; connectivity heard about it from the client.
      this.deps.log?.('info', 'stock refresh failed', { sku, code: error instanceof ApiError ? error.code : 'internal_error' });
    }
  }

  async #missBySku(code: string, sku: string): Promise<LookupResult> {
    const api = this.deps.online() ? this.deps.api() : null;
    if (!api) return { kind: 'not_found', code, searched: 'cache' };
    // The service is case-sensitive; a worker typing `wd-000123` means `WD-000123`.
    const candidates = sku === sku.toUpperCase() ? [sku] : [sku, sku.toUpperCase()];
    return this.#askService(code, async () => {
      for (const candidate of candidates) {
        const stock = await this.#readFromService(api, candidate);
        if (stock) return { stock, matchedBy: 'sku' as const };
      }
      return null;
    });
  }

  /** `numericSku`: the digits may also be a SKU, asked for when no product has the barcode. */
  async #missByGtin(code: string, gtin14s: readonly string[], numericSku: string | null): Promise<LookupResult> {
    const api = this.deps.online() ? this.deps.api() : null;
    if (!api) return { kind: 'not_found', code, searched: 'cache' };
    return this.#askService(code, async () => {
      for (const gtin14 of gtin14s) {
        const page = await api.listProducts({ barcode: gtin14, limit: 1 });
        const product = page.body.data[0];
        if (!product) continue;
        this.deps.recorder.products([product]);
        const stock = await this.#readFromService(api, product.sku);
        if (stock) return { stock, matchedBy: 'gtin' as const };
      }
      const stock = numericSku !== null ? await this.#readFromService(api, numericSku) : null;
      return stock ? { stock, matchedBy: 'sku' as const } : null;
    });
  }

  async #readFromService(api: ApiClient, sku: string): Promise<Stock | null> {
    try {
      const answer = await api.readStock(sku);
      return this.deps.recorder.stock(answer.body) ?? this.deps.cache.reads.stockBySku(sku);
    } catch (error) {
      if (error instanceof ApiError && NOT_FOUND_CODES.has(error.code)) return null;
      throw error;
    }
  }

  async #askService(code: string, ask: () => Promise<{ stock: Stock; matchedBy: 'sku' | 'gtin' } | null>): Promise<LookupResult> {
    try {
      const found = await ask();
      if (!found) return { kind: 'not_found', code, searched: 'service' };
      return { kind: 'stock', code, matchedBy: found.matchedBy, stock: { ...found.stock, source: 'service' }, refreshing: false };
    } catch (error) {
      // The service could not be asked after all (the network went, it is overloaded): say the
      // answer comes from the offline cache only. Anything else (signed out, refused) is shown.
      if (cacheWillDo(error)) return { kind: 'not_found', code, searched: 'cache' };
      throw error;
    }
  }
}
