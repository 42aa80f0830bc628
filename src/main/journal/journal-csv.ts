import type { CsvColumn } from '../kernel/csv-file';
import type { JournalEntry } from '../../shared/ipc/desk-work-records';
import type { KeyedShareRow } from '../../shared/ipc/movement-records';

/**
 * The journal as a spreadsheet. The desk's name is on each line: IT puts the exports of many desks
 * side by side, and the name is the one Settings (or the IT policy) gives this desk, as it is when
 * exported.
 */
export const journalColumns = (deskName: string | null): readonly CsvColumn<JournalEntry>[] => [
  { header: 'time (UTC)', value: (e) => e.at },
  { header: 'what', value: (e) => e.kind },
  { header: 'worker', value: (e) => e.worker },
  { header: 'code', value: (e) => e.code },
  { header: 'sku', value: (e) => e.sku },
  { header: 'details', value: (e) => e.summary },
  { header: 'outcome', value: (e) => e.outcome },
  { header: 'request id', value: (e) => e.requestId },
  { header: 'desk', value: () => deskName },
  // scanned or keyed: how the line's code was entered (empty where the desk does not know). Last,
  // as each column added after the first version: a sheet read by position keeps its columns.
  { header: 'entered', value: (e) => e.entry ?? null },
];

/** The keyed-code report as a spreadsheet: one line per UTC day and worker, the share in percent with one decimal. */
export const keyedShareColumns = (deskName: string | null): readonly CsvColumn<KeyedShareRow>[] => [
  { header: 'day (UTC)', value: (r) => r.day },
  { header: 'worker', value: (r) => r.worker },
  { header: 'adjustments on scanned codes', value: (r) => r.scanned },
  { header: 'adjustments on keyed codes', value: (r) => r.keyed },
  { header: 'keyed share (%)', value: (r) => Math.round((r.keyed * 1000) / Math.max(1, r.scanned + r.keyed)) / 10 },
  { header: 'desk', value: () => deskName },
];
