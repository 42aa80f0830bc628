import { randomBytes } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { AddWorkerInput, SwitchWorkerInput, Worker, WorkerRole, Workers } from '../../shared/ipc/desk-work-records';
import { failure } from '../../shared/ipc/result';

interface WorkerRow {
  id: string;
  name: string;
  badge: string | null;
  added_at: string;
  role: WorkerRole;
  pin_hash: string | null;
}

const fromRow = (row: WorkerRow): Worker => ({ id: row.id, name: row.name, badge: row.badge, addedAt: row.added_at, role: row.role, hasPin: row.pin_hash !== null });

/** A worker with the hash of their PIN, for the one check that compares a PIN (approvals/). */
export interface WorkerWithPin extends Worker {
  pinHash: string | null;
}

function newWorkerId(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  return `wkr_${[...randomBytes(12)].map((b) => alphabet[b % alphabet.length]).join('')}`;
}

/**
 * The desk-local list of workers and who is at the desk now. Switching worker changes nothing of
 * the account signed in to the service: the API has no users, the desk only records who acted.
 */
export class WorkerStore {
  readonly #db: Database.Database;
  readonly #now: () => Date;
  // Asked on every scan (is it a badge?) and for every journal line (who is at the desk?).
  #byBadge: Database.Statement | null = null;
  #current: Database.Statement | null = null;

  constructor(db: Database.Database, now: () => Date = () => new Date()) {
    this.#db = db;
    this.#now = now;
  }

  state(): Workers {
    const workers = (this.#db.prepare('SELECT * FROM desk_workers ORDER BY name COLLATE NOCASE').all() as WorkerRow[]).map(fromRow);
    return { workers, current: this.current() };
  }

  current(): Worker | null {
    this.#current ??= this.#db.prepare('SELECT w.* FROM desk_worker_current c JOIN desk_workers w ON w.id = c.worker_id');
    const row = this.#current.get() as WorkerRow | undefined;
    return row ? fromRow(row) : null;
  }

  /** A badge that is already someone's, or a name already on the list, is refused: a scan must name one worker. */
  add(input: AddWorkerInput): Workers {
    const taken = this.#db.prepare('SELECT name, badge FROM desk_workers WHERE name = ? COLLATE NOCASE OR badge = ?').get(input.name, input.badge ?? null) as
      | { name: string; badge: string | null }
      | undefined;
    if (taken) {
      const field = taken.name.toLowerCase() === input.name.toLowerCase() ? 'name' : 'badge';
      throw failure('worker_exists', field === 'name' ? `${taken.name} is already on the list.` : `That badge is already ${taken.name}'s.`, {
        reason: field,
        params: { name: taken.name },
        details: [{ field, problem: 'is already on the list' }],
      });
    }
    this.#db
      .prepare('INSERT INTO desk_workers (id, name, badge, added_at) VALUES (?, ?, ?, ?)')
      .run(newWorkerId(), input.name, input.badge ?? null, this.#now().toISOString());
    return this.state();
  }

  /** The worker with this badge, if any (a scan may be a badge rather than a product). */
  byBadge(badge: string): Worker | null {
    this.#byBadge ??= this.#db.prepare('SELECT * FROM desk_workers WHERE badge = ?');
    const row = this.#byBadge.get(badge) as WorkerRow | undefined;
    return row ? fromRow(row) : null;
  }

  /** By id or badge, with the PIN's hash; null when no worker matches. */
  withPin(who: { id: string } | { badge: string }): WorkerWithPin | null {
    const row = ('id' in who ? this.#db.prepare('SELECT * FROM desk_workers WHERE id = ?').get(who.id) : this.#db.prepare('SELECT * FROM desk_workers WHERE badge = ?').get(who.badge)) as
      | WorkerRow
      | undefined;
    return row ? { ...fromRow(row), pinHash: row.pin_hash } : null;
  }

  /** `hash` is the PIN's scrypt hash (pin-hash.ts), null clears it. Returns the worker's name. */
  setPinHash(id: string, hash: string | null): string {
    return this.#update(id, 'UPDATE desk_workers SET pin_hash = ? WHERE id = ?', hash);
  }

  setRole(id: string, role: WorkerRole): string {
    return this.#update(id, 'UPDATE desk_workers SET role = ? WHERE id = ?', role);
  }

  #update(id: string, sql: string, value: string | null): string {
    const row = this.#db.prepare('SELECT name FROM desk_workers WHERE id = ?').get(id) as { name: string } | undefined;
    if (!row) throw failure('worker_not_found', 'That worker is no longer on the list.');
    this.#db.prepare(sql).run(value, id);
    return row.name;
  }

  switchTo(input: SwitchWorkerInput): Workers {
    if ('nobody' in input) {
      this.#db.prepare('DELETE FROM desk_worker_current').run();
      return this.state();
    }
    const row = ('id' in input
      ? this.#db.prepare('SELECT * FROM desk_workers WHERE id = ?').get(input.id)
      : this.#db.prepare('SELECT * FROM desk_workers WHERE badge = ?').get(input.badge)) as WorkerRow | undefined;
    if (!row) throw 'id' in input ? failure('worker_not_found', 'That worker is no longer on the list.') : failure('worker_not_found', 'No worker has that badge. Add it in Settings, Workers.', { reason: 'badge' });
    this.#db.prepare('INSERT INTO desk_worker_current (slot, worker_id) VALUES (1, ?) ON CONFLICT (slot) DO UPDATE SET worker_id = excluded.worker_id').run(row.id);
    return this.state();
  }
}
