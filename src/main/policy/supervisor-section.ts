import type { z } from 'zod';
import { DEFAULT_SUPERVISOR_RULES, SupervisorRules } from '../../shared/ipc/approval-records';
import type { PolicyProblem } from '../../shared/ipc/policy-records';

const nameOf = (key: string): string => key.replace(/[^\w.-]/g, '?').slice(0, 60);

function issue(error: z.ZodError): string {
  const first = error.issues[0];
  return (first ? (first.path.length > 0 ? `${first.path.join('.')}: ${first.message}` : first.message) : 'invalid').slice(0, 200);
}

const TOP = SupervisorRules.shape;
const APPROVE = TOP.approve.shape;

/**
 * The policy's `supervisor` section, entry by entry like the settings: a bad value or an unknown
 * name is a problem and costs only itself; what is valid applies over the desk's defaults. Null
 * when the file has no such section.
 */
export function parseSupervisorSection(section: unknown, problem: (p: PolicyProblem) => void): SupervisorRules | null {
  if (section === undefined) return null;
  if (typeof section !== 'object' || section === null || Array.isArray(section)) {
    problem({ reason: 'invalid_value', entry: 'supervisor', detail: 'supervisor must be an object of rules' });
    return null;
  }
  const rules: SupervisorRules = structuredClone(DEFAULT_SUPERVISOR_RULES);
  for (const [key, value] of Object.entries(section as Record<string, unknown>)) {
    if (key === 'approve') {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        problem({ reason: 'invalid_value', entry: 'supervisor.approve', detail: 'approve must be an object of actions' });
        continue;
      }
      for (const [action, rule] of Object.entries(value as Record<string, unknown>)) {
        if (!Object.hasOwn(APPROVE, action)) {
          problem({ reason: 'unknown_setting', entry: `supervisor.approve.${nameOf(action)}`, detail: `"${nameOf(action)}" is not an action a supervisor approves; ignored` });
          continue;
        }
        const parsed = APPROVE[action as keyof typeof APPROVE].safeParse(rule);
        if (parsed.success) Object.assign(rules.approve, { [action]: parsed.data });
        else problem({ reason: 'invalid_value', entry: `supervisor.approve.${action}`, detail: issue(parsed.error) });
      }
      continue;
    }
    if (!Object.hasOwn(TOP, key)) {
      problem({ reason: 'unknown_setting', entry: `supervisor.${nameOf(key)}`, detail: `"${nameOf(key)}" is not a supervisor rule; ignored` });
      continue;
    }
    const parsed = TOP[key as Exclude<keyof typeof TOP, 'approve'>].safeParse(value);
    if (parsed.success) Object.assign(rules, { [key]: parsed.data });
    else problem({ reason: 'invalid_value', entry: `supervisor.${key}`, detail: issue(parsed.error) });
  }
  return rules;
}
