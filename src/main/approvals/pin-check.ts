import type Database from 'better-sqlite3';
import type { SupervisorRules } from '../../shared/ipc/approval-records';
import { failure } from '../../shared/ipc/result';
import { pinMatches, type WorkerWithPin } from '../workers';

export interface Clocks {
  /** The desk's wall clock: stored with a lockout so that a restart does not end it. */
  now: () => Date;
  /** Milliseconds that only go forward (performance.now): a clock set ahead does not end a lockout early. */
  monotonic: () => number;
}

/**
 * Checks a worker's PIN and counts the wrong ones: after `maxAttempts` in a row the worker is
 * locked out for `lockoutMinutes`. The lockout holds while EITHER clock says so: the monotonic one
 * (within this run; a wall clock set forward cannot end it) or the stored start on the wall clock
 * (across a restart; a wall clock set back before that start keeps it locked, it never ends it).
 */
export class PinCheck {
  readonly #db: Database.Database;
  readonly #rules: () => SupervisorRules;
  readonly #clocks: Clocks;
  readonly #lockedUntil = new Map<string, number>();

  constructor(db: Database.Database, rules: () => SupervisorRules, clocks: Clocks) {
    this.#db = db;
    this.#rules = rules;
    this.#clocks = clocks;
  }

  /** Throws `pin_refused` (reason `locked`, `no_pin`, `wrong`); a right PIN clears the count. */
  async check(worker: WorkerWithPin, pin: string): Promise<void> {
    if (this.#locked(worker.id)) throw refused('locked', worker.name, 'Too many wrong PINs. Wait a few minutes, then try again.');
    if (worker.pinHash === null) throw refused('no_pin', worker.name, `${worker.name} has no PIN yet. Set one in Settings, Workers.`);
    if (await pinMatches(pin, worker.pinHash)) {
      this.#db.prepare('DELETE FROM desk_pin_failures WHERE worker_id = ?').run(worker.id);
      return;
    }
    const { maxAttempts, lockoutMinutes } = this.#rules();
    const row = this.#db.prepare('SELECT failures FROM desk_pin_failures WHERE worker_id = ?').get(worker.id) as { failures: number } | undefined;
    const failures = (row?.failures ?? 0) + 1;
    if (failures < maxAttempts) {
      this.#db
        .prepare('INSERT INTO desk_pin_failures (worker_id, failures, locked_at) VALUES (?, ?, NULL) ON CONFLICT (worker_id) DO UPDATE SET failures = excluded.failures')
        .run(worker.id, failures);
      throw refused('wrong', worker.name, 'That PIN is not right.', { left: maxAttempts - failures });
    }
    this.#lockedUntil.set(worker.id, this.#clocks.monotonic() + lockoutMinutes * 60_000);
    this.#db
      .prepare('INSERT INTO desk_pin_failures (worker_id, failures, locked_at) VALUES (?, 0, ?) ON CONFLICT (worker_id) DO UPDATE SET failures = 0, locked_at = excluded.locked_at')
      .run(worker.id, this.#clocks.now().toISOString());
    throw refused('locked', worker.name, 'Too many wrong PINs. Wait a few minutes, then try again.', { minutes: lockoutMinutes });
  }

  #locked(workerId: string): boolean {
    const until = this.#lockedUntil.get(workerId);
    const byMonotonic = until !== undefined && this.#clocks.monotonic() < until;
    const row = this.#db.prepare('SELECT locked_at FROM desk_pin_failures WHERE worker_id = ?').get(workerId) as { locked_at: string | null } | undefined;
    if (!row?.locked_at) return byMonotonic;
    const start = Date.parse(row.locked_at);
    const now = this.#clocks.now().getTime();
    const byWallClock = Number.isNaN(start) || now < start + this.#rules().lockoutMinutes * 60_000;
    if (byMonotonic || byWallClock) return true;
    this.#lockedUntil.delete(workerId);
    this.#db.prepare('DELETE FROM desk_pin_failures WHERE worker_id = ?').run(workerId);
    return false;
  }
}

function refused(reason: 'locked' | 'no_pin' | 'wrong' | 'not_supervisor', name: string, message: string, params: Record<string, number> = {}): Error {
  return failure('pin_refused', message, { reason, params: { name, ...params } });
}

export { refused as pinRefused };
