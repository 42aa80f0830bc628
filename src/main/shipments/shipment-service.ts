import { ApiError, toCreateShipmentRequest, toGreenIndex, toGreenIndexRequest, toTransitTime, toTransitTimeRequest, type GreenIndexInputRecord, type TransitTimeInputRecord } from '../kernel/api';
import type { CatalogCache } from '../kernel/cache';
import { cacheCursor, cacheOffset, cacheWillDo, DEFAULT_PAGE, listServiceFirst, requireOnline, type ServiceConnection } from '../kernel/service-or-cache';
import type { Output, ParsedInput } from '../../shared/ipc/contract';
import type { Shipment, ShipmentDraft } from '../../shared/ipc/records';
import { failure } from '../../shared/ipc/result';
import { ShipmentListQueries } from './shipment-list-queries';

/** The service's list is read whole, in pages this big, up to this many pages, before a sorted or searched list. */
const MIRROR_PAGE = 500;
const MIRROR_PAGES = 40;
/** A search typed on within this long reads the cached copies again, not the service's whole list. */
const MIRROR_FRESH_MS = 15_000;

/**
 * Shipments: read and list from the service (each one seen is cached), falling back to the cached
 * copies offline; create, cancel, delete, green index and transit time need the service.
 */
export class ShipmentService {
  readonly #lists: ShipmentListQueries;
  /** When, and for which account's connection, the service's whole list was last read. */
  #wholeList: { at: number; of: ServiceConnection } | null = null;

  constructor(
    private readonly cache: CatalogCache,
    private readonly connection: () => ServiceConnection | null,
  ) {
    this.#lists = new ShipmentListQueries(cache.db);
  }

  async read(token: string): Promise<Shipment> {
    const s = this.connection();
    if (s?.online) {
      try {
        const answer = await s.api.readShipment(token);
        return s.recorder.shipment(answer.body);
      } catch (error) {
        if (error instanceof ApiError && error.code === 'shipment_not_found' && s.recorder.active) this.cache.writes.deleteShipment(token);
        if (!cacheWillDo(error)) throw error;
      }
    }
    const cached = this.cache.reads.shipment(token);
    if (!cached) throw failure('not_in_cache', 'This shipment is not in the offline cache, and the service cannot be reached to read it.');
    return cached;
  }

  async list(input: ParsedInput<'shipments.list'>): Promise<Output<'shipments.list'>> {
    const filter = input ?? {};
    if (filter.order !== undefined || filter.search !== undefined) return this.#sortedList(filter);
    const match = { ...(filter.status ? { status: filter.status } : {}), ...(filter.reference ? { reference: filter.reference } : {}) };
    const page = await listServiceFirst({
      connection: this.connection(),
      cursor: filter.cursor,
      limit: filter.limit,
      fromService: async (c, paging) => {
        const answer = await c.api.listShipments({ ...paging, ...match });
        return { items: c.recorder.shipments(answer.body.data), nextCursor: answer.body.next_cursor ?? null };
      },
      fromCache: (paging) => this.cache.reads.shipments({ ...match, ...paging }),
    });
    return { shipments: page.items, nextCursor: page.nextCursor, source: page.source };
  }

  /**
   * Newest first, or a reference found by any part of it: the service cannot do either, so its
   * list is read whole into the cache on a first page (online), and every page comes from there.
   * Offline, from the copies already cached.
   */
  async #sortedList(filter: NonNullable<ParsedInput<'shipments.list'>>): Promise<Output<'shipments.list'>> {
    const limit = filter.limit ?? DEFAULT_PAGE;
    const offset = cacheOffset(filter.cursor) ?? 0;
    const c = this.connection();
    let source: 'service' | 'cache' = 'cache';
    if (c?.online) {
      try {
        const fresh = this.#wholeList?.of === c && Date.now() - this.#wholeList.at < MIRROR_FRESH_MS;
        if (offset === 0 && !fresh) await this.#readWholeList(c);
        source = 'service';
      } catch (error) {
        if (!cacheWillDo(error)) throw error;
      }
    }
    const page = this.#lists.page({
      ...(filter.status ? { status: filter.status } : {}),
      ...(filter.search ? { reference: filter.search } : {}),
      order: filter.order ?? 'oldest',
      offset,
      limit: limit + 1,
    });
    const shipments = page.slice(0, limit).map((s) => (source === 'service' ? { ...s, source } : s));
    return { shipments, nextCursor: page.length > limit ? cacheCursor(offset + limit) : null, source };
  }

  async #readWholeList(c: ServiceConnection): Promise<void> {
    const listed = new Set<string>();
    let cursor: string | null = null;
    for (let n = 0; n < MIRROR_PAGES; n++) {
      const answer = await c.api.listShipments({ limit: MIRROR_PAGE, ...(cursor ? { cursor } : {}) });
      for (const s of c.recorder.shipments(answer.body.data)) listed.add(s.token);
      cursor = answer.body.next_cursor ?? null;
      if (!cursor) {
        // The whole list: a cached copy it no longer holds was deleted elsewhere.
        if (c.recorder.active) this.#lists.keepOnly(listed);
        break;
      }
    }
    this.#wholeList = { at: Date.now(), of: c };
  }

  /** The draft's clientRequestId is the Idempotency-Key: submitting the same form twice creates one shipment. */
  async create(draft: ShipmentDraft): Promise<Shipment> {
    const s = requireOnline(this.connection());
    const answer = await s.api.createShipment(toCreateShipmentRequest(draft), draft.clientRequestId);
    return s.recorder.shipment(answer.body);
  }

  async cancel(token: string): Promise<Shipment> {
    const s = requireOnline(this.connection());
    const answer = await s.api.cancelShipment(token);
    return s.recorder.shipment(answer.body);
  }

  async delete(token: string): Promise<Output<'shipments.delete'>> {
    const s = requireOnline(this.connection());
    const answer = await s.api.deleteShipment(token);
    // Like every write of an answer: not into a cache that another account took over meanwhile.
    if (s.recorder.active) this.cache.writes.deleteShipment(token);
    return { token: answer.body.token, deleted: true };
  }

  async greenIndex(input: GreenIndexInputRecord): Promise<Output<'shipments.greenIndex'>> {
    const s = requireOnline(this.connection());
    return toGreenIndex((await s.api.greenIndex(toGreenIndexRequest(input))).body);
  }

  async transitTime(input: TransitTimeInputRecord): Promise<Output<'shipments.transitTime'>> {
    const s = requireOnline(this.connection());
    return toTransitTime((await s.api.transitTime(toTransitTimeRequest(input))).body);
  }
}
