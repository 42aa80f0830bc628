import { BrowserWindow, dialog } from 'electron';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FileSaver } from '../kernel/file-saver';
import type { DialogWords } from './dialog-words';

/** An export goes where the worker chooses in the system's save dialog (Documents by default). */
export function saveWithDialog(defaultDir: () => string, words: () => Promise<DialogWords>): FileSaver {
  return async (suggestedName, content, rows) => {
    const window = BrowserWindow.getFocusedWindow();
    const options = { defaultPath: join(defaultDir(), suggestedName), filters: [{ name: (await words()).csvFiles, extensions: ['csv'] }] };
    const chosen = window ? await dialog.showSaveDialog(window, options) : await dialog.showSaveDialog(options);
    if (chosen.canceled || !chosen.filePath) return { status: 'cancelled' };
    await writeFile(chosen.filePath, content, 'utf8');
    return { status: 'saved', path: chosen.filePath, rows };
  };
}
