import type { JournalEntry, JournalFilter, JournalPage, JournalQuery } from '../../shared/ipc/desk-work-records';
import type { Log } from '../kernel/log';
import { englishSummary } from './journal-details';
import type { JournalStore, NewJournalLine } from './journal-store';

export interface JournalDeps {
  store: JournalStore;
  /** The name of the worker at the desk now, or null. */
  worker: () => string | null;
  /** From the settings, read at each pruning: a change applies without a restart. */
  retentionDays: () => number;
  now?: () => Date;
  /** Where a batch of lines that could not be written is reported (the database closed under it). */
  log?: Log;
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

  workerOf(ref: string): string | null {
    this.flush();
    return this.#deps.store.workerOf(ref);
  }

  search(query: JournalQuery = {}): JournalPage {
    this.flush();
    const { before, limit, ...filter } = query;
    return this.#deps.store.page({ ...filter, ...(before !== undefined ? { before } : {}), limit: limit ?? DEFAULT_PAGE });
  }

  lines(filter: JournalFilter): Iterable<JournalEntry> {
    this.flush();
    return this.#deps.store.all(filter);
  }

  prune(): number {
    this.flush();
    this.#sincePrune = 0;
    const cutoff = new Date(this.#now().getTime() - this.#deps.retentionDays() * DAY_MS).toISOString();
    return this.#deps.store.prune(cutoff, MAX_JOURNAL_LINES);
  }
}
