import type { DeclaredChannels } from '../journal';
import type { WorkerStore } from './worker-store';

export function workerChannels(workers: WorkerStore): DeclaredChannels<'workers.list' | 'workers.add' | 'workers.switch'> {
  return {
    'workers.list': { handle: () => workers.state() },
    'workers.add': { handle: (input) => workers.add(input) },
    'workers.switch': { handle: (input) => workers.switchTo(input) },
  };
}
