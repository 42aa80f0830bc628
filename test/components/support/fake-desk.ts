import { CHANNEL_NAMES, type Channel, type EventName, type EventPayload, type Input, type Output } from '../../../src/shared/ipc/contract';
import type { DeskApi } from '../../../src/shared/ipc/desk-api';
import type { AccountStatus, Connectivity, OutboxEntry, Settings, Stock, SyncStatus, Warehouse } from '../../../src/shared/ipc/records';
import type { LabelPreview, LabelSize } from '../../../src/shared/ipc/label-records';
import type { Result } from '../../../src/shared/ipc/result';

/**
 * An in-memory window.desk for component tests: typed handlers per channel (defaults answer like
 * a small demo desk), every call recorded, events emitted by the test. Not the real main process:
 * the e2e tests cover that through the harness.
 */
type Handler<C extends Channel> = (input: Input<C>) => Promise<Result<Output<C>>> | Result<Output<C>>;
export type Handlers = { [C in Channel]?: Handler<C> };

export interface FakeDesk {
  desk: DeskApi;
  calls: { channel: Channel; input: unknown }[];
  handlers: Handlers;
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void;
  install(): () => void;
}

const at = '2026-03-12T14:32:00.000Z';
export const WAREHOUSES: Warehouse[] = [
  { id: 'wh-main', code: 'MAIN', name: 'Main hall', address: null, confirmedAt: at },
  { id: 'wh-north', code: 'NRTH', name: 'North annex', address: null, confirmedAt: at },
];

export function stockOf(sku: string, overrides: Partial<Stock> = {}): Stock {
  return {
    sku,
    name: 'Pallet wrap film 500 mm',
    barcodes: ['4006381333931'],
    levels: [
      { warehouseId: 'wh-main', onHand: 1240, reserved: 40, available: 1200 },
      { warehouseId: 'wh-north', onHand: 86, reserved: 0, available: 86 },
    ],
    totals: { onHand: 1326, reserved: 40, available: 1286 },
    version: 3,
    updatedAt: at,
    confirmedAt: at,
    source: 'cache',
    ...overrides,
  };
}

export const SETTINGS: Settings = { scanner: { maxInterKeyMs: 50, minLength: 4, prefix: '', suffix: 'Enter' }, soundsMuted: true, confirmAdjustmentsFrom: 50, journalRetentionDays: 90, labelPrinter: { silent: false, deviceName: null }, deskWarehouseId: null, language: 'en', defaultAdjustKind: 'add', deskName: null };
export const DEMO_ACCOUNT: AccountStatus = { mode: 'demo', baseUrl: 'http://127.0.0.1:4100', clientId: 'desk-demo', keychain: 'available' };
export const ONLINE: Connectivity = { online: true, since: at, lastError: null };
export const SYNCED: SyncStatus = { state: 'idle', phase: null, done: 0, lastSyncedAt: at, lastError: null };

export function entryOf(overrides: Partial<OutboxEntry> = {}): OutboxEntry {
  return {
    id: 'ob-1',
    sku: 'SKU-00042',
    warehouseId: 'wh-main',
    delta: -5,
    reason: 'damaged',
    note: null,
    state: 'queued',
    attempts: 0,
    createdAt: at,
    updatedAt: at,
    applied: null,
    lastError: null,
    firstSentAt: null,
    uncertain: null,
    seen: false,
    ...overrides,
  };
}

const ok = <T>(value: T): Result<T> => ({ ok: true, value });

/** A blank label of the size asked for: the print dialog's preview, where a test does not give a real one. */
function blankPreview(size: LabelSize): LabelPreview {
  const [widthMm, heightMm] = size === 'a4' ? [70, 37] : size.split('x').map(Number);
  const w = widthMm ?? 0;
  const h = heightMm ?? 0;
  return { size, widthMm: w, heightMm: h, svg: `<svg xmlns="http://www.w3.org/2000/svg" width="${w}mm" height="${h}mm" viewBox="0 0 ${w} ${h}"><rect width="${w}" height="${h}" fill="#fff"/></svg>` };
}

export function createFakeDesk(overrides: Handlers = {}): FakeDesk {
  const calls: FakeDesk['calls'] = [];
  const listeners = new Map<string, Set<(p: unknown) => void>>();
  const handlers: Handlers = {
    'app.info': () => ok({ version: '0.1.0', demo: true, notices: [] }),
    'account.status': () => ok(DEMO_ACCOUNT),
    'settings.get': () => ok(structuredClone(SETTINGS)),
    'settings.update': (patch) => ok({ ...SETTINGS, ...patch, scanner: { ...SETTINGS.scanner, ...patch.scanner } } as Settings),
    'account.connectivity': () => ok(ONLINE),
    'labels.printers': () => ok([]),
    'labels.preview': ({ size }) => ok(blankPreview(size)),
    'printers.setup': () => ok({ profiles: [], routes: {} }),
    'printers.jobs': () => ok([]),
    'sync.status': () => ok(SYNCED),
    'sync.now': () => ok({ ...SYNCED, state: 'running', phase: 'stock', done: 0 }),
    'warehouses.list': () => ok(WAREHOUSES),
    'outbox.list': () => ok({ entries: [], counts: { queued: 0, sending: 0, applied: 0, rejected: 0, discarded: 0, uncertain: 0, rejectedSeen: 0, toCheck: 0 }, nextBefore: null }),
    'stock.lookup': ({ code }) =>
      code.startsWith('SKU-') || code === '4006381333931'
        ? ok({ kind: 'stock', code, matchedBy: code.startsWith('SKU-') ? 'sku' : 'gtin', stock: stockOf(code.startsWith('SKU-') ? code : 'SKU-00042'), refreshing: false })
        : ok({ kind: 'not_found', code, searched: 'service' }),
    'workers.list': () => ok({ workers: [], current: null }),
    'outbox.links': () => ok([]),
    'outbox.toCheck': () => ok([]),
    'transfers.list': () => ok([]),
    'stock.adjust': (input) => ok(entryOf({ id: `ob-${calls.length}`, sku: input.sku, warehouseId: input.warehouseId, delta: input.delta, reason: input.reason, note: input.note ?? null })),
    ...overrides,
  };
  const api: Record<string, Record<string, (input?: unknown) => Promise<unknown>>> = {};
  for (const channel of CHANNEL_NAMES) {
    const [domain, method] = channel.split('.') as [string, string];
    (api[domain] ??= {})[method] = async (input?: unknown) => {
      calls.push({ channel, input });
      const handler = handlers[channel] as ((i: unknown) => unknown) | undefined;
      if (!handler) return { ok: false, error: { code: 'internal_error', message: `fake desk: no handler for ${channel}` } };
      return await handler(input);
    };
  }
  const desk = {
    ...api,
    on: (event: string, listener: (p: unknown) => void) => {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener);
      return () => set.delete(listener);
    },
  } as unknown as DeskApi;
  return {
    desk,
    calls,
    handlers,
    emit(event, payload) {
      for (const l of listeners.get(event) ?? []) l(payload);
    },
    install() {
      Object.defineProperty(window, 'desk', { value: desk, configurable: true, writable: true });
      return () => {
        Reflect.deleteProperty(window, 'desk');
      };
    },
  };
}
