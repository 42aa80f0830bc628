import type { PolicySetting, PolicyStatus } from '../../../shared/ipc/policy-records';
import { call } from './desk';

/** What the IT department's policy file locks and presets on this desk; nothing until main has answered. */
export const policy = $state<{ value: PolicyStatus }>({ value: { file: null, locked: [], serviceUrl: null, problems: [] } });

export async function loadPolicy(): Promise<void> {
  const r = await call((d) => d.policy.get());
  if (r.ok) policy.value = r.value;
}

/** A setting the IT department locked: shown, not changeable (main refuses a change anyway). */
export function isLocked(setting: PolicySetting): boolean {
  return policy.value.locked.includes(setting);
}
