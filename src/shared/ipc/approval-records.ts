import { z } from './zod';
import { SettingsPatch, ShipmentToken, Sku, WarehouseId } from './records';
import { Badge, OutboxEntryId, Pin, WorkerId, WorkerRole } from './desk-work-records';

export { Pin };

/** An approval token: random, one use, short-lived, kept in main only. */
export const ApprovalToken = z.string().regex(/^apv_[a-f0-9]{32}$/, 'not an approval');

/** Once a supervisor has a PIN, a PIN or a role changes only with a supervisor's approval (`approval`). */
export const SetPinInput = z.strictObject({ workerId: WorkerId, pin: Pin.nullable(), approval: ApprovalToken.optional() });
export type SetPinInput = z.infer<typeof SetPinInput>;
export const SetRoleInput = z.strictObject({ workerId: WorkerId, role: WorkerRole, approval: ApprovalToken.optional() });
export type SetRoleInput = z.infer<typeof SetRoleInput>;

/**
 * The rules of approval: from the policy's `supervisor` section, else the desk's defaults (nothing
 * needs approval). `adjustmentsFrom`: an adjustment of this size or more (either sign) needs a
 * supervisor; null: none does.
 */
export const SupervisorRules = z.strictObject({
  pinRequired: z.boolean(),
  approve: z.strictObject({
    adjustmentsFrom: z.number().int().min(1).max(1_000_000).nullable(),
    discardUncertain: z.boolean(),
    cancelShipment: z.boolean(),
    changeSettings: z.boolean(),
  }),
  maxAttempts: z.number().int().min(1).max(20),
  lockoutMinutes: z.number().int().min(1).max(24 * 60),
});
export type SupervisorRules = z.infer<typeof SupervisorRules>;

export const DEFAULT_SUPERVISOR_RULES: SupervisorRules = {
  pinRequired: false,
  approve: { adjustmentsFrom: null, discardUncertain: false, cancelShipment: false, changeSettings: false },
  maxAttempts: 5,
  lockoutMinutes: 5,
};

/** The very action a supervisor approves, with its values: an approval is good for this and nothing else. */
export const ApprovalAction = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('adjust'), sku: Sku, warehouseId: WarehouseId, delta: z.number().int().min(-1_000_000).max(1_000_000) }),
  // A worker's PIN or role: who may approve is decided by them, so it is approved like the rest.
  z.strictObject({ kind: z.literal('worker'), workerId: WorkerId }),
  // Ending an adjustment whose outcome stayed unknown without sending it: dropped, or taken as
  // applied (either way it is never sent; "applied" is no way round a supervisor).
  z.strictObject({ kind: z.literal('uncertain'), entryId: OutboxEntryId, choice: z.enum(['drop', 'applied']) }),
  z.strictObject({ kind: z.literal('shipment'), token: ShipmentToken, verb: z.enum(['cancel', 'delete']) }),
  // The settings change as sent to `settings.update`: the approval is for these values and no others.
  z.strictObject({ kind: z.literal('settings'), patch: SettingsPatch }),
]);
export type ApprovalAction = z.infer<typeof ApprovalAction>;

/** Spends a supervisor's approval of `action` when one is needed (null: none was); throws `approval_required`. */
export type ApproveAction = (action: ApprovalAction, token: string | undefined) => string | null;

/**
 * Settings that are the worker's own comfort, changed without a supervisor whatever the policy
 * says: the language of the screens and the sounds (the status bar's mute switch).
 */
export const COMFORT_SETTINGS = ['language', 'soundsMuted'] as const satisfies ReadonlyArray<keyof SettingsPatch>;

/** The settings a change sets that are not comfort ones, sorted: what a supervisor approves of it. */
export function approvedSettings(patch: SettingsPatch): Array<keyof SettingsPatch> {
  return (Object.keys(patch) as Array<keyof SettingsPatch>).filter((k) => patch[k] !== undefined && !(COMFORT_SETTINGS as readonly string[]).includes(k)).sort();
}

export const ApprovalRequest = z.strictObject({
  supervisor: z.union([z.strictObject({ id: WorkerId }), z.strictObject({ badge: Badge })]),
  pin: Pin,
  action: ApprovalAction,
});
export type ApprovalRequest = z.infer<typeof ApprovalRequest>;

export const Approval = z.object({ token: ApprovalToken, approver: z.string() });
export type Approval = z.infer<typeof Approval>;
