import type { ExportedFile } from '../../shared/ipc/desk-work-records';

/**
 * Where an exported file goes: Electron asks the worker with a save dialog and writes it; a host
 * without one (the harness, serving a browser) hands the content back for the page to download.
 * Text (a CSV) or bytes (the support file's zip); bytes go back to a page as base64.
 */
export type FileSaver = (suggestedName: string, content: string | Uint8Array, rows: number) => Promise<ExportedFile>;

export const downloadInstead: FileSaver = (fileName, content, rows) =>
  Promise.resolve(typeof content === 'string' ? { status: 'download', fileName, content, rows } : { status: 'download', fileName, content: Buffer.from(content).toString('base64'), rows, encoding: 'base64' });
