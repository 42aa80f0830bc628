import { Worker } from 'node:worker_threads';
import { isChannel, type Channel } from '../../shared/ipc/contract';
import type { Log } from '../kernel/log';
import { PortRpc } from './port-rpc';
import type { ReaderCall, ReaderThreadInit } from './thread-options';

/** The cache's reader thread, as its host sees it (reader-worker.ts). */
export interface ReaderThread {
  /** The channels it answers. */
  readonly channels: ReadonlySet<Channel>;
  /** Its answer, or null when the call is the core's: no answer from the cache, a failure, the reader gone. */
  read(channel: Channel, input: unknown): Promise<unknown>;
  close(): Promise<void>;
}

const NONE: ReaderThread = { channels: new Set(), read: () => Promise.resolve(null), close: () => Promise.resolve() };

/**
 * Starts the reader's thread at once, so it loads its code while the core starts, and opens the
 * cache once `coreStarted` resolves (the file then exists, migrated); a core that fails to start
 * ends the reader too. A reader that cannot start or fails later costs only speed: every call it
 * cannot answer goes to the core, which answers all of them; each failure is logged.
 */
export async function startReaderThread(entry: { url: URL; execArgv?: string[] }, init: ReaderThreadInit, coreStarted: Promise<unknown>, log?: Log): Promise<ReaderThread> {
  const worker = new Worker(entry.url, { workerData: init, name: 'desk-cache-reader', ...(entry.execArgv ? { execArgv: entry.execArgv } : {}) });
  const rpc = new PortRpc(worker, () => undefined);
  worker.on('error', (error) => {
    log?.('error', 'the cache reader thread failed; the core answers its calls', { error: String(error) });
    rpc.stop(error instanceof Error ? error : new Error(String(error)));
  });
  worker.on('exit', (code) => rpc.stop(new Error(`the cache reader thread ended with code ${code}`)));
  const call = (method: ReaderCall, args: unknown[] = []) => rpc.call(method, args);

  try {
    await coreStarted;
  } catch {
    await worker.terminate();
    return NONE;
  }
  let channels: Channel[];
  try {
    channels = ((await call('open')) as unknown[]).filter(isChannel);
  } catch (error) {
    log?.('error', 'the cache reader thread could not start; the core answers its calls', { error: String(error) });
    await worker.terminate();
    return NONE;
  }
  return {
    channels: new Set(channels),
    async read(channel, input) {
      try {
        return await call('read', [channel, input]);
      } catch (error) {
        log?.('warn', 'the cache reader could not answer; the core does', { channel, error: String(error) });
        return null;
      }
    },
    async close() {
      await call('close').catch(() => undefined);
      await worker.terminate();
    },
  };
}

/** The reader's entry beside the core's: `reader-worker.js`, `.mjs` or `.ts` as the core's is. */
export function readerEntryBeside(core: { url: URL; execArgv?: string[] }): { url: URL; execArgv?: string[] } {
  const url = new URL(core.url.href.replace(/core-worker(\.[cm]?[jt]s)$/, 'reader-worker$1'));
  if (url.href === core.url.href) throw new Error(`no reader beside ${core.url.href}: the core's entry must be named core-worker.*`);
  return { url, ...(core.execArgv ? { execArgv: core.execArgv } : {}) };
}
