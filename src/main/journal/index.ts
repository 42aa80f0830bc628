export { Journal, MAX_JOURNAL_LINES } from './journal';
export { JournalStore } from './journal-store';
export { journaled, journalOutbox, type TransferLeg, type WarehouseLabel } from './journaled-handlers';
export { journalHandlers } from './handlers';
