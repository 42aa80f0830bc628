import type Database from 'better-sqlite3';
import { shipmentFromRow, type ShipmentRow } from '../kernel/cache/rows';
import type { Shipment, ShipmentStatus } from '../../shared/ipc/records';

export interface ShipmentListQuery {
  status?: ShipmentStatus;
  /** Text anywhere in the reference, any case: "10001" and "ord-100015" find ORD-100015. */
  reference?: string;
  order: 'newest' | 'oldest';
  offset: number;
  limit: number;
}

/**
 * The shipment list as a worker reads it, from the cached copies (the service lists in creation
 * order and filters a reference only exactly): newest or oldest first, a reference found by any
 * part of it. Tokens of the cached copies, to forget the ones the service no longer lists.
 */
export class ShipmentListQueries {
  readonly #pages: Record<'newest' | 'oldest', Database.Statement>;
  readonly #tokens: Database.Statement;
  readonly #delete: Database.Statement;

  constructor(private readonly db: Database.Database) {
    const page = (dir: 'ASC' | 'DESC') =>
      db.prepare(`SELECT record_json, confirmed_at FROM shipments
        WHERE (@status IS NULL OR status = @status) AND (@reference IS NULL OR instr(lower(reference), @reference) > 0)
        ORDER BY created_at ${dir}, token ${dir} LIMIT @limit OFFSET @offset`);
    this.#pages = { newest: page('DESC'), oldest: page('ASC') };
    this.#tokens = db.prepare('SELECT token FROM shipments').pluck();
    this.#delete = db.prepare('DELETE FROM shipments WHERE token = ?');
  }

  page(q: ShipmentListQuery): Shipment[] {
    const reference = q.reference?.trim().toLowerCase() || null;
    const rows = this.#pages[q.order].all({ status: q.status ?? null, reference, limit: q.limit, offset: q.offset }) as ShipmentRow[];
    return rows.map(shipmentFromRow);
  }

  /** Drops the cached copies whose token is not in `listed` (the service's whole list, just read). */
  keepOnly(listed: ReadonlySet<string>): void {
    const gone = (this.#tokens.all() as string[]).filter((t) => !listed.has(t));
    this.db.transaction(() => gone.forEach((t) => this.#delete.run(t)))();
  }
}
