export { Outbox, outcomeUnknownFailure, type OutboxCache, type OutboxDeps, type OutboxListing } from './outbox';
export { OutboxStore, type StoredOutboxEntry } from './outbox-store';
export { salvageOutbox, type OutboxSalvage } from './outbox-salvage';
export { outboxHandlers } from './handlers';
