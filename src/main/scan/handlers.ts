import type { HandlerMap } from '../kernel/ipc/router';
import type { LookupService } from './lookup-service';

/** `lookup` is the signed-in account's, or, signed out, one that reads the (empty) cache only. */
export function scanHandlers(lookup: () => LookupService): HandlerMap<'stock.lookup'> {
  return {
    'stock.lookup': ({ code }) => lookup().lookup(code),
  };
}
