// Idempotency-Key handling: per owner and operation, the hash of the request and its final
// result are stored in the same transaction as the change itself, so a retry after any crash
// either finds the stored result or finds nothing changed. A key is kept for the contract's
// horizon and no longer: after it, the same key is a new request (as at the live service, which
// promises only 24 hours), so a client that resends later than that is caught by the tests.
import { createHash } from 'node:crypto';
import type { SandboxClock } from './clock';
import type { SandboxDb } from './db/open';
import { canonicalJson } from './cursor';
import { IDEMPOTENCY_HORIZON_MS } from '../shared/api/idempotency';

export { IDEMPOTENCY_HORIZON_MS };

/** Expired keys are deleted at most this often (a table scan; a lookup ignores them anyway). */
const PURGE_EVERY_MS = 3600 * 1000;

export interface StoredResult {
  request_sha256: string;
  status: number;
  body: string;
}

export function requestHash(operationId: string, params: Record<string, unknown>, body: unknown): string {
  return createHash('sha256').update(canonicalJson({ operationId, params, body })).digest('hex');
}

export class IdempotencyStore {
  private readonly findStatement;
  private readonly saveStatement;
  private readonly purgeStatement;
  private lastPurge = -Infinity;

  constructor(
    db: SandboxDb,
    private readonly clock: SandboxClock,
  ) {
    this.findStatement = db.prepare<[number, string, string, number], StoredResult>(
      'SELECT request_sha256, status, body FROM idempotency_keys WHERE owner_id = ? AND operation = ? AND key = ? AND created_at > ?',
    );
    // An expired row of the same key may still be there (purges are periodic): the new request replaces it.
    this.saveStatement = db.prepare(
      'INSERT OR REPLACE INTO idempotency_keys (owner_id, operation, key, request_sha256, status, body, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    this.purgeStatement = db.prepare('DELETE FROM idempotency_keys WHERE created_at <= ?');
  }

  /** The stored result of a key used within the horizon, or nothing. */
  find(ownerId: number, operation: string, key: string): StoredResult | undefined {
    return this.findStatement.get(ownerId, operation, key, this.clock.now() - IDEMPOTENCY_HORIZON_MS);
  }

  save(ownerId: number, operation: string, key: string, hash: string, status: number, body: string): void {
    const now = this.clock.now();
    if (now - this.lastPurge >= PURGE_EVERY_MS) {
      this.purgeStatement.run(now - IDEMPOTENCY_HORIZON_MS);
      this.lastPurge = now;
    }
    this.saveStatement.run(ownerId, operation, key, hash, status, body, now);
  }
}
