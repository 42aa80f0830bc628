import { closeSync, constants, fstatSync, mkdirSync, openSync, renameSync, rmSync, write, writeSync } from 'node:fs';
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
// A worker's PIN too, by its exact name only ("pin" alone would also hide a shipping address).
const SECRET_KEY = /secret|token|password|passwd|authorization|cookie|credential|api[-_]?key|^pin$/i;
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
  /** Writes what is queued now, before returning: for a path the process may end on (an error nobody caught). */
  flush(): void;
  /** Flushes, then closes the file; later lines are not written. */
  close(): void;
}

export interface FileLogOptions {
  maxBytes?: number;
  /** Older files kept (desk.log.1 is the newest of them). */
  files?: number;
  /** Bytes of lines waiting for the disk, at most; past it the oldest are dropped and counted. */
  backlogBytes?: number;
  now?: () => Date;
}

/** Lines waiting for the disk, by default: as much as one file holds (1 MB, about 10,000 lines). */
const DEFAULT_BACKLOG = DEFAULT_MAX_BYTES;
/** Lines written by one call to the disk, at most. */
const CHUNK_BYTES = 64 * 1024;

interface Write {
  fd: number;
  bytes: Buffer;
  at: number;
}

/**
 * The desk's log as JSON lines in `<dir>/desk.log`, cut at `maxBytes` into desk.log.1 .. .N (the
 * oldest dropped), so support has the last days without the folder growing. Values under a
 * secret's name and credentials inside text are redacted before a line is written.
 *
 * Written from the thread that hosts the window (the core's thread hands its lines over,
 * core-thread/), but never on it: `log` only queues the line, and the writes run on libuv's thread
 * pool, one at a time, in order. A disk that stalls (a network home folder, a full queue of the
 * disk) therefore never holds up the window's thread; lines that arrive faster than the disk
 * takes them wait, up to `backlogBytes`, past which the oldest are dropped and the file says how
 * many. Cutting the file (a few renames, once per `maxBytes`) and opening it stay synchronous.
 * `flush` and `close` write what waits synchronously, for the paths the process ends on.
 *
 * Each write names its place in the file (no O_APPEND): a flush writes again, at the same place,
 * the chunk the pool may not have written yet, so a line is neither lost nor written twice, and
 * the pool's late write of it changes nothing. Hand-written rather than pino: pino's own
 * rotation (pino-roll) runs in a transport worker that Electron would have to load from outside
 * the asar archive, for a few lines a minute. A folder that cannot be written costs the log, never
 * the desk: it is said once on the console.
 */
export function createFileLog(dir: string, options: FileLogOptions = {}): FileLog {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const files = options.files ?? DEFAULT_FILES;
  const backlogBytes = options.backlogBytes ?? DEFAULT_BACKLOG;
  const now = options.now ?? (() => new Date());
  const file = join(dir, LOG_FILE);
  let reported = false;
  const report = (error: unknown): void => {
    if (reported) return;
    reported = true;
    console.error(`[warehouse-desk] the log file ${file} cannot be written; the desk goes on without it:`, String(error));
  };

  let fd: number | null = null;
  /** Where the next write goes: the end of every write made or under way. */
  let end = 0;
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    fd = openSync(file, constants.O_WRONLY | constants.O_CREAT, 0o600);
    end = fstatSync(fd).size;
  } catch (error) {
    report(error);
  }
  const queue: Buffer[] = [];
  let head = 0;
  let queued = 0;
  let dropped = 0;
  let writing: Write | null = null;

  const closeQuietly = (old: number): void => {
    try {
      closeSync(old);
    } catch {
      // already gone
    }
  };
  const rotate = (): void => {
    // A write the pool has not finished keeps its file open until it has (see the callback).
    if (fd !== null && writing?.fd !== fd) closeQuietly(fd);
    fd = null;
    rmSync(`${file}.${files}`, { force: true });
    for (let n = files - 1; n >= 1; n--) {
      try {
        renameSync(`${file}.${n}`, `${file}.${n + 1}`);
      } catch {
        // not there yet
      }
    }
    renameSync(file, `${file}.1`);
    fd = openSync(file, constants.O_WRONLY | constants.O_CREAT, 0o600);
    end = 0;
  };
  const lineOf = (level: string, message: string, data?: Record<string, unknown>): Buffer => {
    let line = JSON.stringify({ at: now().toISOString(), level, message: scrub(message), ...(data ? { data: scrub(data) } : {}) });
    if (line.length > MAX_LINE) line = JSON.stringify({ at: now().toISOString(), level, message: scrub(message), cut: line.length });
    return Buffer.from(`${line}\n`, 'utf8');
  };
  /** Gives back the room of the lines written or dropped. */
  const compact = (): void => {
    if (head < queue.length && (head <= 4096 || head * 2 <= queue.length)) return;
    queue.splice(0, head);
    head = 0;
  };
  /** The next lines to write, as many as fit in the current file and one chunk; null when none wait. */
  const take = (): Buffer | null => {
    const note = dropped > 0 ? lineOf('warn', `${dropped} log lines dropped: they came faster than the disk took them`) : null;
    dropped = 0;
    const first = note ?? queue[head];
    if (!first) return null;
    if (end > 0 && end + first.length > maxBytes) rotate();
    const lines: Buffer[] = note ? [note] : [];
    let bytes = note?.length ?? 0;
    while (head < queue.length) {
      const next = queue[head]!;
      if (lines.length > 0 && (bytes + next.length > CHUNK_BYTES || end + bytes + next.length > maxBytes)) break;
      lines.push(next);
      bytes += next.length;
      queued -= next.length;
      queue[head++] = EMPTY;
    }
    compact();
    return Buffer.concat(lines, bytes);
  };

  const pump = (): void => {
    if (writing || fd === null) return;
    let bytes: Buffer | null;
    try {
      bytes = take();
    } catch (error) {
      report(error);
      return;
    }
    if (!bytes || fd === null) return;
    const job: Write = { fd, bytes, at: end };
    end += bytes.length;
    writing = job;
    write(job.fd, job.bytes, 0, job.bytes.length, job.at, (error) => {
      if (writing === job) writing = null;
      if (error) report(error);
      // Its file was cut or closed meanwhile: it was kept open for this write alone.
      if (job.fd !== fd) closeQuietly(job.fd);
      pump();
    });
  };

  const flush = (): void => {
    if (fd === null) return;
    try {
      // The same bytes at the same place: whether the pool wrote them already or does later.
      if (writing) writeSync(writing.fd, writing.bytes, 0, writing.bytes.length, writing.at);
      for (let bytes = take(); bytes && fd !== null; bytes = take()) {
        writeSync(fd, bytes, 0, bytes.length, end);
        end += bytes.length;
      }
    } catch (error) {
      report(error);
    }
  };

  const log: Log = (level, message, data) => {
    if (fd === null) return;
    const bytes = lineOf(level, message, data);
    queue.push(bytes);
    queued += bytes.length;
    // Too much waits for the disk: the oldest go, counted (the count is written in their place).
    while (queued > backlogBytes && queue.length - head > 1) {
      queued -= queue[head]!.length;
      queue[head++] = EMPTY;
      dropped++;
    }
    compact();
    pump();
  };
  return {
    log,
    flush,
    close() {
      flush();
      if (fd !== null && writing?.fd !== fd) closeQuietly(fd);
      fd = null;
    },
  };
}

const EMPTY = Buffer.alloc(0);

/** One log to several places (the console and the file). */
export function teeLog(...logs: Log[]): Log {
  return (level, message, data) => {
    for (const l of logs) l(level, message, data);
  };
}
