import { z } from './zod';
import { Sku, WarehouseId } from './records';
import { Badge, WorkerId, WorkerRole } from './desk-work-records';

/** Digits only, as typed on a desk's keypad; never stored or logged as such (main keeps a scrypt hash). */
export const Pin = z.string().regex(/^\d{4,12}$/, '4 to 12 digits');

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
]);
export type ApprovalAction = z.infer<typeof ApprovalAction>;

export const ApprovalRequest = z.strictObject({
  supervisor: z.union([z.strictObject({ id: WorkerId }), z.strictObject({ badge: Badge })]),
  pin: Pin,
  action: ApprovalAction,
});
export type ApprovalRequest = z.infer<typeof ApprovalRequest>;

export const Approval = z.object({ token: ApprovalToken, approver: z.string() });
export type Approval = z.infer<typeof Approval>;
