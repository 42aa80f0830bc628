import type { ExportedFile } from '../../../shared/ipc/desk-work-records';
import { plural } from './format';

/**
 * Finishes an export main has made: saved by Electron's dialog already, or handed back (a host
 * without a dialog) to be downloaded by the page. Returns what to tell the worker, or null when
 * they cancelled.
 */
export function finishExport(file: ExportedFile, what: string): string | null {
  switch (file.status) {
    case 'cancelled':
      return null;
    case 'saved':
      return `${plural(file.rows, what)} saved to ${file.path}.`;
    case 'download': {
      const url = URL.createObjectURL(new Blob([file.content], { type: 'text/csv;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = file.fileName;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      return `${plural(file.rows, what)} exported as ${file.fileName}.`;
    }
  }
}
