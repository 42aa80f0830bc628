/**
 * How long the service keeps an Idempotency-Key: the contract's promise (resources/openapi.yaml,
 * "Idempotency": 24 hours from first use, and no longer). The sandbox keeps keys exactly this
 * long; the outbox never resends with a key older than this minus a safety margin.
 */
export const IDEMPOTENCY_HORIZON_MS = 24 * 3600 * 1000;
