import type { HandlerMap } from '../kernel/ipc/router';
import type { TransferService } from './transfer-service';

export function transferHandlers(transfers: TransferService): HandlerMap<'transfers.create' | 'transfers.list' | 'transfers.ofEntries' | 'transfers.undo'> {
  return {
    'transfers.create': (input) => transfers.create(input),
    'transfers.list': (input) => transfers.list(input?.limit),
    'transfers.ofEntries': ({ ids }) => transfers.ofEntries(ids),
    'transfers.undo': ({ id }) => transfers.undo(id),
  };
}
