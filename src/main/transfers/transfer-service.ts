import { randomBytes } from 'node:crypto';
import type { CatalogCache } from '../kernel/cache';
import { outcomeUnknownFailure, type Outbox } from '../outbox';
import { signNote } from '../workers';
import type { Transfer, TransferAdvice, TransferInput, TransferState } from '../../shared/ipc/desk-work-records';
import type { OutboxEntry } from '../../shared/ipc/records';
import { failure } from '../../shared/ipc/result';
import { outcomeUnknown } from '../../shared/outbox-outcome';
import type { TransferRow, TransferStore } from './transfer-store';

/** The signed-in account's part a transfer needs. */
export interface TransferAccount {
  readonly accountKey: string;
  readonly outbox: Pick<Outbox, 'enqueue' | 'get' | 'transaction' | 'discard'>;
}

/** The undo links beside the outbox (the undo capability's table), as a transfer's undo needs them. */
export interface TransferUndoLinks {
  link(undoId: string, originalId: string, at: string): boolean;
  undoOf(originalId: string): string | null;
}

export interface TransferDeps {
  cache: CatalogCache & { readonly transfers: TransferStore; readonly undos: TransferUndoLinks };
  /** Throws `not_signed_in` signed out. */
  account: () => TransferAccount;
  /** Null signed out: nothing to reconcile. */
  currentAccount: () => TransferAccount | null;
  worker: () => string | null;
  warehouseCode: (id: string) => string;
  now?: () => Date;
}

const newTransferId = (): string => `trf_${randomBytes(8).toString('hex')}`;

interface NewTransfer {
  sku: string;
  from: string;
  to: string;
  quantity: number;
  reverses: string | null;
}

