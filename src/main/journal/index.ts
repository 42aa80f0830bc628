export { Journal, MAX_JOURNAL_LINES, type JournalLine } from './journal';
export { JournalStore } from './journal-store';
export { SkuJournalLines } from './sku-lines';
export { journalOutbox } from './outbox-lines';
export { journalSyncFailures } from './sync-lines';
export { exportLine } from './export-lines';
export { failed, failedPart, type DeclaredChannels, type Failed } from './channel-lines';
export { adjustmentParams, details, refusalParams, type TransferLeg, type WarehouseLabel } from './journal-details';
export { journalChannels } from './handlers';
