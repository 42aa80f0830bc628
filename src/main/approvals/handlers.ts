import { approvedSettings, type ApprovalAction, type ApprovalRequest } from '../../shared/ipc/approval-records';
import type { OutboxEntry } from '../../shared/ipc/records';
import { details, failed, type DeclaredChannels, type JournalLine, type WarehouseLabel } from '../journal';
import type { Approvals } from './approvals';

/** What an approval's line needs to name its action in words: a worker's name, an adjustment waiting in the outbox. */
export interface ApprovalNames {
  warehouse: WarehouseLabel;
  workerName: (id: string) => string;
  entry: (id: string) => Pick<OutboxEntry, 'sku' | 'delta' | 'warehouseId'> | undefined;
}

/** What an approval line names of its action (the PIN is never part of a line). */
function actionParams(action: ApprovalAction, { warehouse, workerName, entry }: ApprovalNames): Record<string, string | number> {
  switch (action.kind) {
    case 'adjust':
      return { action: 'adjust', sku: action.sku, warehouse: warehouse(action.warehouseId), delta: action.delta };
    case 'worker':
      return { action: 'worker', name: workerName(action.workerId) };
    case 'uncertain': {
      const e = entry(action.entryId);
      return { action: action.choice === 'drop' ? 'uncertain_drop' : 'uncertain_applied', ...(e ? { sku: e.sku, warehouse: warehouse(e.warehouseId), delta: e.delta } : {}) };
    }
    case 'shipment':
      return { action: action.verb === 'cancel' ? 'shipment_cancel' : 'shipment_delete', shipment: action.token };
    case 'settings':
      return { action: 'settings', settings: approvedSettings(action.patch).join(', ') };
  }
}

function skuOf(action: ApprovalAction, names: ApprovalNames): string | null {
  if (action.kind === 'adjust') return action.sku;
  return action.kind === 'uncertain' ? (names.entry(action.entryId)?.sku ?? null) : null;
}

/**
 * `approvals.request`: a supervisor's PIN for one action. Each answer is a journal line, granted
 * or refused (a wrong PIN, a lockout, not a supervisor), under the worker at the desk.
 */
export function approvalChannels(approvals: Approvals, names: ApprovalNames): DeclaredChannels<'approvals.request'> {
  const line = (input: ApprovalRequest, outcome: 'done' | 'failed'): Omit<JournalLine, 'details'> => ({
    kind: 'approval',
    code: input.action.kind === 'shipment' ? input.action.token : null,
    sku: skuOf(input.action, names),
    outcome,
    requestId: null,
  });
  return {
    'approvals.request': {
      handle: (input) => approvals.request(input),
      journal: (input, approval) => ({ ...line(input, 'done'), details: details('approval_granted', { approver: approval.approver, ...actionParams(input.action, names) }) }),
      journalFailure: (input, thrown) => {
        const f = failed(thrown);
        const approver = typeof f.error.params?.['name'] === 'string' ? f.error.params['name'] : '';
        return { ...line(input, 'failed'), details: details('approval_refused', { approver, ...actionParams(input.action, names) }, f.error) };
      },
    },
  };
}
