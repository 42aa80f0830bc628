import { BrowserWindow, dialog } from 'electron';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FileSaver } from '../kernel/file-saver';
import type { DialogWords } from './dialog-words';

/** An export (a CSV, the support file's zip) goes where the worker chooses in the system's save dialog (Documents by default). */
export function saveWithDialog(defaultDir: () => string, words: () => Promise<DialogWords>): FileSaver {
  return async (suggestedName, content, rows) => {
    const window = BrowserWindow.getFocusedWindow();
    const zip = suggestedName.endsWith('.zip');
    const said = await words();
    const options = { defaultPath: join(defaultDir(), suggestedName), filters: [zip ? { name: said.zipFiles, extensions: ['zip'] } : { name: said.csvFiles, extensions: ['csv'] }] };
    const chosen = window ? await dialog.showSaveDialog(window, options) : await dialog.showSaveDialog(options);
    if (chosen.canceled || !chosen.filePath) return { status: 'cancelled' };
    await writeFile(chosen.filePath, content, typeof content === 'string' ? 'utf8' : null);
    return { status: 'saved', path: chosen.filePath, rows };
  };
}
