import type { ApproveAction } from '../../shared/ipc/approval-records';
import { details, failed, type DeclaredChannels } from '../journal';
import { hashPin } from './pin-hash';
import type { WorkerStore } from './worker-store';


/** Checks the worker's own PIN where the policy requires one to start at the desk; throws `pin_required` or `pin_refused`. */
export type ProveWorker = (who: { id: string } | { badge: string }, pin: string | undefined) => Promise<void>;

/** Setting a PIN or a role leaves a line naming whose and what (set or cleared), never the PIN; so does a refused start at the desk. */
export function workerChannels(workers: WorkerStore, approve: ApproveAction, prove: ProveWorker): DeclaredChannels<'workers.list' | 'workers.add' | 'workers.switch' | 'workers.setPin' | 'workers.setRole'> {
  return {
    'workers.list': { handle: () => workers.state() },
    'workers.add': { handle: (input) => workers.add(input) },
    'workers.switch': {
      handle: async (input) => {
        if (!('nobody' in input)) await prove('id' in input ? { id: input.id } : { badge: input.badge }, input.pin);
        return workers.switchTo(input);
      },
      // A PIN missing or wrong is worth a line (someone tried to act as another); an unknown badge is not.
      journalFailure: (input, thrown) => {
        const f = failed(thrown);
        if (f.error.code !== 'pin_required' && f.error.code !== 'pin_refused') return null;
        const who = 'nobody' in input ? null : workers.withPin('id' in input ? { id: input.id } : { badge: input.badge });
        return { kind: 'worker', code: null, sku: null, outcome: 'failed', requestId: null, details: details('worker_refused', { name: who?.name ?? '' }, f.error) };
      },
    },
    'workers.setPin': {
      handle: async ({ workerId, pin, approval }) => {
        approve({ kind: 'worker', workerId }, approval);
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
      handle: ({ workerId, role, approval }) => {
        approve({ kind: 'worker', workerId }, approval);
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
