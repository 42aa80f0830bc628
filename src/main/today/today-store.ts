import type Database from 'better-sqlite3';
import type { TodayReason, TodaySummary } from '../../shared/ipc/today-records';

/** The journal's figures of one day, without `waiting` (the outbox's, as of now). */
export type DayFigures = Omit<TodaySummary, 'waiting'>;

const HOUR_MS = 3_600_000;

// One day of the journal, through its index on `at` (lines are stamped `toISOString()`, so text
// order is time order); the hour is counted from the day's start, which the window gave in its
// own time zone, so a 23- or 25-hour day keeps its hours right.
const DAY = 'at >= @from AND at < @to';
const HOUR = "(CAST(strftime('%s', at) AS INTEGER) - CAST(strftime('%s', @from) AS INTEGER)) / 3600";
// A transfer leg is booked as `other`; its line names the other warehouse, which makes it a move.
const REASON = `CASE
  WHEN json_extract(details_json, '$.params.transferTo') IS NOT NULL OR json_extract(details_json, '$.params.transferFrom') IS NOT NULL THEN 'transfer'
  ELSE coalesce(json_extract(details_json, '$.params.reason'), 'other') END`;
const DELTA = "abs(coalesce(json_extract(details_json, '$.params.delta'), 0))";

/**
 * The day's figures as SQL aggregates over the journal: a quarter of a million lines are never
 * read into JavaScript, only the few rows of each group.
 */
export class TodayStore {
  readonly #totals: Database.Statement;
  readonly #byReason: Database.Statement;
  readonly #byWorker: Database.Statement;
  readonly #byHour: Database.Statement;

  constructor(db: Database.Database) {
    this.#totals = db.prepare(`
      SELECT
        count(*) FILTER (WHERE kind = 'scan') AS scans,
        count(*) FILTER (WHERE kind = 'adjust') AS adjustments,
        count(*) FILTER (WHERE kind = 'sent' AND outcome = 'rejected') AS refusals,
        count(*) FILTER (WHERE kind = 'count' AND outcome = 'done' AND json_extract(details_json, '$.what') = 'count_submitted') AS countsFinished,
        count(*) FILTER (WHERE kind = 'adjust' AND ${REASON} = 'count_correction') AS linesOff,
        coalesce(sum(${DELTA}) FILTER (WHERE kind = 'adjust' AND ${REASON} = 'count_correction'), 0) AS unitsOff
      FROM journal WHERE ${DAY}`);
    this.#byReason = db.prepare(`
      SELECT ${REASON} AS reason, count(*) AS adjustments, coalesce(sum(${DELTA}), 0) AS units
      FROM journal WHERE ${DAY} AND kind = 'adjust'
      GROUP BY 1 ORDER BY adjustments DESC, reason`);
    this.#byWorker = db.prepare(`
      SELECT worker, count(*) FILTER (WHERE kind = 'scan') AS scans, count(*) FILTER (WHERE kind = 'adjust') AS adjustments
      FROM journal WHERE ${DAY} AND kind IN ('scan', 'adjust')
      GROUP BY worker ORDER BY scans + adjustments DESC, worker IS NULL, worker`);
    this.#byHour = db.prepare(`
      SELECT ${HOUR} AS hour, count(*) FILTER (WHERE kind = 'scan') AS scans, count(*) FILTER (WHERE kind = 'adjust') AS adjustments
      FROM journal WHERE ${DAY} AND kind IN ('scan', 'adjust')
      GROUP BY 1`);
  }

  /** `from` and `to` as the journal stamps its lines (UTC, milliseconds, `Z`). */
  day(from: string, to: string): DayFigures {
    const args = { from, to };
    const t = this.#totals.get(args) as { scans: number; adjustments: number; refusals: number; countsFinished: number; linesOff: number; unitsOff: number };
    const hours = Math.ceil((Date.parse(to) - Date.parse(from)) / HOUR_MS);
    const byHour = Array.from({ length: hours }, () => ({ scans: 0, adjustments: 0 }));
    for (const row of this.#byHour.all(args) as Array<{ hour: number; scans: number; adjustments: number }>) {
      byHour[row.hour] = { scans: row.scans, adjustments: row.adjustments };
    }
    return {
      from,
      to,
      scans: t.scans,
      adjustments: t.adjustments,
      byReason: this.#byReason.all(args) as Array<{ reason: TodayReason; adjustments: number; units: number }>,
      byWorker: this.#byWorker.all(args) as Array<{ worker: string | null; scans: number; adjustments: number }>,
      byHour,
      counts: { finished: t.countsFinished, linesOff: t.linesOff, unitsOff: t.unitsOff },
      refusals: t.refusals,
    };
  }
}
