import { toCsv } from '../kernel/csv-file';
import type { FileSaver } from '../kernel/file-saver';
import type { DeclaredChannels } from './channel-lines';
import { exportLine } from './export-lines';
import { journalColumns, keyedShareColumns } from './journal-csv';
import type { Journal } from './journal';

/** The journal is the desk's, not an account's: it reads and exports the same signed in or out. */
export function journalChannels(journal: Journal, save: FileSaver, deskName: () => string | null, now: () => Date = () => new Date()): DeclaredChannels<'journal.search' | 'journal.export' | 'journal.keyedShare' | 'journal.exportKeyedShare'> {
  return {
    'journal.search': { handle: (query) => journal.search(query ?? {}) },
    'journal.export': {
      handle: (filter) => {
        const { content, rows } = toCsv(journalColumns(deskName()), journal.lines(filter ?? {}));
        return save(`journal-${now().toISOString().slice(0, 10)}.csv`, content, rows);
      },
      journal: (_filter, file) => exportLine('journal', file),
    },
    'journal.keyedShare': { handle: (query) => journal.keyedShare(query ?? {}) },
    'journal.exportKeyedShare': {
      handle: (query) => {
        const { content, rows } = toCsv(keyedShareColumns(deskName()), journal.keyedShare(query ?? {}).rows);
        return save(`keyed-codes-${now().toISOString().slice(0, 10)}.csv`, content, rows);
      },
      journal: (_query, file) => exportLine('keyed_codes', file),
    },
  };
}
