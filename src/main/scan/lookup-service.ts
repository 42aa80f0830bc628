import { ApiError, type ApiClient } from '../kernel/api';
import type { CatalogCache, CatalogRecorder } from '../kernel/cache';
import type { EventHub } from '../kernel/ipc/event-hub';
import type { Log } from '../kernel/log';
import { cacheWillDo } from '../kernel/service-or-cache';
import type { Gs1Data } from '../../shared/codes/gs1';
import { parseCode, type ParsedCode } from '../../shared/codes/parse-code';
import { refuse } from '../../shared/codes/refusal';
import type { Gs1Details, LookupResult, Stock } from '../../shared/ipc/records';
import { ShipmentLabelQueries, type CarrierLabel } from './shipment-label-queries';

export interface LookupDeps {
  /** The cache's reads: the core's connection, or a read-only one of its own (core-thread/reader-worker.ts). */
  cache: Pick<CatalogCache, 'db' | 'reads'>;
  /** How the service is reached and its answers kept; without it the cache alone answers. */
  service?: LookupServiceDeps;
}

export interface LookupServiceDeps {
  recorder: CatalogRecorder;
  /** Where a SKU the service no longer has is taken out of the cache. */
  writes: Pick<CatalogCache['writes'], 'deleteStock'>;
  events: EventHub;
  /** The API client of the signed-in account, or null when signed out. */
  api: () => ApiClient | null;
  /** The connectivity monitor's judgement. */
  online: () => boolean;
  log?: Log;
}

/** The service, when it can be asked now, with what keeps its answers. */
interface Reach {
  api: ApiClient;
  deps: LookupServiceDeps;
}

const NOT_FOUND_CODES = new Set(['stock_item_not_found', 'not_found']);
const ALL_DIGITS = /^\d+$/;

type GtinCode = Extract<ParsedCode, { kind: 'gtin' }>;

/** The details of a GS1 label the answer card shows, or undefined when it carried none. */
function detailsOf(gs1: Gs1Data | null): Gs1Details | undefined {
  if (!gs1) return undefined;
  const details = { lot: gs1.lot, expiry: gs1.expiry?.date ?? null, serial: gs1.serial, count: gs1.count };
  return Object.values(details).some((value) => value !== null) ? details : undefined;
}

/**
 * `stock.lookup`: a scanned or typed code to a stock record or a shipment, from the cache at once.
 * `parseCode` (src/shared/codes) says what the code may be; where it names several readings (14
 * digits are a GTIN-14 or a DPD parcel number, digits may be a numeric SKU) they are tried in
 * turn, cache before service. The scan path is one parse and one or two prepared-statement reads;
 * the refresh from the service is started after the answer is on its way and arrives as a
 * `stock.updated` event.
 */
export class LookupService {
  readonly #refreshing = new Map<string, Promise<void>>();
  readonly #labels: ShipmentLabelQueries;

  constructor(private readonly deps: LookupDeps) {
    this.#labels = new ShipmentLabelQueries(deps.cache.db);
  }

