import { details, type DeclaredChannels } from '../journal';
import { hashPin } from './pin-hash';
import type { WorkerStore } from './worker-store';

/** Setting a PIN or a role leaves a line naming whose and what (set or cleared), never the PIN. */
export function workerChannels(workers: WorkerStore): DeclaredChannels<'workers.list' | 'workers.add' | 'workers.switch' | 'workers.setPin' | 'workers.setRole'> {
  return {
    'workers.list': { handle: () => workers.state() },
    'workers.add': { handle: (input) => workers.add(input) },
    'workers.switch': { handle: (input) => workers.switchTo(input) },
    'workers.setPin': {
      handle: async ({ workerId, pin }) => {
        workers.setPinHash(workerId, pin === null ? null : await hashPin(pin));
        return workers.state();
      },
      journal: ({ workerId, pin }, state) => ({
        kind: 'worker',
        code: null,
        sku: null,
        outcome: 'done',
        requestId: null,
        details: details('pin_set', { name: state.workers.find((w) => w.id === workerId)?.name ?? '', pin: pin === null ? 'cleared' : 'set' }),
      }),
    },
    'workers.setRole': {
      handle: ({ workerId, role }) => {
        workers.setRole(workerId, role);
        return workers.state();
      },
      journal: ({ workerId, role }, state) => ({
        kind: 'worker',
        code: null,
        sku: null,
        outcome: 'done',
        requestId: null,
        details: details('role_set', { name: state.workers.find((w) => w.id === workerId)?.name ?? '', role }),
      }),
    },
  };
}
