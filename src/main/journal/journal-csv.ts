import type { CsvColumn } from '../kernel/csv-file';
import type { JournalEntry } from '../../shared/ipc/desk-work-records';

/**
 * The journal as a spreadsheet. The desk's name ends each line: IT puts the exports of many desks
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
];
