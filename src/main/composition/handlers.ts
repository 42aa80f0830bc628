import { APP_VERSION } from '../kernel/api';
import type { Cache } from './open-cache';
import type { EventHub } from '../kernel/ipc/event-hub';
import type { Handlers } from '../kernel/ipc/router';
import { hasValidCheckDigit, isGtinShaped, toGtin14 } from '../../shared/gtin';
import type { SettingsStore } from '../settings/settings-store';
import type { Output, ParsedInput } from '../../shared/ipc/contract';
import { failure } from '../../shared/ipc/result';
import type { AccountService } from '../account/account-service';
import type { NoticeBoard } from '../kernel/notice-board';
import { cacheCursor, cacheOffset, cacheWillDo, isCacheCursor, requireSession } from '../kernel/service-or-cache';
import { ShipmentService } from '../shipments/shipment-service';

export interface HandlerContext {
  cache: Cache;
  events: EventHub;
  notices: NoticeBoard;
  settings: SettingsStore;
  accounts: AccountService;
}

/** How long `stock.adjust` waits for the service's verdict before answering with the queued entry. */
const ADJUST_ANSWER_WAIT_MS = 2_500;
const DEFAULT_PAGE = 50;

/** One handler per channel of the contract (src/shared/ipc/contract.ts); arguments arrive parsed. */
export function createHandlers(ctx: HandlerContext): Handlers {
  const { cache, notices, settings, accounts } = ctx;
  const session = () => accounts.session;
  const shipments = new ShipmentService(cache, session);


  async function listProducts(input: ParsedInput<'products.list'>): Promise<Output<'products.list'>> {
    const filter = input ?? {};
    let gtin14: string | undefined;
    if (filter.barcode !== undefined) {
      if (!isGtinShaped(filter.barcode) || !hasValidCheckDigit(filter.barcode)) {
        throw failure('invalid_argument', 'The barcode filter must be a GTIN-8, -12, -13 or -14 with a valid check digit.');
      }
      gtin14 = toGtin14(filter.barcode);
    }
    const s = session();
    if (s?.online && !isCacheCursor(filter.cursor)) {
      try {
        const answer = await s.api.listProducts({
          limit: filter.limit ?? DEFAULT_PAGE,
          ...(filter.cursor ? { cursor: filter.cursor } : {}),
          ...(filter.skuPrefix ? { sku_prefix: filter.skuPrefix } : {}),
          ...(gtin14 ? { barcode: gtin14 } : {}),
        });
        return { products: s.recorder.products(answer.body.data), nextCursor: answer.body.next_cursor ?? null, source: 'service' };
      } catch (error) {
        if (!cacheWillDo(error)) throw error;
      }
    }
    const offset = cacheOffset(filter.cursor);
    if (offset === null) throw failure('offline', 'The service cannot be reached to read the next page. The offline cache starts again from the first page.');
    const limit = filter.limit ?? DEFAULT_PAGE;
    const page = cache.reads.products({ ...(filter.skuPrefix ? { skuPrefix: filter.skuPrefix } : {}), ...(gtin14 ? { gtin14 } : {}), offset, limit: limit + 1 });
    return { products: page.slice(0, limit), nextCursor: page.length > limit ? cacheCursor(offset + limit) : null, source: 'cache' };
  }

  return {
    'app.info': () => ({ version: APP_VERSION, demo: accounts.status().mode === 'demo', notices: notices.list() }),

    'account.status': () => accounts.status(),
    'account.signIn': (input) => accounts.signIn(input),
    'account.signOut': () => accounts.signOut(),
    'account.startDemo': () => accounts.startDemo(),

    'settings.get': () => settings.preferences,
    'settings.update': (patch) => settings.update(patch),

    'stock.lookup': async ({ code }) => {
      const s = session();
      if (s) return s.lookup.lookup(code);
      // Signed out there is no service, and the cache was cleared with the account.
      return { kind: 'not_found', code: code.trim(), searched: 'cache' };
    },
    'stock.search': (input) => cache.search.search(input),
    'stock.adjust': async (input) => {
      const s = requireSession(session());
      if (cache.reads.warehouses().length > 0 && !cache.reads.hasWarehouse(input.warehouseId)) {
        throw failure('invalid_argument', 'There is no such warehouse.', { details: [{ field: 'warehouseId', problem: 'is not one of the warehouses' }] });
      }
      const entry = s.outbox.enqueue(input);
      // Online, the answer usually comes within a moment: give the worker the verdict directly.
      return s.online ? s.outbox.settled(entry.id, ADJUST_ANSWER_WAIT_MS) : entry;
    },

    'outbox.list': (input) => {
      const s = session();
      const filter = input ?? {};
      if (!s) return { entries: [], counts: { queued: 0, sending: 0, applied: 0, rejected: 0, discarded: 0 }, nextBefore: null };
      return s.outbox.list({
        ...(filter.states ? { states: filter.states } : {}),
        ...(filter.sku ? { sku: filter.sku } : {}),
        ...(filter.before ? { before: filter.before } : {}),
        ...(filter.limit ? { limit: filter.limit } : {}),
      });
    },
    'outbox.retry': ({ id }) => {
      const s = session();
      if (!s) throw failure('outbox_entry_not_found', 'No such adjustment.');
      return s.outbox.retry(id);
    },
    'outbox.discard': ({ id }) => {
      const s = session();
      if (!s) throw failure('outbox_entry_not_found', 'No such adjustment.');
      return s.outbox.discard(id);
    },

    'shipments.list': (input) => shipments.list(input),
    'shipments.read': ({ token }) => shipments.read(token),
    'shipments.create': (draft) => shipments.create(draft),
    'shipments.cancel': ({ token }) => shipments.cancel(token),
    'shipments.delete': ({ token }) => shipments.delete(token),
    'shipments.greenIndex': (input) => shipments.greenIndex(input),
    'shipments.transitTime': (input) => shipments.transitTime(input),

    'products.list': (input) => listProducts(input),
    'warehouses.list': () => cache.reads.warehouses(),

    'sync.now': () => requireSession(session()).sync.run(),
    'sync.status': () => accounts.syncStatus(),

    'connectivity.status': () => accounts.connectivity(),
  };
}
