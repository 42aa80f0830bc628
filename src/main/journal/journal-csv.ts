import type { CsvColumn } from '../kernel/csv-file';
import type { JournalEntry } from '../../shared/ipc/desk-work-records';

export const JOURNAL_COLUMNS: readonly CsvColumn<JournalEntry>[] = [
  { header: 'time (UTC)', value: (e) => e.at },
  { header: 'what', value: (e) => e.kind },
  { header: 'worker', value: (e) => e.worker },
  { header: 'code', value: (e) => e.code },
  { header: 'sku', value: (e) => e.sku },
  { header: 'details', value: (e) => e.summary },
  { header: 'outcome', value: (e) => e.outcome },
  { header: 'request id', value: (e) => e.requestId },
];
