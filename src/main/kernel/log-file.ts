import { closeSync, fstatSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { Log } from './log';

/** The log's folder inside the data folder, and its file. */
export const LOG_DIR = 'logs';
export const LOG_FILE = 'desk.log';
/** A log file is cut here and the older ones kept beside it: the folder never holds more than cap x (files + 1). */
const DEFAULT_MAX_BYTES = 1024 * 1024;
const DEFAULT_FILES = 4;
/** One line never takes more than this: a huge value is cut, not written whole. */
const MAX_LINE = 8 * 1024;

/** Names under which a value is never written, whoever passed it (a mistake must not become a leak). */
const SECRET_KEY = /secret|token|password|passwd|authorization|cookie|credential|api[-_]?key/i;
/** Strings that carry a credential whatever their key: a bearer header, an address with user:password. */
const SECRET_TEXT: Array<[RegExp, string]> = [
  [/\b(bearer|basic)\s+[\w\-.~+/=]+/gi, '$1 [redacted]'],
  [/(\w+:\/\/)[^/\s:@]+:[^/\s@]+@/g, '$1[redacted]@'],
];

function scrub(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return SECRET_TEXT.reduce((text, [pattern, replacement]) => text.replace(pattern, replacement), value);
  if (value === null || typeof value !== 'object') return value;
  if (depth > 4) return '[nested]';
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => scrub(v, depth + 1));
  return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, SECRET_KEY.test(k) ? '[redacted]' : scrub(v, depth + 1)]));
}

export interface FileLog {
  log: Log;
  close(): void;
}

export interface FileLogOptions {
  maxBytes?: number;
  /** Older files kept (desk.log.1 is the newest of them). */
  files?: number;
  now?: () => Date;
}

/**
 * The desk's log as JSON lines in `<dir>/desk.log`, cut at `maxBytes` into desk.log.1 .. .N (the
 * oldest dropped), so support has the last days without the folder growing. Written by the host
 * thread alone (the core's thread hands its lines over, core-thread/): one writer, appends in
 * order, no lock. Values under a secret's name and credentials inside text are redacted before a
 * line is written. Hand-written rather than pino: pino's own rotation (pino-roll) runs in a
 * transport worker that Electron would have to load from outside the asar archive, for a few lines
 * a day; this is a synchronous append of one short line.
 */
export function createFileLog(dir: string, options: FileLogOptions = {}): FileLog {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const files = options.files ?? DEFAULT_FILES;
  const now = options.now ?? (() => new Date());
  const file = join(dir, LOG_FILE);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  let fd: number | null = openSync(file, 'a', 0o600);
  let size = fstatSync(fd).size;

  const rotate = (): void => {
    if (fd !== null) closeSync(fd);
    rmSync(`${file}.${files}`, { force: true });
    for (let n = files - 1; n >= 1; n--) {
      try {
        renameSync(`${file}.${n}`, `${file}.${n + 1}`);
      } catch {
        // not there yet
      }
    }
    renameSync(file, `${file}.1`);
    fd = openSync(file, 'a', 0o600);
    size = 0;
  };

  const log: Log = (level, message, data) => {
    if (fd === null) return;
    let line = JSON.stringify({ at: now().toISOString(), level, message: scrub(message), ...(data ? { data: scrub(data) } : {}) });
    if (line.length > MAX_LINE) line = JSON.stringify({ at: now().toISOString(), level, message: scrub(message), cut: line.length });
    const bytes = Buffer.from(`${line}\n`, 'utf8');
    try {
      if (size > 0 && size + bytes.length > maxBytes) rotate();
      size += writeSync(fd, bytes);
    } catch {
      // A full disk or a folder taken away costs the log, never the desk.
    }
  };
  return {
    log,
    close() {
      if (fd !== null) closeSync(fd);
      fd = null;
    },
  };
}

/** One log to several places (the console and the file). */
export function teeLog(...logs: Log[]): Log {
  return (level, message, data) => {
    for (const l of logs) l(level, message, data);
  };
}