  async lookup(raw: string): Promise<LookupResult> {
    const code = raw.trim();
    const parsed = parseCode(code);
    const { reads } = this.deps.cache;
    switch (parsed.kind) {
      case 'invalid':
        return (await this.#typedFromPrint(code)) ?? { kind: 'invalid', code, why: parsed.why, params: parsed.params, problem: parsed.problem };
      case 'shipment':
        return { kind: 'shipment', code, token: parsed.token };
      case 'sscc': {
        // 18 digits that are also an exact SKU in the cache are that SKU, as with barcodes.
        const exact = reads.stockBySku(code);
        if (exact) return this.#hit(code, 'sku', exact);
        return (await this.#shipmentByLabel(code, { kind: 'sscc', sscc: parsed.sscc })) ?? this.#notFound(code);
      }
      case 'tracking': {
        const exact = parsed.sku !== null ? reads.stockBySku(parsed.sku) : null;
        if (exact) return this.#hit(code, 'sku', exact);
        const shipment = await this.#shipmentByLabel(code, { kind: 'tracking_number', trackingNumber: parsed.trackingNumber });
        if (shipment) return shipment;
        return parsed.sku !== null ? this.#missBySku(code, parsed.sku) : this.#notFound(code);
      }
      case 'sku': {
        const stock = reads.stockBySku(parsed.sku) ?? reads.stockBySkuIgnoringCase(parsed.sku);
        if (stock) return this.#hit(code, 'sku', stock);
        // Letters and digits that are no stock may be some carrier's tracking number.
        const label: CarrierLabel | null = parsed.mayBeTracking ? { kind: 'tracking_number', trackingNumber: parsed.sku.toUpperCase() } : null;
        const cached = label ? this.#cachedShipment(code, label) : null;
        if (cached) return cached;
        const asSku = await this.#missBySku(code, parsed.sku);
        if (asSku.kind !== 'not_found' || !label || asSku.searched === 'cache') return asSku;
        return (await this.#shipmentByLabel(code, label)) ?? asSku;
      }
      case 'gtin':
        return this.#gtin(code, parsed);
    }
  }

  async #gtin(code: string, parsed: GtinCode): Promise<LookupResult> {
    const { reads } = this.deps.cache;
    // Digits that are also an exact SKU in the cache are that SKU (numeric SKUs exist).
    const retail = parsed.format !== 'gs1' && parsed.format !== 'digital_link';
    const numericSku = parsed.sku ?? (retail && ALL_DIGITS.test(code) ? code : null);
    const exact = numericSku !== null ? reads.stockBySku(numericSku) : null;
    if (exact) return this.#hit(code, 'sku', exact);
    const tracking: CarrierLabel | null = parsed.tracking ? { kind: 'tracking_number', trackingNumber: parsed.tracking.trackingNumber } : null;
    if (!parsed.checkDigitOk) {
      // No product barcode; it may still be a parcel's number (DPD's has no check digit) or a
      // numeric SKU the cache does not hold yet.
      const shipment = tracking ? await this.#shipmentByLabel(code, tracking) : null;
      if (shipment) return shipment;
      const asSku = parsed.sku !== null ? await this.#missBySku(code, parsed.sku) : null;
      if (asSku?.kind === 'stock') return asSku;
      // Offline, a parcel number not cached cannot be told from a misread barcode.
      if (tracking && !this.#service()) return this.#notFound(code);
      return { kind: 'invalid', code, ...refuse('barcode_check_digit', { code }) };
    }
    const gs1 = detailsOf(parsed.gs1);
    for (const gtin14 of parsed.gtin14) {
      const sku = reads.skuByGtin14(gtin14);
      const stock = sku !== null ? reads.stockBySku(sku) : null;
      if (stock) return this.#hit(code, 'gtin', stock, gs1);
    }
    const cached = tracking ? this.#cachedShipment(code, tracking) : null;
    if (cached) return cached;
    const product = await this.#missByGtin(code, parsed.gtin14, numericSku, gs1);
    if (product.kind !== 'not_found' || !tracking || product.searched === 'cache') return product;
    return (await this.#shipmentByLabel(code, tracking)) ?? product;
  }

  /**
   * A tracking number or SSCC typed from the print, with its spaces: looked for in the cached
   * shipments only, since text that is not shaped like a code a scanner reads never goes to the network.
   */
  async #typedFromPrint(code: string): Promise<LookupResult | null> {
    if (!code.includes(' ')) return null;
    const compact = parseCode(code.replace(/\s+/g, ''));
    let label: CarrierLabel | null = null;
    if (compact.kind === 'sscc') label = { kind: 'sscc', sscc: compact.sscc };
    else if (compact.kind === 'tracking') label = { kind: 'tracking_number', trackingNumber: compact.trackingNumber };
    else if (compact.kind === 'gtin' && compact.tracking) label = { kind: 'tracking_number', trackingNumber: compact.tracking.trackingNumber };
    else if (compact.kind === 'sku' && compact.mayBeTracking) label = { kind: 'tracking_number', trackingNumber: compact.sku.toUpperCase() };
    return label ? this.#shipmentByLabel(code, label, false) : null;
  }

  /** The service when it can be asked, else null. */
  #service(): Reach | null {
    const deps = this.deps.service;
    const api = deps?.online() ? deps.api() : null;
    return deps && api ? { api, deps } : null;
  }

  #notFound(code: string): LookupResult {
    return { kind: 'not_found', code, searched: this.#service() ? 'service' : 'cache' };
  }

  #cachedShipment(code: string, label: CarrierLabel): LookupResult | null {
    const token = this.#labels.token(label);
    return token !== null ? { kind: 'shipment', code, token } : null;
  }

  /** The shipment a label names: the cached copies first, then the service's list filtered by the label. */
  async #shipmentByLabel(code: string, label: CarrierLabel, askService = true): Promise<LookupResult | null> {
    const cached = this.#cachedShipment(code, label);
    if (cached) return cached;
    const reach = askService ? this.#service() : null;
    if (!reach) return null;
    try {
      const filter = label.kind === 'sscc' ? { sscc: label.sscc } : { tracking_number: label.trackingNumber };
      const page = await reach.api.listShipments({ ...filter, limit: 1 });
      const [shipment] = reach.deps.recorder.shipments(page.body.data);
      return shipment ? { kind: 'shipment', code, token: shipment.token } : null;
    } catch (error) {
      if (cacheWillDo(error)) return null;
      throw error;
    }
  }

