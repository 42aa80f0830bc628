import type { HandlerMap } from '../kernel/ipc/router';
import type { TransferService } from './transfer-service';

export function transferHandlers(transfers: TransferService): HandlerMap<'transfers.create' | 'transfers.list'> {
  return {
    'transfers.create': (input) => transfers.create(input),
    'transfers.list': (input) => transfers.list(input?.limit),
  };
}
