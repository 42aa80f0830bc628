// What every operation handler gets: the shared services of one sandbox instance, and the
// already checked call (owner, validated body, path parameters).
import type { OperationId, PathParams, RequestBody, SuccessBody } from '../shared/api/types';
import type { Auth, Owner } from './auth';
import type { SandboxClock } from './clock';
import type { Cursors } from './cursor';
import type { SandboxDb } from './db/open';
import type { IdempotencyStore } from './idempotency';

export interface SandboxServices {
  db: SandboxDb;
  auth: Auth;
  cursors: Cursors;
  idempotency: IdempotencyStore;
  clock: SandboxClock;
}

export interface Call<Op extends OperationId> {
  owner: Owner;
  body: RequestBody<Op>;
  params: PathParams<Op>;
  requestId: string;
  /** Present for operations that require one; already validated. */
  idempotencyKey: string | undefined;
}

/** Handlers are synchronous: each runs inside one SQLite transaction (better-sqlite3 is synchronous). */
export type Handler<Op extends OperationId> = (call: Call<Op>) => SuccessBody<Op>;

export type ProtectedOperationId = Exclude<OperationId, 'getToken'>;

export type Handlers = { [Op in ProtectedOperationId]: Handler<Op> };

/** Prepares each distinct SQL text once per database (lists build their WHERE from the filters given). */
export function statementCache(db: SandboxDb): (sql: string) => ReturnType<SandboxDb['prepare']> {
  const cache = new Map<string, ReturnType<SandboxDb['prepare']>>();
  return (sql) => {
    let statement = cache.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      cache.set(sql, statement);
    }
    return statement;
  };
}
