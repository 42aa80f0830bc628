import { basename } from 'node:path';
import type { ExportedFile } from '../../shared/ipc/desk-work-records';
import { details } from './journal-details';
import type { JournalLine } from './journal';

/** Which list an export wrote: the stock list, the Low stock list, the journal, the report of keyed codes. */
export type ExportedList = 'stock' | 'low_stock' | 'journal' | 'keyed_codes';

/** A saved export's line: which list, how many rows, the file's name; none when the worker cancelled the save. */
export function exportLine(list: ExportedList, file: ExportedFile): JournalLine | null {
  if (file.status === 'cancelled') return null;
  const name = file.status === 'saved' ? basename(file.path) : file.fileName;
  return { kind: 'export', code: null, sku: null, details: details('exported', { list, rows: file.rows, file: name }), outcome: 'done', requestId: null };
}
