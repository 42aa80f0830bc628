import type Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { DeskFailure, failure } from '../../shared/ipc/result';
import type { PrinterStatus } from './network-printer';

export type PrintJobState = 'waiting' | 'sending' | 'done' | 'cancelled' | 'may_have_printed';
export type PrintJobKind = 'shelf' | 'product' | 'shipment' | 'scanner-test' | 'test-print';

export interface PrintJob {
  id: string;
  profileId: string;
  labelKind: PrintJobKind;
  labels: number;
  worker: string | null;
  state: PrintJobState;
  attempts: number;
  nextAttemptAt: string | null;
  /** The error code of the last failed attempt (`network_error`, `timeout`, `printer_not_ready`). */
  lastError: string | null;
  /** What the printer last said of itself (`~HS`), where it answered. */
  printerStatus: PrinterStatus | null;
  createdAt: string;
}

/** How the queue reaches a printer: the profile's transport (network, raw queue), given by the capability. */
export interface PrintTransport {
  /** The printer's own status before a job goes out, or null where the transport cannot ask (a raw queue). */
  status(profileId: string): Promise<PrinterStatus | null>;
  /** Resolves with the system's own id of the job where it gives one (a raw queue's `lp`), else null. */
  deliver(profileId: string, zpl: string): Promise<string | null>;
}

/** A job after an attempt, with the id the system's print queue gave it when it took the job. */
export type AttemptedJob = PrintJob & { systemJob?: string };

/** 5 s after the first failure, doubling, at most 5 minutes apart: a printer switched back on is used within minutes. */
export function retryDelayMs(attempts: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 300_000);
}

interface Row {
  id: string;
  profile_id: string;
  label_kind: PrintJobKind;
  labels: number;
  worker: string | null;
  zpl: string;
  state: PrintJobState;
  attempts: number;
  next_attempt_at: string | null;
  last_error: string | null;
  printer_status: string | null;
  created_at: string;
}

function job(row: Row): PrintJob {
  return {
    id: row.id,
    profileId: row.profile_id,
    labelKind: row.label_kind,
    labels: row.labels,
    worker: row.worker,
    state: row.state,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    lastError: row.last_error,
    printerStatus: row.printer_status === null ? null : (JSON.parse(row.printer_status) as PrinterStatus),
    createdAt: row.created_at,
  };
}

const notReady = (s: PrinterStatus) => s.paperOut || s.paused || s.headOpen || s.ribbonOut;

/**
 * The desk's print jobs in its database: a job waits while its printer is off, refuses the
 * connection or says it is out of paper, paused or open, and goes out when it answers again.
 * A job is marked `sending` (committed) before its first byte leaves, so after a crash it is
 * reported as one that may have printed, and only a worker's retry sends it again.
 */
export class PrintQueue {
  constructor(
    private readonly db: Database.Database,
    private readonly transport: PrintTransport,
    private readonly now: () => Date = () => new Date(),
  ) {
    // Whatever was going out when the desk stopped may be on paper already.
    this.db.prepare("UPDATE print_jobs SET state = 'may_have_printed', updated_at = ? WHERE state = 'sending'").run(this.stamp());
  }

  private stamp(offsetMs = 0): string {
    return new Date(this.now().getTime() + offsetMs).toISOString();
  }

  add(input: { profileId: string; labelKind: PrintJobKind; labels: number; worker: string | null; zpl: string }): PrintJob {
    const id = randomUUID();
    const at = this.stamp();
    this.db
      .prepare("INSERT INTO print_jobs (id, profile_id, label_kind, labels, worker, zpl, state, next_attempt_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 'waiting', ?, ?, ?)")
      .run(id, input.profileId, input.labelKind, input.labels, input.worker, input.zpl, at, at, at);
    return this.get(id);
  }

  get(id: string): PrintJob {
    const row = this.db.prepare('SELECT * FROM print_jobs WHERE id = ?').get(id) as Row | undefined;
    if (!row) throw failure('invalid_argument', `No print job ${id}.`, { reason: 'print_job_not_found' });
    return job(row);
  }

