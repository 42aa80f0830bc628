import type { Shipment, ShipmentStatus } from '../../../../shared/ipc/records';
import type { DeskError } from '../../../../shared/ipc/result';
import { call } from '../../state/desk';

/**
 * The shipments list (desk.shipments.list): newest or oldest first, status and reference (any part of it) filters, cursor paging
 * ("Load more"), and where the page came from (the service, or the cache when offline). Held by
 * the screen, so opening a shipment and coming back keeps what was loaded.
 */
export class ShipmentListState {
  readonly pageSize: number;
  status = $state<ShipmentStatus | ''>('');
  /** Any part of a reference, any case. */
  reference = $state('');
  order = $state<'newest' | 'oldest'>('newest');
  items = $state<Shipment[]>([]);
  nextCursor = $state<string | null>(null);
  source = $state<'service' | 'cache' | null>(null);
  error = $state<DeskError | null>(null);
  loading = $state(false);
  loaded = $state(false);
  /** Only the answer to the latest request counts (filters change faster than answers come). */
  #generation = 0;

  constructor(pageSize = 25) {
    this.pageSize = pageSize;
  }

  async load(append = false): Promise<void> {
    const generation = ++this.#generation;
    const status = this.status;
    const reference = this.reference.trim();
    const order = this.order;
    const cursor = append ? this.nextCursor : null;
    this.loading = true;
    const r = await call((d) =>
      d.shipments.list({ ...(status ? { status } : {}), ...(reference ? { search: reference } : {}), order, ...(cursor ? { cursor } : {}), limit: this.pageSize }),
    );
    if (generation !== this.#generation) return;
    this.loading = false;
    if (!r.ok) {
      this.error = r.error;
      return;
    }
    this.error = null;
    this.loaded = true;
    // A page may repeat a record that changed meanwhile; the newest copy wins, the order stays.
    const incoming = r.value.shipments;
    if (append) {
      const known = incoming.map((s) => s.token);
      this.items = [...this.items.filter((s) => !known.includes(s.token)), ...incoming];
    } else this.items = incoming;
    this.nextCursor = r.value.nextCursor;
    this.source = r.value.source;
  }

  /** A newer copy of one shipment (after a read or a cancel). */
  replace(s: Shipment): void {
    this.items = this.items.map((x) => (x.token === s.token ? s : x));
  }

  add(s: Shipment): void {
    this.items = [s, ...this.items.filter((x) => x.token !== s.token)];
  }

  remove(token: string): void {
    this.items = this.items.filter((x) => x.token !== token);
  }
}
