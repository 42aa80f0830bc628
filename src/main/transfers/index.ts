export { TransferService, type TransferAccount } from './transfer-service';
export { TransferStore } from './transfer-store';
export { transferHandlers } from './handlers';
