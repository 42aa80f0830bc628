import { details, failedPart, type DeclaredChannels, type WarehouseLabel } from '../journal';
import type { Transfer } from '../../shared/ipc/desk-work-records';
import type { TransferService } from './transfer-service';

/** A move as its journal line names it: how many, from and to by the codes on the warehouses' signs. */
const moveParams = (warehouse: WarehouseLabel, t: Transfer) => ({ quantity: t.quantity, from: warehouse(t.fromWarehouseId), to: warehouse(t.toWarehouseId), transfer: t.id });

export function transferChannels(
  transfers: TransferService,
  warehouse: WarehouseLabel,
): DeclaredChannels<'transfers.create' | 'transfers.list' | 'transfers.ofEntries' | 'transfers.undo'> {
  return {
    'transfers.create': {
      handle: (input) => transfers.create(input),
      journal: (_input, t) => ({ kind: 'transfer', code: null, sku: t.sku, details: details('transfer', moveParams(warehouse, t)), outcome: 'queued', requestId: null, ref: t.out.id }),
      journalFailure: (input, thrown) => ({ kind: 'transfer', code: null, sku: input.sku, ...failedPart(thrown) }),
    },
    'transfers.list': { handle: (input) => transfers.list(input?.limit) },
    'transfers.ofEntries': { handle: ({ ids }) => transfers.ofEntries(ids) },
    'transfers.undo': {
      handle: ({ id }) => transfers.undo(id),
      journal: (_input, t) => ({ kind: 'undo', code: null, sku: t.sku, details: details('transfer_undone', moveParams(warehouse, t)), outcome: 'queued', requestId: null, ref: t.out.id }),
      journalFailure: (_input, thrown) => ({ kind: 'undo', code: null, sku: null, ...failedPart(thrown) }),
    },
  };
}