/**
 * A transfer between warehouses as two linked adjustments through the outbox, each exactly once.
 * The out leg is queued first; the in leg only once the out leg is applied, so a refusal of the
 * out leg (not enough stock) moves nothing. A refused in leg leaves the stock out of the source
 * and not in the destination: the transfer says so, and what to do, until the worker acts.
 *
 * Undo takes the whole transfer, never a lone leg (which would create or destroy stock): nothing
 * sent yet, the out leg is withdrawn; the out leg applied and the in leg not, the in leg is
 * withdrawn (if queued) and the stock put back into the source by one adjustment linked to the
 * out leg; both applied, a transfer back (out of the destination, then into the source) is
 * queued, linked to this one. A leg whose outcome is unknown (sent without an answer, uncertain)
 * blocks the undo until it is settled.
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
        if (!cache.reads.hasWarehouse(id)) throw failure('invalid_argument', 'There is no such warehouse.', { reason: 'unknown_warehouse', details: [{ field, problem: 'is not one of the warehouses' }] });
      }
    }
    // The out leg and the transfer commit together, durably: a crash or a power cut leaves both or neither.
    const id = account.outbox.transaction(() =>
      this.#insert(account, { sku: input.sku, from: input.fromWarehouseId, to: input.toWarehouseId, quantity: input.quantity, reverses: null }),
    );
    return this.#view(account, cache.transfers.get(id)!);
  }

  list(limit = 50): Transfer[] {
    const account = this.#deps.currentAccount();
    if (!account) return [];
    return this.#deps.cache.transfers.list(account.accountKey, limit).map((row) => this.#view(account, row));
  }

  /** The transfers these outbox entries are legs of (each once). */
  ofEntries(ids: readonly string[]): Transfer[] {
    const account = this.#deps.currentAccount();
    if (!account) return [];
    return this.#deps.cache.transfers.ofLegs(account.accountKey, ids).map((row) => this.#view(account, row));
  }

  /** The transfer outbox entry `entryId` is a leg of, or null. */
  legOf(entryId: string): string | null {
    return this.#deps.cache.transfers.ofLeg(entryId)?.id ?? null;
  }

  undo(id: string): Transfer {
    const account = this.#deps.account();
    const { cache } = this.#deps;
    const row = cache.transfers.get(id);
    if (!row || row.account !== account.accountKey) throw failure('transfer_not_found', 'No such transfer.');
    if (row.reverses !== null) throw failure('undo_not_possible', 'This transfer is itself an undo. To move the stock again, make a new transfer.');
    if (row.undone_at !== null) throw failure('already_undone', 'This transfer has already been undone.');
    const out = account.outbox.get(row.out_id);
    const inLeg = row.in_id ? account.outbox.get(row.in_id) : null;
    for (const leg of [out, inLeg]) if (leg && outcomeUnknown(leg)) throw outcomeUnknownFailure(leg);
    if (out.state === 'rejected' || out.state === 'discarded') throw failure('undo_not_possible', 'Nothing was moved by this transfer, so there is nothing to undo.');
    const at = this.#stamp();
    account.outbox.transaction(() => {
      if (!cache.transfers.markUndone(row.id, at)) throw failure('already_undone', 'This transfer has already been undone.');
      if (out.state === 'queued') {
        // Never sent: withdrawn, nothing moved.
        account.outbox.discard(out.id);
      } else if (inLeg?.state === 'applied') {
        // Both legs applied: the stock moves back the same way, out of the destination first.
        this.#insert(account, { sku: row.sku, from: row.to_warehouse, to: row.from_warehouse, quantity: row.quantity, reverses: row.id });
      } else {
        // Out of the source, not into the destination (the in leg not yet sent, refused or dropped):
        // the in leg never goes (a refused one is discarded, so no later Retry books it in after
        // all), and the stock goes back into the source, linked to the out leg.
        if (inLeg?.state === 'queued' || inLeg?.state === 'rejected') account.outbox.discard(inLeg.id);
        const note = signNote(`Undo of transfer ${row.id}: back into ${this.#deps.warehouseCode(row.from_warehouse)}`, this.#deps.worker());
        const back = account.outbox.enqueue({ sku: row.sku, warehouseId: row.from_warehouse, delta: row.quantity, reason: 'other', ...(note ? { note } : {}) });
        if (!cache.undos.link(back.id, out.id, at)) throw failure('already_undone', 'The out leg of this transfer has already been undone.');
      }
    });
    return this.#view(account, cache.transfers.get(row.id)!);
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
      const what = row.reverses ? `Undo of transfer ${row.reverses}, as transfer ${row.id}` : `Transfer ${row.id}`;
      const note = signNote(`${what}: in from ${this.#deps.warehouseCode(row.from_warehouse)}`, row.worker);
      account.outbox.transaction(() => {
        const leg = account.outbox.enqueue({ sku: row.sku, warehouseId: row.to_warehouse, delta: row.quantity, reason: 'other', ...(note ? { note } : {}) });
        if (!cache.transfers.setInLeg(row.id, leg.id)) throw new Error(`transfer ${row.id} got its in leg twice`);
      });
    }
  }

  /** The transfer row and its out leg; inside the caller's outbox transaction. */
  #insert(account: TransferAccount, t: NewTransfer): string {
    const id = newTransferId();
    const worker = this.#deps.worker();
    const what = t.reverses ? `Undo of transfer ${t.reverses}, as transfer ${id}` : `Transfer ${id}`;
    const note = signNote(`${what}: out to ${this.#deps.warehouseCode(t.to)}`, worker);
    const out = account.outbox.enqueue({ sku: t.sku, warehouseId: t.from, delta: -t.quantity, reason: 'other', ...(note ? { note } : {}) });
    this.#deps.cache.transfers.insert({
      id,
      account: account.accountKey,
      sku: t.sku,
      from_warehouse: t.from,
      to_warehouse: t.to,
      quantity: t.quantity,
      worker,
      out_id: out.id,
      in_id: null,
      created_at: this.#stamp(),
      reverses: t.reverses,
    });
    return id;
  }

  #view(account: TransferAccount, row: TransferRow): Transfer {
    const out = account.outbox.get(row.out_id);
    const inLeg = row.in_id ? account.outbox.get(row.in_id) : null;
    const back = row.undone_at ? this.#deps.cache.transfers.reversalOf(row.id) : null;
    const undoneBy = back?.id ?? null;
    const reversal = row.undone_at && !back ? this.#reversalEntry(account, row) : null;
    const { state, advice: own } = this.#judge(out, inLeg, reversal, row.undone_at !== null);
    // Undone by a transfer back: while that one is stuck, this one says so.
    const advice = back && this.#view(account, back).advice !== null ? 'undo_stuck' : own;
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
      reverses: row.reverses,
      undoneBy,
      reversal,
    };
  }

  /** The adjustment putting the stock back into the source: the undo linked to the out leg. */
  #reversalEntry(account: TransferAccount, row: TransferRow): OutboxEntry | null {
    const undoId = this.#deps.cache.undos.undoOf(row.out_id);
    return undoId ? account.outbox.get(undoId) : null;
  }

  #judge(out: OutboxEntry, inLeg: OutboxEntry | null, reversal: OutboxEntry | null, undone: boolean): { state: TransferState; advice: TransferAdvice | null } {
    if (undone) return { state: 'undone', advice: reversal?.state === 'rejected' ? 'undo_refused' : null };
    if (out.state === 'uncertain') return { state: 'uncertain', advice: 'out_unknown' };
    if (out.state === 'rejected' && outcomeUnknown(out)) return { state: 'uncertain', advice: 'out_unreadable' };
    if (out.state === 'rejected') return { state: 'out_refused', advice: out.lastError?.code === 'insufficient_stock' ? 'out_refused_stock' : 'out_refused' };
    if (out.state === 'discarded') return { state: 'cancelled', advice: null };
    if (inLeg?.state === 'applied') return { state: 'done', advice: null };
    if (inLeg?.state === 'uncertain' || (inLeg?.state === 'rejected' && outcomeUnknown(inLeg))) return { state: 'uncertain', advice: 'in_unknown' };
    if (inLeg?.state === 'rejected' || inLeg?.state === 'discarded') return { state: 'in_refused', advice: 'in_refused' };
    return { state: 'pending', advice: null };
  }

  #stamp(): string {
    return this.#now().toISOString();
  }
}
