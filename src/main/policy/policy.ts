import { z } from 'zod';
import { POLICY_SETTINGS, PolicySetting, type PolicyProblem, type PolicyStatus } from '../../shared/ipc/policy-records';
import { DeskName, ScannerSettings, Settings } from '../../shared/ipc/records';
import type { PrinterSetup } from '../../shared/ipc/printer-records';
import { issueText, nameOf, parsePolicyPrinters } from './policy-printers';
import type { SupervisorRules } from '../../shared/ipc/approval-records';
import { readPolicyFile } from './policy-file';
import { parseSupervisorSection } from './supervisor-section';

/**
 * The service address a policy may name: https only (a policy reaches every desk: a plain-http
 * address would send every desk's client secret in clear text), no user or password in it.
 */
const PolicyServiceUrl = z
  .url({ protocol: /^https$/ })
  .max(500)
  .refine((u) => {
    const url = new URL(u);
    return url.username === '' && url.password === '' && url.hostname !== '';
  }, 'no user name or password in the address');

/**
 * Each setting checked alone, with the settings' own schemas: one bad value does not cost the rest.
 * The printers are checked profile by profile (policy-printers.ts).
 */
const SCHEMAS = {
  serviceUrl: PolicyServiceUrl,
  deskName: DeskName,
  deskWarehouseId: Settings.shape.deskWarehouseId.unwrap().unwrap(),
  language: Settings.shape.language.unwrap(),
  scanner: ScannerSettings.partial(),
  confirmAdjustmentsFrom: Settings.shape.confirmAdjustmentsFrom,
  journalRetentionDays: Settings.shape.journalRetentionDays.unwrap(),
} satisfies Record<Exclude<PolicySetting, 'printers'>, z.ZodType>;

export interface PolicyValues {
  serviceUrl?: string;
  deskName?: string;
  deskWarehouseId?: string;
  language?: z.infer<typeof SCHEMAS.language>;
  scanner?: z.infer<typeof SCHEMAS.scanner>;
  confirmAdjustmentsFrom?: number;
  journalRetentionDays?: number;
  printers?: PrinterSetup;
}

/**
 * What the desk takes from the policy file: valid values (presets, or fixed where locked), the
 * settings locked (a lock stands even when its value was refused: the desk then keeps the value it
 * has, it never opens a setting IT meant to close), and what was refused and why.
 */
export interface ManagedPolicy {
  file: string | null;
  values: PolicyValues;
  locked: ReadonlySet<PolicySetting>;
  /** The `supervisor` section's rules (its valid part over the defaults), null without one. */
  supervisor: SupervisorRules | null;
  problems: PolicyProblem[];
}

export const NO_POLICY: ManagedPolicy = { file: null, values: {}, locked: new Set(), supervisor: null, problems: [] };

const MAX_PROBLEMS = 50;
const TOP_LEVEL = ['settings', 'locked', 'supervisor'];

/** Reads and checks the policy file at `file`; never throws. */
export function loadPolicy(file: string): ManagedPolicy {
  const read = readPolicyFile(file);
  if (read.file === null) return NO_POLICY;
  if ('problem' in read) return { file: read.file, values: {}, locked: new Set(), supervisor: null, problems: [read.problem] };
  return { file: read.file, ...parsePolicy(read.json) };
}

export function parsePolicy(json: unknown): Omit<ManagedPolicy, 'file'> {
  const problems: PolicyProblem[] = [];
  const values: Record<string, unknown> = {};
  const locked = new Set<PolicySetting>();
  const problem = (p: PolicyProblem): void => {
    if (problems.length < MAX_PROBLEMS) problems.push(p);
  };
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return { values: {}, locked, supervisor: null, problems: [{ reason: 'not_an_object', entry: null, detail: 'the policy file must hold one JSON object' }] };
  }
  const top = json as Record<string, unknown>;
  for (const key of Object.keys(top)) {
    if (!TOP_LEVEL.includes(key)) problem({ reason: 'unknown_setting', entry: nameOf(key), detail: `"${nameOf(key)}" is not part of a policy file; ignored` });
  }

  const settings = top['settings'];
  if (settings !== undefined && (typeof settings !== 'object' || settings === null || Array.isArray(settings))) {
    problem({ reason: 'invalid_value', entry: 'settings', detail: 'settings must be an object of setting names and values' });
  } else if (settings) {
    for (const [key, value] of Object.entries(settings as Record<string, unknown>)) {
      const known = PolicySetting.safeParse(key);
      if (!known.success) {
        problem({ reason: 'unknown_setting', entry: `settings.${nameOf(key)}`, detail: `"${nameOf(key)}" is not a setting a policy can set; ignored` });
        continue;
      }
      if (known.data === 'printers') {
        const printers = parsePolicyPrinters(value, problem);
        if (printers) values['printers'] = printers;
        continue;
      }
      const parsed = SCHEMAS[known.data].safeParse(value);
      if (parsed.success) values[known.data] = parsed.data;
      else problem({ reason: 'invalid_value', entry: `settings.${key}`, detail: issueText(parsed.error) });
    }
  }

  const locks = top['locked'];
  if (locks !== undefined && !Array.isArray(locks)) {
    problem({ reason: 'invalid_value', entry: 'locked', detail: 'locked must be a list of setting names' });
  } else if (locks) {
    for (const name of (locks as unknown[]).slice(0, POLICY_SETTINGS.length * 4)) {
      const known = PolicySetting.safeParse(name);
      if (known.success) locked.add(known.data);
      else problem({ reason: 'unknown_setting', entry: 'locked', detail: `"${typeof name === 'string' ? nameOf(name) : typeof name}" is not a setting a policy can lock; ignored` });
    }
  }
  const supervisor = parseSupervisorSection(top['supervisor'], problem);
  return { values: values as PolicyValues, locked, supervisor, problems };
}

export function policyStatus(policy: ManagedPolicy): PolicyStatus {
  return { file: policy.file, locked: [...policy.locked], serviceUrl: policy.values.serviceUrl ?? null, problems: policy.problems };
}
