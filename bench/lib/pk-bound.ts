// The bound of the idle lookup in "scan while syncing": a bare primary-key select of the looked-up
// row, reached the same way as the lookup: through the IPC router, and with the core in its
// thread, across a thread hop (PortRpc over a worker's port, as startCoreThread's handlers are).
// The select runs on its own read-only connection to the same cache file.
import { Worker } from 'node:worker_threads';
import { PortRpc } from '../../src/main/core-thread/port-rpc';
import type { CoreHostKind } from './core-host';
import { openPkSelect } from './pk-select';

export interface PkBound {
  /** Stands in for `stock.lookup`'s handler: `{ code }` (a SKU among `skus`) to its stock_items row. */
  lookup(input: { code: string }): unknown;
  close(): Promise<void>;
}

/** The select itself: the SKU-to-id map is filled before any timing, as figure 1's bound does. */
export function pkSelectBySku(cacheFile: string, skus: readonly string[]): { select(code: string): unknown; close(): void } {
  const pk = openPkSelect(cacheFile);
  const ids = new Map(skus.map((sku) => [sku, pk.idOf(sku)]));
  return {
    select(code) {
      const id = ids.get(code);
      if (id === undefined) throw new Error(`the bound knows no SKU ${code}`);
      return pk.select(id);
    },
    close: () => pk.close(),
  };
}

export interface PkWorkerData {
  cacheFile: string;
  skus: string[];
}

export async function openPkBound(kind: CoreHostKind, cacheFile: string, skus: readonly string[]): Promise<PkBound> {
  if (kind === 'inline') {
    const pk = pkSelectBySku(cacheFile, skus);
    return { lookup: ({ code }) => pk.select(code), close: async () => pk.close() };
  }
  const workerData: PkWorkerData = { cacheFile, skus: [...skus] };
  // Run from source: the worker loads TypeScript through tsx, as the bench child does.
  const execArgv = process.execArgv.some((arg) => arg.includes('tsx')) ? process.execArgv : [...process.execArgv, '--import', 'tsx'];
  const worker = new Worker(new URL('./pk-worker.ts', import.meta.url), { workerData, execArgv, name: 'pk-bound' });
  const rpc = new PortRpc(worker, () => {
    throw new Error('the bound thread asks its host nothing');
  });
  await rpc.call('ready');
  return {
    lookup: (input) => rpc.call('handle', ['stock.lookup', input]),
    close: async () => void (await worker.terminate()),
  };
}
