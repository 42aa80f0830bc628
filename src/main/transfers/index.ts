export { TransferService, type TransferAccount, type TransferUndoLinks } from './transfer-service';
export { TransferStore } from './transfer-store';
export { transferHandlers } from './handlers';
