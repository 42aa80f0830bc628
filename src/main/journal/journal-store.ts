import type Database from 'better-sqlite3';
import { JournalWhat, type JournalEntry, type JournalFilter, type JournalKind, type JournalOutcome, type JournalPage } from '../../shared/ipc/desk-work-records';
import type { KeyedShareRow } from '../../shared/ipc/movement-records';
import type { CodeEntry } from '../../shared/ipc/records';

export interface NewJournalLine {
  at: string;
  kind: JournalKind;
  worker: string | null;
  code: string | null;
  sku: string | null;
  /** English, for the CSV export (and the screens of lines written before `details`). */
  summary: string;
  details: JournalWhat;
  outcome: JournalOutcome;
  requestId: string | null;
  ref?: string | null;
  /** How the line's code came in (a scan's, an adjustment's); null or absent: not known. */
  entry?: CodeEntry | null;
}

/** Who queued an outbox entry, and on a code entered how: its verdict's line says the same. */
export interface QueuedBy {
  worker: string | null;
  entry: CodeEntry | null;
}

export interface JournalRow {
  seq: number;
  at: string;
  kind: JournalKind;
  worker: string | null;
  code: string | null;
  sku: string | null;
  summary: string;
  details_json: string | null;
  outcome: JournalOutcome;
  request_id: string | null;
  entry: CodeEntry | null;
}

/** The stored details, or null for a line from before they were stored (or one this version cannot read). */
function detailsOf(json: string | null): JournalWhat | null {
  if (json === null) return null;
  try {
    const parsed = JournalWhat.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export const journalEntryOf = (row: JournalRow): JournalEntry => ({
  seq: row.seq,
  at: row.at,
  kind: row.kind,
  worker: row.worker,
  code: row.code,
  sku: row.sku,
  summary: row.summary,
  details: detailsOf(row.details_json),
  outcome: row.outcome,
  requestId: row.request_id,
  ...(row.entry !== null ? { entry: row.entry } : {}),
});

const WHERE = `
  (@sku IS NULL OR sku = @sku) AND (@worker IS NULL OR worker = @worker)
  AND (@dayStart IS NULL OR (at >= @dayStart AND at < @dayEnd))
  AND (@outcome IS NULL OR outcome = @outcome) AND (@kind IS NULL OR kind = @kind)`;

function params(filter: JournalFilter): Record<string, unknown> {
  const dayStart = filter.day ? `${filter.day}T00:00:00.000Z` : null;
  const dayEnd = filter.day ? new Date(Date.parse(`${filter.day}T00:00:00.000Z`) + 86_400_000).toISOString() : null;
  return { sku: filter.sku ?? null, worker: filter.worker ?? null, dayStart, dayEnd, outcome: filter.outcome ?? null, kind: filter.kind ?? null };
}

/** The journal table: lines in the order they were written (seq), newest read first. */
export class JournalStore {
  readonly #insert: Database.Statement;
  readonly #page: Database.Statement;
  readonly #all: Database.Statement;
  readonly #pruneBefore: Database.Statement;
  readonly #pruneOver: Database.Statement;
  readonly #queuedBy: Database.Statement;
  readonly #keyedShare: Database.Statement;
  readonly #insertAll: (lines: readonly NewJournalLine[]) => void;

  constructor(db: Database.Database) {
    this.#insert = db.prepare(`
      INSERT INTO journal (at, kind, worker, code, sku, summary, details_json, outcome, request_id, ref, entry)
      VALUES (@at, @kind, @worker, @code, @sku, @summary, @detailsJson, @outcome, @requestId, @ref, @entry)`);
    this.#queuedBy = db.prepare("SELECT worker, entry FROM journal WHERE ref = ? AND kind = 'adjust' ORDER BY seq LIMIT 1");
    // Adjustments queued at this desk whose code's entry is known, per UTC day and worker.
    this.#keyedShare = db.prepare(`
      SELECT substr(at, 1, 10) AS day, worker, sum(entry = 'scanned') AS scanned, sum(entry = 'keyed') AS keyed
      FROM journal
      WHERE kind = 'adjust' AND outcome = 'queued' AND entry IS NOT NULL AND at >= @from AND at < @to AND (@worker IS NULL OR worker = @worker)
      GROUP BY day, worker ORDER BY day DESC, worker`);
    this.#page = db.prepare(`SELECT * FROM journal WHERE ${WHERE} AND (@before IS NULL OR seq < @before) ORDER BY seq DESC LIMIT @limit`);
    this.#all = db.prepare(`SELECT * FROM journal WHERE ${WHERE} ORDER BY seq`);
    this.#pruneBefore = db.prepare('DELETE FROM journal WHERE at < ?');
    this.#pruneOver = db.prepare('DELETE FROM journal WHERE seq <= (SELECT seq FROM journal ORDER BY seq DESC LIMIT 1 OFFSET ?)');
    this.#insertAll = db.transaction((lines: readonly NewJournalLine[]) => {
      for (const line of lines) this.insert(line);
    });
  }

  /** Several lines in one transaction, in their order. */
  insertAll(lines: readonly NewJournalLine[]): void {
    this.#insertAll(lines);
  }

  insert(line: NewJournalLine): number {
    const { details, ...rest } = line;
    return Number(this.#insert.run({ ...rest, detailsJson: JSON.stringify(details), ref: line.ref ?? null, entry: line.entry ?? null }).lastInsertRowid);
  }

  /** Who queued the outbox entry `ref`, on a code entered how (its verdict may come in after another worker took over). */
  queuedBy(ref: string): QueuedBy {
    return (this.#queuedBy.get(ref) as QueuedBy | undefined) ?? { worker: null, entry: null };
  }

  /** Adjustments on scanned and on keyed codes per day and worker, from `from` up to `to` (ISO times). */
  keyedShare(range: { from: string; to: string; worker: string | null }): KeyedShareRow[] {
    return this.#keyedShare.all(range) as KeyedShareRow[];
  }

  page(filter: JournalFilter & { before?: number; limit: number }): JournalPage {
    const rows = this.#page.all({ ...params(filter), before: filter.before ?? null, limit: filter.limit + 1 }) as JournalRow[];
    const entries = rows.slice(0, filter.limit).map(journalEntryOf);
    return { entries, nextBefore: rows.length > filter.limit ? (entries.at(-1)?.seq ?? null) : null };
  }

  /** Every matching line, oldest first (for an export). */
  *all(filter: JournalFilter): Generator<JournalEntry> {
    for (const row of this.#all.iterate(params(filter)) as IterableIterator<JournalRow>) yield journalEntryOf(row);
  }

  /** Drops lines older than `before` and all but the newest `keep`; returns how many went. */
  prune(before: string, keep: number): number {
    return this.#pruneBefore.run(before).changes + this.#pruneOver.run(keep).changes;
  }
}
