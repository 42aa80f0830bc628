export { Outbox, outcomeUnknownFailure, type OutboxCache, type OutboxDeps, type OutboxListing } from './outbox';
export { OutboxStore, type StoredOutboxEntry } from './outbox-store';
export { copyOutbox, entryWaiting, readOutbox, withdrawCopied, type OutboxSalvage, type SalvagedEntry } from './outbox-salvage';
export { outboxChannels, type OutboxChannelDeps, type OutboxUndo } from './handlers';
export { ToCheckStore, copyToCheck, readToCheck, type NewToCheck } from './to-check-store';
