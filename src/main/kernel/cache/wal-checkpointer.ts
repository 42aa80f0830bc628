import type Database from 'better-sqlite3';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { INLINE_CHECKPOINT_PAGES } from './database';

export interface CheckpointerOptions {
  /** How often the worker copies the WAL into the file. */
  intervalMs?: number;
  /** The driver the worker loads (better-sqlite3's resolved path; a test passes a broken one). */
  driverPath?: string;
  /** Each checkpoint that copied frames: the WAL's frames and how many of them are in the file. */
  onCheckpoint?: (result: { log: number; checkpointed: number }) => void;
  /** The worker failed and the main connection checkpoints again; why. */
  onFallback?: (reason: string) => void;
}

export interface WalCheckpointer {
  /** Stops the worker and waits for its connection to close (at most the checkpoint in flight). */
  stop(): void;
}

// The worker blocks on Atomics.wait between checkpoints instead of running an event loop, so the
// main thread can stop it and wait for its connection to close without going async.
// control[0]: 1 = stop asked; control[1]: 1 = connection closed.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const control = new Int32Array(workerData.control);
let db = null;
try {
  const Database = require(workerData.driverPath);
  db = new Database(workerData.file, { fileMustExist: true });
  while (Atomics.load(control, 0) === 0) {
    Atomics.wait(control, 0, 0, workerData.intervalMs);
    if (Atomics.load(control, 0) !== 0) break;
    const [row] = db.pragma('wal_checkpoint(PASSIVE)');
    if (row && row.checkpointed > 0) parentPort.postMessage({ log: row.log, checkpointed: row.checkpointed });
  }
} finally {
  if (db) db.close();
  Atomics.store(control, 1, 1);
  Atomics.notify(control, 1);
}
`;

/**
 * Copies the WAL back into the cache file from a worker thread, so the main thread never does.
 *
 * A checkpoint writes the WAL's pages to their random places in the file and syncs it: at a
 * million SKUs a 1 % sync wrote about 40,000 pages and spent 1.0 of its 2.3 s of writing in the
 * checkpoints its commits ran (docs/benchmarks.md, "The evening pass at a million"). In the main process that time is
 * the event loop's: scans wait behind it. A PASSIVE checkpoint from a second connection runs beside
 * the writer and its readers without blocking either. If the worker cannot run (its driver fails to
 * load, it dies), the main connection checkpoints as before: the WAL never grows unbounded.
 */
export function startWalCheckpointer(db: Database.Database, options: CheckpointerOptions = {}): WalCheckpointer {
  // A rollback journal (no WAL on this file system) or a memory database: nothing to checkpoint.
  if (db.pragma('journal_mode', { simple: true }) !== 'wal') return { stop: () => {} };
  const control = new Int32Array(new SharedArrayBuffer(8));
  /** Whether checkpoints run in the worker now (false once it failed: the main connection does them). */
  let inBackground = true;
  let stopped = false;
  const fallBack = (reason: string): void => {
    if (!inBackground) return;
    inBackground = false;
    if (db.open) db.pragma(`wal_autocheckpoint = ${INLINE_CHECKPOINT_PAGES}`);
    if (!stopped) options.onFallback?.(reason);
  };
  db.pragma('wal_autocheckpoint = 0');
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      file: db.name,
      driverPath: options.driverPath ?? createRequire(import.meta.url).resolve('better-sqlite3'),
      control: control.buffer,
      intervalMs: options.intervalMs ?? 1000,
    },
    // A pragma loop: a small heap is plenty, and the main process's memory is a budget.
    resourceLimits: { maxOldGenerationSizeMb: 8, maxYoungGenerationSizeMb: 2 },
  });
  worker.unref();
  worker.on('message', (m: { log: number; checkpointed: number }) => options.onCheckpoint?.(m));
  worker.on('error', (error) => fallBack(error instanceof Error ? error.message : String(error)));
  worker.on('exit', (code) => fallBack(`the checkpoint worker exited (${code})`));
  return {
    stop() {
      if (stopped) return;
      stopped = true;
      Atomics.store(control, 0, 1);
      Atomics.notify(control, 0);
      // A checkpoint in flight finishes first; a worker that never started has nothing to close.
      if (inBackground) Atomics.wait(control, 1, 0, 5000);
      fallBack('stopped');
    },
  };
}
