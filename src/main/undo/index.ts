export { UndoService } from './undo-service';
export { UndoStore } from './undo-store';
export { copyUndoLinks, readUndoLinks, undoNamedInNote, type SalvagedUndoLink } from './undo-salvage';
