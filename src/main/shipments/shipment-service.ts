import { ApiError, toCreateShipmentRequest, toGreenIndex, toGreenIndexRequest, toTransitTime, toTransitTimeRequest, type GreenIndexInputRecord, type TransitTimeInputRecord } from '../kernel/api';
import type { CatalogCache } from '../kernel/cache';
import { cacheWillDo, listServiceFirst, requireOnline, type ServiceConnection } from '../kernel/service-or-cache';
import type { Output, ParsedInput } from '../../shared/ipc/contract';
import type { Shipment, ShipmentDraft } from '../../shared/ipc/records';
import { failure } from '../../shared/ipc/result';

/**
 * Shipments: read and list from the service (each one seen is cached), falling back to the cached
 * copies offline; create, cancel, delete, green index and transit time need the service.
 */
export class ShipmentService {
  constructor(
    private readonly cache: CatalogCache,
    private readonly connection: () => ServiceConnection | null,
  ) {}

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
