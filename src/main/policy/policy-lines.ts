import { details, type JournalLine } from '../journal';
import type { ManagedPolicy } from './policy';

/**
 * The journal's lines for the policy read at start: one that it applied (what it locks and
 * presets), one per part refused. No policy file, no line.
 */
export function policyLines(policy: ManagedPolicy): JournalLine[] {
  if (policy.file === null) return [];
  const refused: JournalLine[] = policy.problems.map((p) => ({
    kind: 'settings',
    code: null,
    sku: null,
    details: details('policy_refused', { reason: p.reason, entry: p.entry ?? '', detail: p.detail }),
    outcome: 'failed',
    requestId: null,
  }));
  const wholeFileRefused = policy.problems.some((p) => p.entry === null);
  if (wholeFileRefused) return refused;
  const preset = Object.keys(policy.values).filter((k) => !policy.locked.has(k as never)).length;
  return [
    {
      kind: 'settings',
      code: null,
      sku: null,
      details: details('policy_applied', { file: policy.file, locked: policy.locked.size, preset }),
      outcome: 'done',
      requestId: null,
    },
    ...refused,
  ];
}
