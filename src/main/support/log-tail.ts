import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOG_DIR, LOG_FILE } from '../kernel/log-file';

/** The log lines a support file carries, at most: about a working day at a busy desk. */
export const LOG_TAIL_LINES = 2000;
export const LOG_TAIL_BYTES = 1024 * 1024;

function readOrEmpty(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

/**
 * The last lines of the desk's log (`logs/desk.log` in the data folder, and the file cut before it
 * when the current one is young), at most LOG_TAIL_LINES lines and LOG_TAIL_BYTES bytes. The
 * log's lines had secrets redacted when they were written (kernel/log-file.ts).
 */
export function logTail(dataDir: string): string {
  const file = join(dataDir, LOG_DIR, LOG_FILE);
  const text = readOrEmpty(`${file}.1`) + readOrEmpty(file);
  const lines = text.split('\n').filter((line) => line !== '');
  const kept: string[] = [];
  let bytes = 0;
  for (let i = lines.length - 1; i >= 0 && kept.length < LOG_TAIL_LINES; i--) {
    const line = lines[i]!;
    bytes += Buffer.byteLength(line) + 1;
    if (bytes > LOG_TAIL_BYTES) break;
    kept.push(line);
  }
  return kept.reverse().map((line) => `${line}\n`).join('');
}
