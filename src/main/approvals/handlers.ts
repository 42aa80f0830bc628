import type { ApprovalAction, ApprovalRequest } from '../../shared/ipc/approval-records';
import { details, failed, type DeclaredChannels, type JournalLine, type WarehouseLabel } from '../journal';
import type { Approvals } from './approvals';

/** What an approval line names of its action (the PIN is never part of a line). */
function actionParams(action: ApprovalAction, warehouse: WarehouseLabel, workerName: (id: string) => string): Record<string, string | number> {
  switch (action.kind) {
    case 'adjust':
      return { action: 'adjust', sku: action.sku, warehouse: warehouse(action.warehouseId), delta: action.delta };
    case 'worker':
      return { action: 'worker', name: workerName(action.workerId) };
  }
}

const skuOf = (action: ApprovalAction): string | null => (action.kind === 'adjust' ? action.sku : null);

/**
 * `approvals.request`: a supervisor's PIN for one action. Each answer is a journal line, granted
 * or refused (a wrong PIN, a lockout, not a supervisor), under the worker at the desk.
 */
export function approvalChannels(approvals: Approvals, warehouse: WarehouseLabel, workerName: (id: string) => string): DeclaredChannels<'approvals.request'> {
  const line = (input: ApprovalRequest, outcome: 'done' | 'failed'): Omit<JournalLine, 'details'> => ({
    kind: 'approval',
    code: null,
    sku: skuOf(input.action),
    outcome,
    requestId: null,
  });
  return {
    'approvals.request': {
      handle: (input) => approvals.request(input),
      journal: (input, approval) => ({ ...line(input, 'done'), details: details('approval_granted', { approver: approval.approver, ...actionParams(input.action, warehouse, workerName) }) }),
      journalFailure: (input, thrown) => {
        const f = failed(thrown);
        const approver = typeof f.error.params?.['name'] === 'string' ? f.error.params['name'] : '';
        return { ...line(input, 'failed'), details: details('approval_refused', { approver, ...actionParams(input.action, warehouse, workerName) }, f.error) };
      },
    },
  };
}
