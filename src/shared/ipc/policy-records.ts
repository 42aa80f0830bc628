import { z } from './zod';

/** The settings a machine-wide policy file may preset and lock (docs/deployment.md). */
export const POLICY_SETTINGS = ['serviceUrl', 'deskName', 'deskWarehouseId', 'language', 'scanner', 'confirmAdjustmentsFrom', 'journalRetentionDays', 'printers'] as const;
export const PolicySetting = z.enum(POLICY_SETTINGS);
export type PolicySetting = z.infer<typeof PolicySetting>;

/**
 * Why part or all of a policy file was not applied, for the screens to word:
 * the whole file (`unreadable`, `not_a_file`, `too_large`, `not_json`, `not_an_object`) or one entry
 * of it (`unknown_setting`, `invalid_value`).
 */
export const POLICY_PROBLEMS = ['unreadable', 'not_a_file', 'too_large', 'not_json', 'not_an_object', 'unknown_setting', 'invalid_value'] as const;
export const PolicyProblemReason = z.enum(POLICY_PROBLEMS);
export type PolicyProblemReason = z.infer<typeof PolicyProblemReason>;

export const PolicyProblem = z.object({
  reason: PolicyProblemReason,
  /** The entry of the file it is about (`settings.language`, `locked`), null for the whole file. */
  entry: z.string().max(80).nullable(),
  /** English, for the log, the journal's CSV and support. */
  detail: z.string().max(300),
});
export type PolicyProblem = z.infer<typeof PolicyProblem>;

/** What the desk took from the policy file, as the Settings screen shows it. */
export const PolicyStatus = z.object({
  /** The file read, null when there is none on this computer. */
  file: z.string().nullable(),
  /** Settings the desk may not change (set by the IT department). */
  locked: z.array(PolicySetting),
  /** The service address the policy names (valid): the sign-in form starts with it; with `serviceUrl` locked, every sign-in must use it. */
  serviceUrl: z.string().nullable(),
  problems: z.array(PolicyProblem).max(50),
});
export type PolicyStatus = z.infer<typeof PolicyStatus>;
