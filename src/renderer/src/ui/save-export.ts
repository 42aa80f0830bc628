import type { ExportedFile } from '../../../shared/ipc/desk-work-records';
import { m } from '../i18n/messages';
import { formatNumber } from './format';

/**
 * Finishes an export main has made (a CSV, the support file): saved by Electron's dialog already, or handed back (a host
 * without a dialog) to be downloaded by the page. Returns what to tell the worker, or null when
 * they cancelled.
 */
export function finishExport(file: ExportedFile, what: 'journal lines' | 'stock rows' | 'support file'): string | null {
  const count = file.status === 'cancelled' ? 0 : file.rows;
  const n = formatNumber(count);
  switch (file.status) {
    case 'cancelled':
      return null;
    case 'saved':
      if (what === 'support file') return m.support_saved({ path: file.path });
      return what === 'journal lines' ? m.export_lines_saved({ count, n, path: file.path }) : m.export_rows_saved({ count, n, path: file.path });
    case 'download': {
      // A zip comes as base64: the answer is JSON, which carries no bytes.
      const blob = file.encoding === 'base64' ? new Blob([Uint8Array.from(atob(file.content), (c) => c.charCodeAt(0))], { type: 'application/zip' }) : new Blob([file.content], { type: 'text/csv;charset=utf-8' });
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = file.fileName;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      if (what === 'support file') return m.support_downloaded({ file: file.fileName });
      return what === 'journal lines' ? m.export_lines_downloaded({ count, n, file: file.fileName }) : m.export_rows_downloaded({ count, n, file: file.fileName });
    }
  }
}
