import { z } from './zod';

/**
 * Every call across the bridge answers a Result instead of throwing: Electron would flatten a
 * thrown error to a string, and the renderer must be able to show code and request id.
 */
export const DeskErrorSchema = z.object({
  /** Stable, machine-readable: an API code (`insufficient_stock`) or an app code (`offline`). */
  code: z.string().min(1).max(100),
  /**
   * English text for logs and support, safe to show as a technical detail. Never contains a
   * credential, a token or a stack. The worker reads a sentence the renderer words from the code,
   * `reason` and `params` in the desk's language (ui/error-text.ts).
   */
  message: z.string().max(2000),
  /** Which of the code's sentences this is (`label_not_printable`: `no_gtin`, `unknown_warehouse`, ...). */
  reason: z.string().max(60).optional(),
  /** The values that sentence names (a SKU, a count, an address), never free text to show as it is. */
  params: z.record(z.string().max(40), z.union([z.string().max(300), z.number()])).optional(),
  /** HTTP status when the error came from the service. */
  status: z.number().int().optional(),
  /** The service's request id, for support. */
  requestId: z.string().max(200).optional(),
  /** Field problems of a validation error. */
  details: z.array(z.object({ field: z.string(), problem: z.string() })).max(100).optional(),
});
export type DeskError = z.infer<typeof DeskErrorSchema>;

export type Result<T> = { ok: true; value: T } | { ok: false; error: DeskError };

export function resultSchema<T extends z.ZodType>(value: T) {
  return z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), value }),
    z.object({ ok: z.literal(false), error: DeskErrorSchema }),
  ]);
}

/** Codes the app itself gives (the service's codes are in resources/openapi.yaml). */
export const APP_ERROR_CODES = [
  'invalid_argument', // an IPC argument failed its schema
  'unknown_channel',
  'untrusted_sender',
  'not_signed_in',
  'keychain_unavailable',
  'offline', // needs the service, and the service is not reachable
  'network_error',
  'timeout',
  'unexpected_response', // the service answered something the contract does not allow
  'not_in_cache',
  'outbox_entry_not_found',
  'outbox_not_retryable',
  'outbox_not_discardable',
  'outbox_not_uncertain',
  'outbox_not_rejected', // only a refusal can be marked Seen
  'transfer_not_found',
  'transfer_leg', // a leg of a transfer is undone with its transfer, never alone
  'outcome_unknown', // the adjustment went out and no verdict is known: the service may have applied it
  'label_not_printable', // a label asked for what its record does not have (a GTIN, a warehouse of the SKU)
  'print_failed', // the OS print path or the PDF writer failed
  'internal_error',
  // the capabilities' own refusals (undo, counts, workers)
  'undo_not_possible',
  'already_undone',
  'count_already_open',
  'count_empty',
  'count_not_reviewed',
  'count_partly_submitted',
  'count_line_submitted',
  'count_zone_unknown', // a zone listed a code the desk knows no item by
  'sheet_already_applied', // this very sheet of adjustments was applied before: it is not booked twice
  'count_changed', // a Set count not booked: the service's on-hand moved since it was counted
  'count_matches', // a Set count not booked: the service already shows the counted quantity
  'no_open_count',
  'worker_exists',
  'worker_not_found',
  'setting_locked', // the machine-wide policy locks this setting (or the service address): set by the IT department
  'approval_required', // the action needs a supervisor's approval for these very values, and none valid came with it
  'pin_refused', // reason: wrong | locked | no_pin | not_supervisor
] as const;
export type AppErrorCode = (typeof APP_ERROR_CODES)[number];

/** Thrown inside main's services; the router turns it into `{ok: false, error}`. */
export class DeskFailure extends Error {
  readonly error: DeskError;
  constructor(error: DeskError) {
    super(error.message);
    this.name = 'DeskFailure';
    this.error = error;
  }
}

export function failure(code: AppErrorCode | (string & {}), message: string, extra: Omit<DeskError, 'code' | 'message'> = {}): DeskFailure {
  return new DeskFailure({ code, message, ...extra });
}
