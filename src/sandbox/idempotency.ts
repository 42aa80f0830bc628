// Idempotency-Key handling: per owner and operation, the hash of the request and its final
// result are stored in the same transaction as the change itself, so a retry after any crash
// either finds the stored result or finds nothing changed.
import { createHash } from 'node:crypto';
import type { SandboxDb } from './db/open';
import { canonicalJson } from './cursor';

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
  private readonly insertStatement;

  constructor(db: SandboxDb) {
    this.findStatement = db.prepare<[number, string, string], StoredResult>(
      'SELECT request_sha256, status, body FROM idempotency_keys WHERE owner_id = ? AND operation = ? AND key = ?',
    );
    this.insertStatement = db.prepare(
      'INSERT INTO idempotency_keys (owner_id, operation, key, request_sha256, status, body, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
  }

  find(ownerId: number, operation: string, key: string): StoredResult | undefined {
    return this.findStatement.get(ownerId, operation, key);
  }

  save(ownerId: number, operation: string, key: string, hash: string, status: number, body: string): void {
    this.insertStatement.run(ownerId, operation, key, hash, status, body, Date.now());
  }
}
