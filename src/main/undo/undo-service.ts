import type { CatalogCache } from '../kernel/cache';
import { outcomeUnknownFailure, type Outbox } from '../outbox';
import { signNote } from '../workers';
import type { UndoResult } from '../../shared/ipc/desk-work-records';
import { failure } from '../../shared/ipc/result';
import type { UndoStore } from './undo-store';

export interface UndoDeps {
  cache: CatalogCache & { readonly undos: UndoStore };
  /** The signed-in account's outbox (throws `not_signed_in` signed out). */
  outbox: () => Pick<Outbox, 'get' | 'discard' | 'enqueue' | 'transaction'>;
  worker: () => string | null;
  /**
   * The transfer an entry is a leg of, or null (the composition hands in the transfer
   * capability's): a leg is never undone alone, which would create or destroy stock.
   */
  transferOf?: (id: string) => string | null;
  now?: () => Date;
}

/**
 * Undo of one adjustment. Never sent, it is withdrawn from the outbox: discarded, so it is never
 * sent and stays in the history. Sent without a verdict (its answer lost, uncertain, being sent),
 * it is neither: the service may have applied it, so it is refused (`outcome_unknown`) until the
 * service's answer to its key or the worker's decision settles it. Applied, the service cannot forget it: a reversing adjustment
 * (the same SKU, warehouse and reason, the opposite quantity) is queued, linked to it, and goes
 * through the outbox like any adjustment, exactly once. An adjustment is undone at most once,
 * and an undo is not undone (adjusting again says what is meant).
 */
export class UndoService {
  readonly #deps: UndoDeps;
  readonly #now: () => Date;

  constructor(deps: UndoDeps) {
    this.#deps = deps;
    this.#now = deps.now ?? (() => new Date());
  }

  undo(id: string): UndoResult {
    const outbox = this.#deps.outbox();
    const entry = outbox.get(id);
    const { undos } = this.#deps.cache;
    if (undos.isUndo(id)) throw failure('undo_not_possible', 'This is already an undo. To change the stock again, make a new adjustment.', { reason: 'is_undo' });
    if (undos.undoOf(id) !== null) throw failure('already_undone', 'This adjustment has already been undone.');
    const transfer = this.#deps.transferOf?.(id) ?? null;
    if (transfer !== null) throw failure('transfer_leg', `This adjustment is a leg of transfer ${transfer}: undo the transfer, so that no stock is created or destroyed.`);
    switch (entry.state) {
      case 'queued':
        if (entry.firstSentAt !== null) throw outcomeUnknownFailure(entry);
        return { action: 'withdrawn', entry: outbox.discard(id) };
      case 'sending':
      case 'uncertain':
        throw outcomeUnknownFailure(entry);
      case 'rejected':
        if (entry.lastError?.code === 'unexpected_response') throw outcomeUnknownFailure(entry);
        throw failure('undo_not_possible', 'This adjustment was refused by the service: it changed nothing, so there is nothing to undo.', { reason: 'rejected' });
      case 'discarded':
        throw failure('undo_not_possible', 'This adjustment was discarded: it changed nothing, so there is nothing to undo.', { reason: 'discarded' });
      case 'applied':
        break;
      default: {
        const unknown: never = entry.state;
        throw new Error(`undo of an adjustment in state ${String(unknown)}`);
      }
    }
    const reference = entry.applied ? `adjustment ${entry.applied.adjustmentId}` : 'an earlier adjustment';
    const note = signNote(`Undo of ${reference}`, this.#deps.worker());
    // The reversal and its link commit together, durably: a crash or a power cut leaves both or neither.
    const reversal = outbox.transaction(() => {
      const queued = outbox.enqueue({ sku: entry.sku, warehouseId: entry.warehouseId, delta: -entry.delta, reason: entry.reason, ...(note ? { note } : {}) });
      undos.link(queued.id, entry.id, this.#now().toISOString());
      return queued;
    });
    return { action: 'reversed', original: entry, reversal };
  }
}
