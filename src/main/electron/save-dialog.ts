import { BrowserWindow, dialog } from 'electron';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FileSaver } from '../kernel/file-saver';

/** An export goes where the worker chooses in the system's save dialog (Documents by default). */
export function saveWithDialog(defaultDir: () => string): FileSaver {
  return async (suggestedName, content, rows) => {
    const window = BrowserWindow.getFocusedWindow();
    const options = { defaultPath: join(defaultDir(), suggestedName), filters: [{ name: 'CSV (spreadsheet)', extensions: ['csv'] }] };
    const chosen = window ? await dialog.showSaveDialog(window, options) : await dialog.showSaveDialog(options);
    if (chosen.canceled || !chosen.filePath) return { status: 'cancelled' };
    await writeFile(chosen.filePath, content, 'utf8');
    return { status: 'saved', path: chosen.filePath, rows };
  };
}
