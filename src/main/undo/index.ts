export { UndoService } from './undo-service';
export { UndoStore } from './undo-store';
export { undoHandlers } from './handlers';
