import type { HandlerMap } from '../kernel/ipc/router';
import type { WorkerStore } from './worker-store';

export function workerHandlers(workers: WorkerStore): HandlerMap<'workers.list' | 'workers.add' | 'workers.switch'> {
  return {
    'workers.list': () => workers.state(),
    'workers.add': (input) => workers.add(input),
    'workers.switch': (input) => workers.switchTo(input),
  };
}
