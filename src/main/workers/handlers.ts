import type { ApprovalAction } from '../../shared/ipc/approval-records';
import { details, type DeclaredChannels } from '../journal';
import { hashPin } from './pin-hash';
import type { WorkerStore } from './worker-store';

/** Setting a PIN or a role leaves a line naming whose and what (set or cleared), never the PIN. */
/** Spends a supervisor's approval of `action` when one is needed (null: none was); throws `approval_required`. */
export type ApproveAction = (action: ApprovalAction, token: string | undefined) => string | null;

export function workerChannels(workers: WorkerStore, approve: ApproveAction): DeclaredChannels<'workers.list' | 'workers.add' | 'workers.switch' | 'workers.setPin' | 'workers.setRole'> {
  return {
    'workers.list': { handle: () => workers.state() },
    'workers.add': { handle: (input) => workers.add(input) },
    'workers.switch': { handle: (input) => workers.switchTo(input) },
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
