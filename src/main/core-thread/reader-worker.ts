import Database from 'better-sqlite3';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { isChannel } from '../../shared/ipc/contract';
import { createCacheReaders } from '../composition/cache-readers';
import { CACHE_FILE } from '../kernel/cache';
import { PortRpc, type Port } from './port-rpc';
import type { ReaderCall, ReaderThreadInit } from './thread-options';

/**
 * The cache's reader, in a thread of its own beside the core's: the calls a read-only connection
 * can answer (a scan's lookup, a page of the stock list) are answered here, so they never wait behind what the core's
 * thread is doing (a sync's page writes, the sort indexes it builds, a count's submission). WAL
 * lets this connection read the last committed state while the core writes.
 */
if (!parentPort) throw new Error('reader-worker.ts runs only as a worker thread (startReaderThread)');
const port: Port = parentPort;
const init = workerData as ReaderThreadInit;

const reachable = new Int32Array(init.reachable);

/**
 * The thread starts beside the core's and loads its code meanwhile; the cache file is opened when
 * the host asks, once the core has made and migrated it.
 */
function open(): { db: Database.Database; readers: ReturnType<typeof createCacheReaders> } {
  const db = new Database(join(init.dataDir, CACHE_FILE), { readonly: true, fileMustExist: true });
  // The core's page cache size (database.ts): the stock list's pages are read here, through the
  // key and sort indexes, whose inner pages it holds. Its memory is the process's: 8 MB at most.
  db.pragma('cache_size = -8192');
  return { db, readers: createCacheReaders({ db, serviceReachable: () => Atomics.load(reachable, 0) === 1 }) };
}
let opened: ReturnType<typeof open> | null = null;

new PortRpc(port, (method, args) => {
  switch (method as ReaderCall) {
    case 'open':
      opened ??= open();
      return Object.keys(opened.readers);
    case 'read': {
      const [channel, input] = args;
      const readers = opened?.readers;
      if (!readers) throw new Error('the reader is not open');
      if (!isChannel(channel) || !Object.hasOwn(readers, channel)) throw new Error(`the reader answers no ${String(channel)}`);
      return (readers[channel as keyof typeof readers] as (input: unknown) => unknown)(input);
    }
    case 'close':
      opened?.db.close();
      opened = null;
      return null;
  }
});
