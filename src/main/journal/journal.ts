import type { JournalEntry, JournalFilter, JournalPage, JournalQuery } from '../../shared/ipc/desk-work-records';
import { MOVEMENT_DAYS, type KeyedShare, type KeyedShareQuery } from '../../shared/ipc/movement-records';
import type { CodeEntry } from '../../shared/ipc/records';
import type { Log } from '../kernel/log';
import { englishSummary } from './journal-details';
import type { JournalStore, NewJournalLine, QueuedBy } from './journal-store';

export interface JournalDeps {
  store: JournalStore;
  /** The name of the worker at the desk now, or null. */
  worker: () => string | null;
  /** From the settings, read at each pruning: a change applies without a restart. */
  retentionDays: () => number;
  now?: () => Date;
  /** Where a batch of lines that could not be written is reported (the database closed under it). */
  log?: Log;
  /** What else the desk keeps for as long as the journal, pruned with it: called with the same cutoff. */
  pruneWith?: (before: string) => void;
}

/** However long the retention, the journal never grows past this many lines. */
export const MAX_JOURNAL_LINES = 250_000;
/** Pruning runs at open and then every this many lines. */
const PRUNE_EVERY = 500;
/** Lines held for the next write at most; a longer run of work without a pause is written at once. */
const MAX_PENDING = 200;
const DEFAULT_PAGE = 100;
const DAY_MS = 86_400_000;

/** A line to write: its details as data; the English summary (for the CSV) is made from them. */
export type JournalLine = Omit<NewJournalLine, 'at' | 'worker' | 'summary'> & { worker?: string | null };

/**
 * The desk's journal: what was scanned and done, by whom, when, with the service's request id and
 * the outcome. Durable (a SQLite table in the cache file) and bounded: lines older than the
 * retention, and any past MAX_JOURNAL_LINES, are dropped. Only what a worker sees goes in: codes,
 * SKUs, quantities, outcomes; never a credential or a token, which no recorded channel carries.
 */
export class Journal {
  readonly #deps: JournalDeps;
  readonly #now: () => Date;
  #sincePrune = 0;
  #pending: Array<Omit<NewJournalLine, 'summary'>> = [];
  #flushScheduled = false;
  /** Set while `enteredAs` runs: the entry of the code the lines recorded meanwhile are about. */
  #entry: CodeEntry | null = null;

  constructor(deps: JournalDeps) {
    this.#deps = deps;
    this.#now = deps.now ?? (() => new Date());
    this.prune();
  }

  /**
   * Takes the line (its time and worker as of now) and writes it after the answer of the call that
   * made it has gone: lines of one event-loop turn are written together in one transaction, once
   * the turn is over. A line is an autocommit of an indexed row, about 0.08 ms: written in the
   * call, it was most of a scan's lookup from the cache (figure 1 of docs/benchmarks.md). Every
   * read of the journal writes what is waiting first; `close()` writes it before the file closes.
   */
  record(line: JournalLine): void {
    this.#pending.push({
      ...line,
      at: this.#now().toISOString(),
      worker: line.worker === undefined ? this.#deps.worker() : line.worker,
      entry: line.entry !== undefined ? line.entry : this.#entry,
    });
    if (this.#pending.length >= MAX_PENDING) this.flush();
    else if (!this.#flushScheduled) {
      this.#flushScheduled = true;
      setImmediate(() => {
        this.#flushScheduled = false;
        try {
          this.flush();
        } catch (error) {
          this.#deps.log?.('error', 'journal lines not written', { error: String(error) });
        }
      });
    }
  }

  /** Writes the lines waiting, in one transaction. */
  flush(): void {
    if (this.#pending.length === 0) return;
    const lines = this.#pending;
    this.#pending = [];
    this.#deps.store.insertAll(lines.map((l) => ({ ...l, summary: englishSummary(l.details) })));
    this.#sincePrune += lines.length;
    if (this.#sincePrune >= PRUNE_EVERY) this.prune();
  }

  /** Before the file closes: writes what is waiting. */
  close(): void {
    this.flush();
  }

  /**
   * Runs `fn` (synchronous), and the lines recorded while it runs carry `entry`: an adjustment's
   * queued line is recorded by the outbox's event, inside `enqueue`, not by `stock.adjust`'s declaration.
   */
  enteredAs<T>(entry: CodeEntry | undefined, fn: () => T): T {
    const outer = this.#entry;
    this.#entry = entry ?? null;
    try {
      return fn();
    } finally {
      this.#entry = outer;
    }
  }

  queuedBy(ref: string): QueuedBy {
    this.flush();
    return this.#deps.store.queuedBy(ref);
  }

  search(query: JournalQuery = {}): JournalPage {
    this.flush();
    const { before, limit, ...filter } = query;
    return this.#deps.store.page({ ...filter, ...(before !== undefined ? { before } : {}), limit: limit ?? DEFAULT_PAGE });
  }

  /** Adjustments on scanned and keyed codes per UTC day and worker: of `day`, else of the last MOVEMENT_DAYS days. */
  keyedShare(query: KeyedShareQuery = {}): KeyedShare {
    this.flush();
    const today = this.#now().toISOString().slice(0, 10);
    const from = query.day ?? dayAfter(today, 1 - MOVEMENT_DAYS);
    const to = dayAfter(query.day ?? today, 1);
    return { from, rows: this.#deps.store.keyedShare({ from, to, worker: query.worker ?? null }) };
  }

  lines(filter: JournalFilter): Iterable<JournalEntry> {
    this.flush();
    return this.#deps.store.all(filter);
  }

  prune(): number {
    this.flush();
    this.#sincePrune = 0;
    const cutoff = new Date(this.#now().getTime() - this.#deps.retentionDays() * DAY_MS).toISOString();
    this.#deps.pruneWith?.(cutoff);
    return this.#deps.store.prune(cutoff, MAX_JOURNAL_LINES);
  }
}

/** The UTC day `days` after `day` (both YYYY-MM-DD). */
function dayAfter(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);
}
