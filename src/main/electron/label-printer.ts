import { app, BrowserWindow, dialog, session } from 'electron';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { printOptionsFor, type LabelDocument, type LabelPrinter } from '../labels';
import type { DialogWords } from './dialog-words';
import { secureWebPreferences } from './window-options';

/** Print windows live in their own in-memory session: nothing of the app's session is shared. */
const PRINT_PARTITION = 'labels-print';
const MICRONS_PER_MM = 1000;

/**
 * Loads a label document (static HTML, no script, its own CSP) into a hidden window that runs no
 * JavaScript, lets `use` print it, and closes the window whatever happens.
 */
async function withDocument<T>(document: LabelDocument, use: (window: BrowserWindow) => Promise<T>): Promise<T> {
  const window = new BrowserWindow({
    show: false,
    // Restated literally, as for the main window, so static scanners (Electronegativity) see them here.
    webPreferences: {
      ...secureWebPreferences(null),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      disableBlinkFeatures: 'Auxclick',
      partition: PRINT_PARTITION,
      javascript: false,
    },
  });
  try {
    session.fromPartition(PRINT_PARTITION).setPermissionRequestHandler((_c, _p, callback) => callback(false));
    await window.loadURL(`data:text/html;charset=utf-8;base64,${Buffer.from(document.html, 'utf8').toString('base64')}`);
    return await use(window);
  } finally {
    if (!window.isDestroyed()) window.destroy();
  }
}

/**
 * Electron's print path for labels: the system print dialog, or silent printing to the chosen
 * printer for a job of at most SILENT_PRINT_MAX_LABELS labels, and "Save as PDF" through
 * webContents.printToPDF behind a save dialog. The document comes ready from the core (labels/);
 * this file only hands it to Chromium's printing.
 */
export function electronLabelPrinter(mainWindow: () => BrowserWindow | null, words: () => Promise<DialogWords>): LabelPrinter {
  return {
    // The cap is applied again here, on the document about to print, whoever asked for it.
    print: (document, requested) => {
      const options = printOptionsFor(document.labels, requested);
      return withDocument(
        document,
        (window) =>
          new Promise<boolean>((resolve, reject) => {
            window.webContents.print(
              {
                silent: options.silent,
                ...(options.deviceName ? { deviceName: options.deviceName } : {}),
                printBackground: true,
                margins: { marginType: 'none' },
                pageSize: { width: document.pageMm.width * MICRONS_PER_MM, height: document.pageMm.height * MICRONS_PER_MM },
              },
              (success, failureReason) => {
                if (success) resolve(true);
                // Closing the system dialog is the worker's choice, not a failure.
                else if (/cancel/i.test(failureReason)) resolve(false);
                else reject(new Error(failureReason || 'the printer refused the job'));
              },
            );
          }),
      );
    },
    async savePdf(document, suggestedName) {
      const parent = mainWindow();
      const options = { title: (await words()).saveLabelsAsPdf, defaultPath: join(app.getPath('documents'), suggestedName), filters: [{ name: 'PDF', extensions: ['pdf'] }] };
      const chosen = parent ? await dialog.showSaveDialog(parent, options) : await dialog.showSaveDialog(options);
      if (chosen.canceled || !chosen.filePath) return null;
      const path = chosen.filePath;
      const pdf = await withDocument(document, (window) => window.webContents.printToPDF({ preferCSSPageSize: true, printBackground: true, margins: { top: 0, bottom: 0, left: 0, right: 0 } }));
      await writeFile(path, pdf);
      return path;
    },
    async printers() {
      const contents = mainWindow()?.webContents;
      if (!contents) return [];
      return (await contents.getPrintersAsync()).map((p) => ({ name: p.name, displayName: p.displayName || p.name }));
    },
  };
}
