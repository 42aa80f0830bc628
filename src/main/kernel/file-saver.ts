import type { ExportedFile } from '../../shared/ipc/desk-work-records';

/**
 * Where an exported file goes: Electron asks the worker with a save dialog and writes it; a host
 * without one (the harness, serving a browser) hands the content back for the page to download.
 */
export type FileSaver = (suggestedName: string, content: string, rows: number) => Promise<ExportedFile>;

export const downloadInstead: FileSaver = (fileName, content, rows) => Promise.resolve({ status: 'download', fileName, content, rows });
