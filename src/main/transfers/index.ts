export { TransferService, type TransferAccount, type TransferUndoLinks } from './transfer-service';
export { TransferStore, type TransferRow } from './transfer-store';
export { copyTransfers, legNamedInNote, readTransfers, transfersToKeep } from './transfer-salvage';
export { transferChannels } from './handlers';
