import type { ApprovalAction } from '../../../shared/ipc/approval-records';
import type { Result } from '../../../shared/ipc/result';

interface Asking {
  action: ApprovalAction;
  /** The action in the worker's words, for the dialog. */
  what: string;
  /** The token main gave for the supervisor's PIN, or null: cancelled. */
  answer: (token: string | null) => void;
}

/** The approval the shell's dialog (ui/ApprovalHost.svelte) is asking for, if any. */
export const approval = $state<{ asking: Asking | null }>({ asking: null });

const cancelled = new WeakSet<object>();

/** Whether this refusal stands because the worker cancelled the approval: nothing happened, nothing to say. */
export function approvalCancelled(r: Result<unknown>): boolean {
  return cancelled.has(r);
}

/**
 * Sends an action; when main refuses it for want of a supervisor's approval (whether the policy
 * asks for one is main's to know, and main checks it), the approval dialog asks for one and the
 * action goes again with its token. Cancelled, main's refusal stands and nothing was done.
 * `onask` runs as the dialog opens (e.g. to close a confirmation it would stand on).
 */
export async function withApproval<T>(action: ApprovalAction, what: string, send: (approval?: string) => Promise<Result<T>>, onask?: () => void): Promise<Result<T>> {
  const first = await send();
  if (first.ok || first.error.code !== 'approval_required') return first;
  onask?.();
  const token = await new Promise<string | null>((answer) => {
    // One dialog at a time: an earlier one still open is cancelled.
    approval.asking?.answer(null);
    approval.asking = { action, what, answer };
  });
  if (token !== null) return send(token);
  cancelled.add(first);
  return first;
}
