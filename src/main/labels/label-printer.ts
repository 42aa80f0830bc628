import type { Printer } from '../../shared/ipc/label-records';
import type { LabelDocument } from './label-document';

export interface PrintOptions {
  /** Straight to `deviceName` (or the default printer) with no dialog. */
  silent: boolean;
  deviceName: string | null;
}

/**
 * The print path of whoever hosts the core: Electron's webContents.print / printToPDF in the app
 * (electron/label-printer.ts), headless Chromium's PDF in the harness. The core builds the
 * document; the host only puts it on paper or in a file.
 */
export interface LabelPrinter {
  /** False when the worker cancelled the system dialog. */
  print(document: LabelDocument, options: PrintOptions): Promise<boolean>;
  /** The saved file's path, or null when the worker cancelled the save dialog. */
  savePdf(document: LabelDocument, suggestedName: string): Promise<string | null>;
  printers(): Promise<Printer[]>;
}
