import type { LanguageSetting } from '../../shared/ipc/records';
import { LANGUAGES } from '../../shared/ipc/value-lists';

/**
 * The few words main itself puts on the screen: the system save dialogs' title and file-type
 * name, in the desk's language. A small table here rather than words sent by the renderer with
 * each export or print: those channels then carry no text a page could fill to dress up a system
 * dialog, and their contract stays as it is. Checked by test/main/electron/dialog-words.test.ts (every
 * language, none left in English); the renderer's words stay in its catalogue.
 */
export type DialogLanguage = (typeof LANGUAGES)[number];

export interface DialogWords {
  /** Title of the save dialog for labels printed to a PDF file. */
  saveLabelsAsPdf: string;
  /** The file-type filter of a CSV export's save dialog. */
  csvFiles: string;
  /** The file-type filter of the support file's save dialog. */
  zipFiles: string;
}

export const DIALOG_WORDS: Record<DialogLanguage, DialogWords> = {
  en: { saveLabelsAsPdf: 'Save labels as PDF', csvFiles: 'CSV (spreadsheet)', zipFiles: 'Zip archive' },
  de: { saveLabelsAsPdf: 'Etiketten als PDF speichern', csvFiles: 'CSV (Tabelle)', zipFiles: 'ZIP-Archiv' },
  nl: { saveLabelsAsPdf: 'Etiketten opslaan als pdf', csvFiles: 'CSV (rekenblad)', zipFiles: 'Zip-archief' },
  fr: { saveLabelsAsPdf: 'Enregistrer les étiquettes en PDF', csvFiles: 'CSV (tableur)', zipFiles: 'Archive ZIP' },
  pl: { saveLabelsAsPdf: 'Zapisz etykiety jako PDF', csvFiles: 'CSV (arkusz kalkulacyjny)', zipFiles: 'Archiwum ZIP' },
};

/** The language chosen in Settings, or for `system` the first of the computer's the desk speaks (as the renderer decides it). */
export function dialogLanguage(setting: LanguageSetting | undefined, system: readonly string[]): DialogLanguage {
  if (setting !== undefined && setting !== 'system') return setting;
  for (const tag of system) {
    const lang = tag.toLowerCase().split(/[-_]/)[0] ?? '';
    if ((LANGUAGES as readonly string[]).includes(lang)) return lang as DialogLanguage;
  }
  return 'en';
}
