import { adjustmentParams, details, failedPart, type DeclaredChannels, type WarehouseLabel } from '../journal';
import type { ApproveAction } from '../../shared/ipc/approval-records';
import type { UndoLink, UndoResult } from '../../shared/ipc/desk-work-records';
import type { OutboxEntry } from '../../shared/ipc/records';
import type { Outbox } from './outbox';

/**
 * Undo of an adjustment, as the undo capability does it (withdraw it unsent, or queue a linked
 * reversal). Its channels are the outbox's (`outbox.undo`, `outbox.links`), so they are declared
 * here; the undo capability builds on the outbox, so it is handed in rather than imported.
 */
export interface OutboxUndo {
  undo(id: string): UndoResult;
  linksOf(ids: readonly string[]): UndoLink[];
}

export interface OutboxChannelDeps {
  /**
   * The signed-in account's outbox, or, signed out, one that belongs to nobody: it lists nothing
   * and answers every action `not_signed_in`.
   */
  outbox: () => Outbox;
  undo: OutboxUndo;
  warehouse: WarehouseLabel;
  /** A supervisor's approval, where the policy asks for one to end an uncertain adjustment unsent. */
  approve: ApproveAction;
}

type OutboxChannel = 'outbox.list' | 'outbox.retry' | 'outbox.discard' | 'outbox.resolve' | 'outbox.undo' | 'outbox.links' | 'outbox.markSeen' | 'outbox.toCheck' | 'outbox.checked';

/** What the worker does to an entry leaves a journal line; what the service then does with it is journaled from the outbox's events. */
export function outboxChannels({ outbox, undo, warehouse, approve }: OutboxChannelDeps): DeclaredChannels<OutboxChannel> {
  const adjustment = (e: Pick<OutboxEntry, 'delta' | 'warehouseId' | 'reason'>) => adjustmentParams(warehouse, e);
  const entryLine = { code: null, requestId: null } as const;
  return {
    'outbox.list': {
      handle: (input) => {
        const filter = input ?? {};
        return outbox().list({
          ...(filter.states ? { states: filter.states } : {}),
          ...(filter.sku ? { sku: filter.sku } : {}),
          ...(filter.before ? { before: filter.before } : {}),
          ...(filter.limit ? { limit: filter.limit } : {}),
        });
      },
    },
    'outbox.retry': {
      handle: ({ id }) => outbox().retry(id),
      journal: (_input, e) => ({ ...entryLine, kind: 'retry', sku: e.sku, details: details('adjustment', adjustment(e)), outcome: 'queued', ref: e.id }),
      journalFailure: (_input, thrown) => ({ kind: 'retry', code: null, sku: null, ...failedPart(thrown) }),
    },
    'outbox.discard': {
      handle: ({ id }) => outbox().discard(id),
      journal: (_input, e) => ({ ...entryLine, kind: 'discard', sku: e.sku, details: details('adjustment', adjustment(e)), outcome: 'discarded', ref: e.id }),
      journalFailure: (_input, thrown) => ({ kind: 'discard', code: null, sku: null, ...failedPart(thrown) }),
    },
    // The worker's answer to an adjustment whose outcome stayed unknown past the service's key horizon.
    'outbox.resolve': {
      handle: ({ id, choice, approval }) => {
        // Resent, it is the service's to judge; dropped or taken as applied, it is never sent, so the stock may stay wrong.
        if (choice !== 'resend') approve({ kind: 'uncertain', entryId: id, choice }, approval);
        return outbox().resolve(id, choice);
      },
      journal: (input, e) => {
        const base = { ...entryLine, kind: 'resolve', sku: e.sku, ref: e.id } as const;
        switch (input.choice) {
          case 'drop':
            return { ...base, details: details('resolve_dropped', adjustment(e)), outcome: 'discarded' };
          case 'resend':
            return { ...base, details: details('resolve_resent', adjustment(e)), outcome: 'queued' };
          case 'applied':
            return { ...base, details: details('resolve_applied', adjustment(e)), outcome: 'done' };
        }
      },
      journalFailure: (_input, thrown) => ({ kind: 'resolve', code: null, sku: null, ...failedPart(thrown) }),
    },
    'outbox.undo': {
      handle: ({ id }) => undo.undo(id),
      journal: (_input, r) =>
        r.action === 'withdrawn'
          ? { ...entryLine, kind: 'undo', sku: r.entry.sku, details: details('undo_withdrawn', adjustment(r.entry)), outcome: 'discarded', ref: r.entry.id }
          : {
              ...entryLine,
              kind: 'undo',
              sku: r.original.sku,
              details: details('undo_reversed', { ...adjustment(r.original), reversalDelta: r.reversal.delta }),
              outcome: 'queued',
              ref: r.reversal.id,
            },
      journalFailure: (_input, thrown) => ({ kind: 'undo', code: null, sku: null, ...failedPart(thrown) }),
    },
    'outbox.links': { handle: ({ ids }) => undo.linksOf(ids) },
    // An acknowledgement of a refusal already journaled: it changes no stock and leaves no line.
    'outbox.markSeen': { handle: ({ id }) => outbox().markSeen(id) },
    'outbox.toCheck': { handle: () => outbox().toCheck() },
    'outbox.checked': {
      handle: ({ id }) => outbox().checked(id),
      journal: (_input, c) => ({
        ...entryLine,
        kind: 'check',
        sku: c.sku,
        details: details('to_check_checked', { delta: c.delta, warehouse: warehouse(c.warehouseId), why: c.why }),
        outcome: 'done',
        ref: c.id,
      }),
      journalFailure: (_input, thrown) => ({ kind: 'check', code: null, sku: null, ...failedPart(thrown) }),
    },
  };
}
