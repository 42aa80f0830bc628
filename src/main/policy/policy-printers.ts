import type { z } from 'zod';
import type { PolicyProblem } from '../../shared/ipc/policy-records';
import { PrinterProfile, ROUTED_LABELS, type PrinterSetup } from '../../shared/ipc/printer-records';

/** As many as a desk's own printer list holds (PrinterSetup); a policy naming more is cut, not refused. */
const MAX_PROFILES = 20;
const KEYS = ['profiles', 'routes'];

export type Problem = (p: PolicyProblem) => void;

/** Short, for the journal and the log: the file's own text is never echoed (it may be anything). */
export function issueText(error: z.ZodError): string {
  return error.issues
    .slice(0, 2)
    .map((i) => (i.path.length > 0 ? `${i.path.join('.')}: ${i.message}` : i.message))
    .join('; ')
    .slice(0, 200);
}

/** A name from the file, shown in a problem: cut and stripped to what a setting name can hold. */
export const nameOf = (key: string): string => key.replace(/[^\w.-]/g, '?').slice(0, 60);

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The policy's printers, each profile and route checked alone with the desk's own schemas: a
 * hostile one (an address that is no host, a port out of range, a queue name with shell
 * characters) is reported and left out, the others apply. Undefined when nothing is usable as a
 * printer list at all (then a lock keeps the desk's own printers, unchangeable).
 */
export function parsePolicyPrinters(value: unknown, problem: Problem): PrinterSetup | undefined {
  const at = 'settings.printers';
  if (!isObject(value)) {
    problem({ reason: 'invalid_value', entry: at, detail: 'printers must be an object with a list of profiles and the label routes' });
    return undefined;
  }
  for (const key of Object.keys(value)) {
    if (!KEYS.includes(key)) problem({ reason: 'unknown_setting', entry: `${at}.${nameOf(key)}`, detail: `"${nameOf(key)}" is not part of the printers; ignored` });
  }
  const listed = value['profiles'] ?? [];
  if (!Array.isArray(listed)) {
    problem({ reason: 'invalid_value', entry: `${at}.profiles`, detail: 'profiles must be a list of printers' });
    return undefined;
  }
  if (listed.length > MAX_PROFILES) {
    problem({ reason: 'invalid_value', entry: `${at}.profiles`, detail: `a policy names at most ${MAX_PROFILES} printers; ${listed.length - MAX_PROFILES} more were left out` });
  }
  const profiles: PrinterProfile[] = [];
  listed.slice(0, MAX_PROFILES).forEach((candidate: unknown, index) => {
    const parsed = PrinterProfile.safeParse(candidate);
    if (!parsed.success) problem({ reason: 'invalid_value', entry: `${at}.profiles.${index}`, detail: issueText(parsed.error) });
    else if (profiles.some((p) => p.id === parsed.data.id)) problem({ reason: 'invalid_value', entry: `${at}.profiles.${index}`, detail: `a printer with the id ${parsed.data.id} is named before; this one is left out` });
    else profiles.push(parsed.data);
  });

  const routes: PrinterSetup['routes'] = {};
  const asked = value['routes'] ?? {};
  if (!isObject(asked)) {
    problem({ reason: 'invalid_value', entry: `${at}.routes`, detail: 'routes must be an object of label kinds and printer ids' });
    return { profiles, routes };
  }
  for (const [label, to] of Object.entries(asked)) {
    const known = ROUTED_LABELS.find((l) => l === label);
    if (!known) {
      problem({ reason: 'unknown_setting', entry: `${at}.routes.${nameOf(label)}`, detail: `"${nameOf(label)}" is not a label kind (${ROUTED_LABELS.join(', ')}); ignored` });
    } else if (typeof to !== 'string' || !profiles.some((p) => p.id === to)) {
      problem({ reason: 'invalid_value', entry: `${at}.routes.${known}`, detail: `the ${known} labels go to no printer of the policy's valid profiles` });
    } else {
      routes[known] = to;
    }
  }
  return { profiles, routes };
}
