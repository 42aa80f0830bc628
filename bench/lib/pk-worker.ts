// The thread of the idle lookup's bound (pk-bound.ts): answers `handle` with a bare primary-key
// select, over the same PortRpc the core's thread answers the router's calls with.
import { parentPort, workerData } from 'node:worker_threads';
import { PortRpc } from '../../src/main/core-thread/port-rpc';
import { pkSelectBySku, type PkWorkerData } from './pk-bound';

if (!parentPort) throw new Error('pk-worker.ts runs only as a worker thread (openPkBound)');
const init = workerData as PkWorkerData;
const pk = pkSelectBySku(init.cacheFile, init.skus);

new PortRpc(parentPort, (method, args) => {
  if (method === 'ready') return null;
  if (method === 'handle') return pk.select((args[1] as { code: string }).code);
  throw new Error(`the bound thread serves no ${method}`);
});
