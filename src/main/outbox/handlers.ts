import type { HandlerMap } from '../kernel/ipc/router';
import type { Outbox } from './outbox';

/**
 * `outbox` is the signed-in account's outbox, or, signed out, one that belongs to nobody: it lists
 * nothing and answers every action `not_signed_in`.
 */
export function outboxHandlers(outbox: () => Outbox): HandlerMap<'outbox.list' | 'outbox.retry' | 'outbox.discard' | 'outbox.resolve'> {
  return {
    'outbox.list': (input) => {
      const filter = input ?? {};
      return outbox().list({
        ...(filter.states ? { states: filter.states } : {}),
        ...(filter.sku ? { sku: filter.sku } : {}),
        ...(filter.before ? { before: filter.before } : {}),
        ...(filter.limit ? { limit: filter.limit } : {}),
      });
    },
    'outbox.retry': ({ id }) => outbox().retry(id),
    'outbox.discard': ({ id }) => outbox().discard(id),
    'outbox.resolve': ({ id, choice }) => outbox().resolve(id, choice),
  };
}