  list(): PrintJob[] {
    return (this.db.prepare('SELECT * FROM print_jobs ORDER BY created_at, id').all() as Row[]).map(job);
  }

  /** Sends every waiting job that is due, one after another (a printer takes one connection at a time). */
  async runDue(): Promise<AttemptedJob[]> {
    const due = this.db.prepare("SELECT id FROM print_jobs WHERE state = 'waiting' AND next_attempt_at <= ? ORDER BY created_at, id").pluck().all(this.stamp()) as string[];
    const results: AttemptedJob[] = [];
    for (const id of due) results.push(await this.attempt(id));
    return results;
  }

  private async attempt(id: string): Promise<AttemptedJob> {
    const current = this.db.prepare('SELECT * FROM print_jobs WHERE id = ?').get(id) as Row;
    let sending = false;
    try {
      const status = await this.transport.status(current.profile_id);
      if (status) this.db.prepare('UPDATE print_jobs SET printer_status = ? WHERE id = ?').run(JSON.stringify(status), id);
      if (status && notReady(status)) throw failure('network_error', 'The printer is not ready to print.', { reason: 'printer_not_ready' });
      // Committed before the first byte: from here a crash means "may have printed".
      const claimed = this.db.prepare("UPDATE print_jobs SET state = 'sending', attempts = attempts + 1, updated_at = ? WHERE id = ? AND state = 'waiting'").run(this.stamp(), id);
      if (claimed.changes === 0) return this.get(id);
      sending = true;
      const systemJob = await this.transport.deliver(current.profile_id, current.zpl);
      this.db.prepare("UPDATE print_jobs SET state = 'done', next_attempt_at = NULL, last_error = NULL, updated_at = ? WHERE id = ?").run(this.stamp(), id);
      return systemJob === null ? this.get(id) : { ...this.get(id), systemJob };
    } catch (error) {
      const code = error instanceof DeskFailure ? (error.error.reason ?? error.error.code) : 'internal_error';
      const attempts = current.attempts + 1;
      // A refused connection sent nothing: the job waits again. Lost or stuck while sending, some
      // of its labels may be on paper: a worker looks and decides, the desk does not resend.
      if (sending && code !== 'printer_refused') {
        this.db.prepare("UPDATE print_jobs SET state = 'may_have_printed', next_attempt_at = NULL, last_error = ?, updated_at = ? WHERE id = ?").run(code, this.stamp(), id);
        return this.get(id);
      }
      this.db
        .prepare("UPDATE print_jobs SET state = 'waiting', attempts = ?, next_attempt_at = ?, last_error = ?, updated_at = ? WHERE id = ? AND state IN ('waiting', 'sending')")
        .run(attempts, this.stamp(retryDelayMs(attempts)), code, this.stamp(), id);
    }
    return this.get(id);
  }

  /** A worker's retry: now, for a waiting job, and the one way a job that may have printed is sent again. */
  retry(id: string): PrintJob {
    const changed = this.db.prepare("UPDATE print_jobs SET state = 'waiting', next_attempt_at = ?, updated_at = ? WHERE id = ? AND state IN ('waiting', 'may_have_printed')").run(this.stamp(), this.stamp(), id);
    if (changed.changes === 0) throw failure('invalid_argument', 'Only a waiting job or one that may have printed can be sent again.', { reason: 'print_job_not_retryable' });
    return this.get(id);
  }

  cancel(id: string): PrintJob {
    const changed = this.db.prepare("UPDATE print_jobs SET state = 'cancelled', next_attempt_at = NULL, updated_at = ? WHERE id = ? AND state IN ('waiting', 'may_have_printed')").run(this.stamp(), id);
    if (changed.changes === 0) throw failure('invalid_argument', 'A job that is going out or done cannot be cancelled.', { reason: 'print_job_not_cancellable' });
    return this.get(id);
  }
}
