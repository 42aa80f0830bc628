import type { HandlerMap } from '../kernel/ipc/router';
import type { UndoService } from './undo-service';
import type { UndoStore } from './undo-store';

export function undoHandlers(service: UndoService, store: UndoStore): HandlerMap<'outbox.undo' | 'outbox.links'> {
  return {
    'outbox.undo': ({ id }) => service.undo(id),
    'outbox.links': ({ ids }) => store.linksOf(ids),
  };
}
