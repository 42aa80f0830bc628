// What every benchmark module hands back to bench/run.ts: one row of the table per figure, plus the
// details (all the run statistics) that go to bench/results/latest.json.

export type Unit = 'ms' | 's' | 'req/s' | 'rows/s' | 'MB' | 'KB';

export interface Bound {
  /** What was measured as the yardstick, in the same run and process. */
  label: string;
  value: number;
  unit: Unit;
}

export interface Figure {
  /** Stable JSON key: a script compares runs by it. */
  key: string;
  /** The table's "figure" column. */
  title: string;
  /** The headline number (null: not measured). */
  value: number | null;
  unit: Unit;
  bound: Bound | null;
  /** value / bound.value (times: how many times slower than the bound; throughput: the share of it). */
  ratio: number | null;
  /** How to read the ratio, e.g. "x bound", "of bare". */
  ratioMeaning?: string;
  /** The goal in words, e.g. "p95 < 1 ms and <= 5x bound". */
  goal: string;
  /** null when not measured, or when the figure has no goal (reported only). */
  met: boolean | null;
  /** Why there is no number (a missing piece, a failure): shown instead of a value. */
  notMeasured?: string;
  /** Every statistic of every run, for the JSON file. */
  details?: Record<string, unknown>;
}

export interface BenchContext {
  quick: boolean;
  /** SKUs of the large catalogue (100,000; fewer in quick mode). */
  skus: number;
  /** Repetitions of a whole measurement (full sync, an autocannon run, a batch of lookups). */
  runs: number;
  /** A scratch directory removed at the end. */
  scratch: string;
  log(message: string): void;
  /** Shared between modules: a data dir whose cache holds a full sync of `skus` SKUs (set by the sync module). */
  shared: SharedState;
}

export interface SharedState {
  /** A data dir with a synced cache (cache.sqlite) and the demo sandbox file, ready to reopen. */
  syncedDataDir?: string;
  /** Why syncedDataDir is missing. */
  syncedDataDirMissing?: string;
}

export function notMeasured(key: string, title: string, unit: Unit, goal: string, why: string): Figure {
  return { key, title, value: null, unit, bound: null, ratio: null, goal, met: null, notMeasured: why };
}

export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message.split('\n')[0] ?? error.name;
  return String(error);
}
