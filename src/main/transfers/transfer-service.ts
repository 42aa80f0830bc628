import { randomBytes } from 'node:crypto';
import type { CatalogCache } from '../kernel/cache';
import type { Outbox } from '../outbox';
import { signNote } from '../workers';
import type { Transfer, TransferInput, TransferState } from '../../shared/ipc/desk-work-records';
import type { OutboxEntry } from '../../shared/ipc/records';
import { failure } from '../../shared/ipc/result';
import type { TransferRow, TransferStore } from './transfer-store';

/** The signed-in account's part a transfer needs. */
export interface TransferAccount {
  readonly accountKey: string;
  readonly outbox: Pick<Outbox, 'enqueue' | 'get' | 'transaction'>;
}

export interface TransferDeps {
  cache: CatalogCache & { readonly transfers: TransferStore };
  /** Throws `not_signed_in` signed out. */
  account: () => TransferAccount;
  /** Null signed out: nothing to reconcile. */
  currentAccount: () => TransferAccount | null;
  worker: () => string | null;
  warehouseCode: (id: string) => string;
  now?: () => Date;
}

const newTransferId = (): string => `trf_${randomBytes(8).toString('hex')}`;

/**
 * A transfer between warehouses as two linked adjustments through the outbox, each exactly once.
 * The out leg is queued first; the in leg only once the out leg is applied, so a refusal of the
 * out leg (not enough stock) moves nothing. A refused in leg leaves the stock out of the source
 * and not in the destination: the transfer says so, and what to do, until the worker acts.
 */
export class TransferService {
  readonly #deps: TransferDeps;
  readonly #now: () => Date;
  #advancing = false;

  constructor(deps: TransferDeps) {
    this.#deps = deps;
    this.#now = deps.now ?? (() => new Date());
  }

  create(input: TransferInput): Transfer {
    const account = this.#deps.account();
    const { cache } = this.#deps;
    if (cache.reads.warehouses().length > 0) {
      for (const [field, id] of [['fromWarehouseId', input.fromWarehouseId], ['toWarehouseId', input.toWarehouseId]] as const) {
        if (!cache.reads.hasWarehouse(id)) throw failure('invalid_argument', 'There is no such warehouse.', { details: [{ field, problem: 'is not one of the warehouses' }] });
      }
    }
    const id = newTransferId();
    const worker = this.#deps.worker();
    const note = signNote(`Transfer ${id}: out to ${this.#deps.warehouseCode(input.toWarehouseId)}`, worker);
    // The out leg and the transfer commit together, durably: a crash or a power cut leaves both or neither.
    account.outbox.transaction(() => {
      const out = account.outbox.enqueue({ sku: input.sku, warehouseId: input.fromWarehouseId, delta: -input.quantity, reason: 'other', ...(note ? { note } : {}) });
      cache.transfers.insert({
        id,
        account: account.accountKey,
        sku: input.sku,
        from_warehouse: input.fromWarehouseId,
        to_warehouse: input.toWarehouseId,
        quantity: input.quantity,
        worker,
        out_id: out.id,
        in_id: null,
        created_at: this.#now().toISOString(),
      });
    });
    return this.#view(account, cache.transfers.get(id)!);
  }

  list(limit = 50): Transfer[] {
    const account = this.#deps.currentAccount();
    if (!account) return [];
    return this.#deps.cache.transfers.list(account.accountKey, limit).map((row) => this.#view(account, row));
  }

  /**
   * Queues the in leg of every transfer whose out leg is applied. Run on every outbox change and
   * at sign-in, so an out leg applied just before a crash still gets its in leg, once.
   */
  advance(): void {
    // Queuing a leg announces it, which calls this again: the run in progress covers that.
    if (this.#advancing) return;
    const account = this.#deps.currentAccount();
    if (!account) return;
    this.#advancing = true;
    try {
      this.#advanceFor(account);
    } finally {
      this.#advancing = false;
    }
  }

  #advanceFor(account: TransferAccount): void {
    const { cache } = this.#deps;
    for (const row of cache.transfers.waitingForInLeg(account.accountKey)) {
      if (account.outbox.get(row.out_id).state !== 'applied') continue;
      const note = signNote(`Transfer ${row.id}: in from ${this.#deps.warehouseCode(row.from_warehouse)}`, row.worker);
      account.outbox.transaction(() => {
        const leg = account.outbox.enqueue({ sku: row.sku, warehouseId: row.to_warehouse, delta: row.quantity, reason: 'other', ...(note ? { note } : {}) });
        if (!cache.transfers.setInLeg(row.id, leg.id)) throw new Error(`transfer ${row.id} got its in leg twice`);
      });
    }
  }

  #view(account: TransferAccount, row: TransferRow): Transfer {
    const out = account.outbox.get(row.out_id);
    const inLeg = row.in_id ? account.outbox.get(row.in_id) : null;
    const { state, advice } = this.#judge(row, out, inLeg);
    return {
      id: row.id,
      sku: row.sku,
      fromWarehouseId: row.from_warehouse,
      toWarehouseId: row.to_warehouse,
      quantity: row.quantity,
      worker: row.worker,
      createdAt: row.created_at,
      state,
      out,
      in: inLeg,
      advice,
    };
  }

  #judge(row: TransferRow, out: OutboxEntry, inLeg: OutboxEntry | null): { state: TransferState; advice: string | null } {
    const from = this.#deps.warehouseCode(row.from_warehouse);
    const to = this.#deps.warehouseCode(row.to_warehouse);
    if (out.state === 'rejected') {
      const why = out.lastError?.code === 'insufficient_stock' ? ' (it does not hold that many)' : out.lastError ? ` (${out.lastError.message})` : '';
      return { state: 'out_refused', advice: `Nothing was moved: ${from} refused giving ${row.quantity}${why}. Retry the transfer's out leg in the outbox once the stock is there, or discard it.` };
    }
    if (out.state === 'discarded') return { state: 'cancelled', advice: null };
    if (inLeg?.state === 'applied') return { state: 'done', advice: null };
    if (inLeg?.state === 'rejected' || inLeg?.state === 'discarded') {
      const why = inLeg.lastError ? ` (${inLeg.lastError.message})` : '';
      return {
        state: 'in_refused',
        advice: `${row.quantity} left ${from} but ${to} did not take them${why}. Retry the in leg in the outbox, or undo the out leg to put them back in ${from}.`,
      };
    }
    return { state: 'pending', advice: null };
  }
}
