import type { JournalEntry, JournalFilter, JournalPage, JournalQuery } from '../../shared/ipc/desk-work-records';
import { englishSummary } from './journal-details';
import type { JournalStore, NewJournalLine } from './journal-store';

export interface JournalDeps {
  store: JournalStore;
  /** The name of the worker at the desk now, or null. */
  worker: () => string | null;
  /** From the settings, read at each pruning: a change applies without a restart. */
  retentionDays: () => number;
  now?: () => Date;
}

/** However long the retention, the journal never grows past this many lines. */
export const MAX_JOURNAL_LINES = 250_000;
/** Pruning runs at open and then every this many lines. */
const PRUNE_EVERY = 500;
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

  constructor(deps: JournalDeps) {
    this.#deps = deps;
    this.#now = deps.now ?? (() => new Date());
    this.prune();
  }

  record(line: JournalLine): void {
    this.#deps.store.insert({
      ...line,
      summary: englishSummary(line.details),
      at: this.#now().toISOString(),
      worker: line.worker === undefined ? this.#deps.worker() : line.worker,
    });
    if (++this.#sincePrune >= PRUNE_EVERY) this.prune();
  }

  workerOf(ref: string): string | null {
    return this.#deps.store.workerOf(ref);
  }

  search(query: JournalQuery = {}): JournalPage {
    const { before, limit, ...filter } = query;
    return this.#deps.store.page({ ...filter, ...(before !== undefined ? { before } : {}), limit: limit ?? DEFAULT_PAGE });
  }

  lines(filter: JournalFilter): Iterable<JournalEntry> {
    return this.#deps.store.all(filter);
  }

  prune(): number {
    this.#sincePrune = 0;
    const cutoff = new Date(this.#now().getTime() - this.#deps.retentionDays() * DAY_MS).toISOString();
    return this.#deps.store.prune(cutoff, MAX_JOURNAL_LINES);
  }
}