  /** Resolves when every background refresh started so far has settled (for tests and shutdown). */
  async settled(): Promise<void> {
    while (this.#refreshing.size > 0) await Promise.allSettled([...this.#refreshing.values()]);
  }

  #hit(code: string, matchedBy: 'sku' | 'gtin', stock: Stock, gs1?: Gs1Details): LookupResult {
    const refreshing = this.refreshAfter(stock.sku);
    return { kind: 'stock', code, matchedBy, stock, refreshing, ...(gs1 ? { gs1 } : {}) };
  }

  /**
   * Asks the service for a fresh copy of a SKU the cache answered with, after the answer (the copy
   * arrives as a `stock.updated` event); one refresh per SKU at a time. False when the service
   * cannot be asked now. Also for answers the reader thread gave from its own connection.
   */
  refreshAfter(sku: string): boolean {
    const reach = this.#service();
    if (!reach) return false;
    if (this.#refreshing.has(sku)) return true;
    const run = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.#refresh(reach, sku))
      .catch((error: unknown) => reach.deps.log?.('error', 'stock refresh failed', { error: String(error) }))
      .finally(() => this.#refreshing.delete(sku));
    this.#refreshing.set(sku, run);
    return true;
  }

  async #refresh({ api, deps }: Reach, sku: string): Promise<void> {
    try {
      const answer = await api.readStock(sku);
      const fresh = deps.recorder.stock(answer.body);
      if (fresh) deps.events.emit('stock.updated', fresh);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'stock_item_not_found') {
        // The service no longer has it: the cache must not keep answering with it, nor a card show it.
        if (deps.recorder.active) {
          deps.writes.deleteStock(sku);
          deps.events.emit('stock.removed', { sku });
        }
        return;
      }
      // Offline or refused: the cached answer stands; connectivity heard about it from the client.
      deps.log?.('info', 'stock refresh failed', { sku, code: error instanceof ApiError ? error.code : 'internal_error' });
    }
  }

  async #missBySku(code: string, sku: string): Promise<LookupResult> {
    const reach = this.#service();
    if (!reach) return { kind: 'not_found', code, searched: 'cache' };
    // The service is case-sensitive; a worker typing `wd-000123` means `WD-000123`.
    const candidates = sku === sku.toUpperCase() ? [sku] : [sku, sku.toUpperCase()];
    return this.#askService(code, async () => {
      for (const candidate of candidates) {
        const stock = await this.#readFromService(reach, candidate);
        if (stock) return { stock, matchedBy: 'sku' as const };
      }
      return null;
    });
  }

  /** `numericSku`: the digits may also be a SKU, asked for when no product has the barcode. */
  async #missByGtin(code: string, gtin14s: readonly string[], numericSku: string | null, gs1: Gs1Details | undefined): Promise<LookupResult> {
    const reach = this.#service();
    if (!reach) return { kind: 'not_found', code, searched: 'cache' };
    return this.#askService(code, async () => {
      for (const gtin14 of gtin14s) {
        const page = await reach.api.listProducts({ barcode: gtin14, limit: 1 });
        const product = page.body.data[0];
        if (!product) continue;
        reach.deps.recorder.products([product]);
        const stock = await this.#readFromService(reach, product.sku);
        if (stock) return { stock, matchedBy: 'gtin' as const };
      }
      const stock = numericSku !== null ? await this.#readFromService(reach, numericSku) : null;
      return stock ? { stock, matchedBy: 'sku' as const } : null;
    }, gs1);
  }

  async #readFromService({ api, deps }: Reach, sku: string): Promise<Stock | null> {
    try {
      const answer = await api.readStock(sku);
      return deps.recorder.stock(answer.body) ?? this.deps.cache.reads.stockBySku(sku);
    } catch (error) {
      if (error instanceof ApiError && NOT_FOUND_CODES.has(error.code)) return null;
      throw error;
    }
  }

  async #askService(code: string, ask: () => Promise<{ stock: Stock; matchedBy: 'sku' | 'gtin' } | null>, gs1?: Gs1Details): Promise<LookupResult> {
    try {
      const found = await ask();
      if (!found) return { kind: 'not_found', code, searched: 'service' };
      return { kind: 'stock', code, matchedBy: found.matchedBy, stock: { ...found.stock, source: 'service' }, refreshing: false, ...(gs1 ? { gs1 } : {}) };
    } catch (error) {
      // The service could not be asked after all (the network went, it is overloaded): say the
      // answer comes from the offline cache only. Anything else (signed out, refused) is shown.
      if (cacheWillDo(error)) return { kind: 'not_found', code, searched: 'cache' };
      throw error;
    }
  }
}
