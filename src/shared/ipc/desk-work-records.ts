import { z } from './zod';
import { CodeRefusal } from './code-refusal';
import { CodeEntry, IsoDate, IsoDateTime, OutboxEntry, Sku, WarehouseId, WorkerBadgeAnswer } from './records';

/**
 * The desk's own records (no API resource behind them): who is at the desk, the journal of what
 * was done there, and files the desk exports.
 */

// Printable text only: a name or badge ends up in adjustment notes and CSV cells.
const printable = /^[^\p{Cc}]*$/u;

export const WorkerId = z.string().regex(/^wkr_[a-z0-9]{12}$/, 'not a worker id');
/** A badge barcode: what a scanner reads off a worker's card. */
export const Badge = z.string().trim().regex(/^[A-Za-z0-9._-]{3,64}$/, 'letters, digits, dot, dash or underscore, 3 to 64 of them');
export const WorkerName = z.string().trim().min(1, 'a name is needed').max(60).regex(printable, 'no control characters');

export const WORKER_ROLES = ['worker', 'supervisor'] as const;
export const WorkerRole = z.enum(WORKER_ROLES);
export type WorkerRole = z.infer<typeof WorkerRole>;

/** `hasPin` only: the PIN itself, or its hash, never leaves main. */
export const Worker = z.object({ id: WorkerId, name: z.string(), badge: z.string().nullable(), addedAt: IsoDateTime, role: WorkerRole, hasPin: z.boolean() });
export type Worker = z.infer<typeof Worker>;

export const Workers = z.object({ workers: z.array(Worker), current: Worker.nullable() });
export type Workers = z.infer<typeof Workers>;

export const AddWorkerInput = z.strictObject({ name: WorkerName, badge: Badge.optional() });
export type AddWorkerInput = z.infer<typeof AddWorkerInput>;

/** Digits only, as typed on a desk's keypad; never stored or logged as such (main keeps a scrypt hash). */
export const Pin = z.string().regex(/^\d{4,12}$/, '4 to 12 digits');

/**
 * By id (picked from the list), by badge (scanned), or nobody (the worker leaves the desk). `pin`
 * is the worker's own, where the policy requires one to start at the desk.
 */
export const SwitchWorkerInput = z.union([
  z.strictObject({ id: WorkerId, pin: Pin.optional() }),
  z.strictObject({ badge: Badge, pin: Pin.optional() }),
  z.strictObject({ nobody: z.literal(true) }),
]);
export type SwitchWorkerInput = z.infer<typeof SwitchWorkerInput>;

export const JOURNAL_KINDS = ['scan', 'adjust', 'sent', 'retry', 'discard', 'undo', 'resolve', 'transfer', 'create', 'cancel', 'delete', 'worker', 'count', 'settings', 'account', 'print', 'levels', 'check', 'sync', 'export', 'approval'] as const;
export const JournalKind = z.enum(JOURNAL_KINDS);
export type JournalKind = z.infer<typeof JournalKind>;

/** How it ended, as far as the desk knows at the time of the line. */
export const JOURNAL_OUTCOMES = ['found', 'not_found', 'queued', 'applied', 'rejected', 'discarded', 'done', 'failed'] as const;
export const JournalOutcome = z.enum(JOURNAL_OUTCOMES);
export type JournalOutcome = z.infer<typeof JournalOutcome>;

/**
 * What a journal line says, as data: which sentence (`what`) and the values it names, so the
 * screen words it in the desk's language. The English `summary` main also writes is for the CSV
 * export and for lines written before this existed.
 */
export const JOURNAL_WHATS = [
  'stock_found', // name, onHand
  'shipment_found', // token
  'worker_badge', // name
  'worker_badge_pin', // name: a badge scanned where a PIN is required; the worker was asked for it
  'not_in_cache',
  'not_found',
  'invalid_code', // problem (in English), why and the refusal's params (shared/ipc/code-refusal.ts)
  'failed', // only the error
  'adjustment', // delta, warehouse, reason
  'undo_withdrawn', // delta, warehouse, reason
  'undo_reversed', // delta, warehouse, reason, reversalDelta
  'resolve_dropped', // delta, warehouse, reason
  'resolve_resent', // delta, warehouse, reason
  'resolve_applied', // delta, warehouse, reason
  'to_check_checked', // delta, warehouse, why (transfer | undo): a change a rebuilt cache held back, checked by hand
  'transfer', // quantity, from, to, transfer
  'transfer_undone', // quantity, from, to, transfer (the one undone)
  'count_started', // count, warehouse, skus (0: no zone)
  'count_counted', // counted, count
  'count_refused', // reason (not_found | not_in_zone | invalid), problem; with invalid, why and the refusal's params
  'count_set', // counted, count
  'count_decided', // decision (accepted | recount), count
  'count_submitted', // count, warehouse, queued, unchanged, waiting
  'count_abandoned', // count, warehouse
  'shipment_created', // reference, carrier
  'shipment_create', // reference (a create that failed)
  'shipment_cancelled', // reference
  'shipment_deleted', // token
  'policy_applied', // file, locked (how many settings), preset (how many)
  'policy_refused', // reason (shared/ipc/policy-records.ts), entry ('' for the whole file), detail (English)
  'setting_changed', // settings (names, comma-separated), from, to (values as shown, never a secret: settings hold none)
  'signed_in', // client, service
  'sign_in', // client, service: a sign-in that failed, with its error
  'signed_out', // client ('' for the demo)
  'demo_started',
  'labels_printed', // labels, printer (its name), label (shelf | product | shipment | scanner-test | test-print), systemJob (a raw queue's job id)
  'minimum_set', // warehouse ('' for all warehouses), minimum, reorder ('' for enough to reach the minimum)
  'minimum_cleared', // warehouse ('' for all warehouses)
  'minimums_imported', // file, applied, problems (lines left out)
  'adjustments_imported', // file, queued, unchanged (counted lines already right), problems (lines left out)
  'count_list_imported', // file, count, warehouse, skus, problems (lines left out)
  'sync_failed', // only the error (its code, and the request id on the line)
  'exported', // list (stock | low_stock | journal | keyed_codes), rows, file (its name)
  'support_file', // file (its name)
  'approval_granted', // approver, action; adjust, uncertain_drop, uncertain_applied: sku, warehouse, delta; worker: name; shipment_cancel, shipment_delete: shipment; settings: settings (names)
  'approval_refused', // approver and the values of approval_granted; the error's reason says why (wrong | locked | no_pin | not_supervisor)
  'pin_set', // name, pin (set | cleared)
  'role_set', // name, role
  'worker_refused', // name (a PIN required to start at the desk was missing or wrong)
] as const;
export const JournalWhatKind = z.enum(JOURNAL_WHATS);
export type JournalWhatKind = z.infer<typeof JournalWhatKind>;

export const JournalWhat = z.object({
  what: JournalWhatKind,
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  /** A failed or refused action: the error as the screens word any error (code, reason, params), its English message for the CSV. */
  error: z
    .object({
      code: z.string(),
      message: z.string(),
      reason: z.string().optional(),
      params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    })
    .optional(),
});
export type JournalWhat = z.infer<typeof JournalWhat>;

export const JournalEntry = z.object({
  seq: z.number().int(),
  at: IsoDateTime,
  kind: JournalKind,
  worker: z.string().nullable(),
  /** What was scanned or typed, as read. */
  code: z.string().nullable(),
  sku: z.string().nullable(),
  /** In English, as main wrote it: "-3 at Main warehouse (damaged)". The screens word `details` instead when it is there. */
  summary: z.string(),
  /** The same as data, for the screens to word; null on lines written before the desk stored it. */
  details: JournalWhat.nullable(),
  outcome: JournalOutcome,
  requestId: z.string().nullable(),
  /** A scan's or an adjustment's line: how its code was entered; absent when the desk does not know (older lines, callers that do not say). */
  entry: CodeEntry.optional(),
});
export type JournalEntry = z.infer<typeof JournalEntry>;

export const JournalFilter = z.strictObject({
  sku: Sku.optional(),
  /** A worker's name, matched exactly. */
  worker: z.string().max(60).optional(),
  /** A calendar day in UTC. */
  day: IsoDate.optional(),
  outcome: JournalOutcome.optional(),
  kind: JournalKind.optional(),
});
export type JournalFilter = z.infer<typeof JournalFilter>;

export const JournalQuery = JournalFilter.extend({
  /** Newest first; pass the previous page's `nextBefore` for older lines. */
  before: z.number().int().min(1).optional(),
  limit: z.number().int().min(1).max(500).optional(),
});
export type JournalQuery = z.infer<typeof JournalQuery>;

export const JournalPage = z.object({ entries: z.array(JournalEntry), nextBefore: z.number().int().nullable() });
export type JournalPage = z.infer<typeof JournalPage>;

/** The stock list as shown: its filter, warehouse and order. */
export const StockExportInput = z.strictObject({
  query: z.string().max(200).optional(),
  warehouseId: WarehouseId.optional(),
  sort: z.enum(['sku', 'name', 'onHand', 'available', 'updatedAt']).optional(),
  direction: z.enum(['asc', 'desc']).optional(),
});
export type StockExportInput = z.infer<typeof StockExportInput>;

/**
 * A file the desk exported. Electron saves it where the worker chose in a save dialog; a host
 * without one (the harness in a browser) hands the content back for the page to download.
 */
export const ExportedFile = z.discriminatedUnion('status', [
  z.object({ status: z.literal('saved'), path: z.string(), rows: z.number().int() }),
  z.object({ status: z.literal('cancelled') }),
  z.object({ status: z.literal('download'), fileName: z.string(), content: z.string(), rows: z.number().int(), encoding: z.literal('base64').optional() }),
]);
export type ExportedFile = z.infer<typeof ExportedFile>;

/** The scanner setup check's last verdict, kept in main for the support file: when, and what it found (finding ids, none when all was right). */
export const ScannerCheckResult = z.strictObject({
  at: IsoDateTime,
  findings: z.array(z.string().regex(/^[a-z0-9_]{1,40}$/)).max(20),
});
export type ScannerCheckResult = z.infer<typeof ScannerCheckResult>;

export const OutboxEntryId = z.string().min(1).max(100);

/** An undo and the adjustment it reverses, for the outbox and history to show them as linked. */
export const UndoLink = z.object({ undoId: z.string(), originalId: z.string() });
export type UndoLink = z.infer<typeof UndoLink>;

export const TransferInput = z
  .strictObject({ sku: Sku, fromWarehouseId: WarehouseId, toWarehouseId: WarehouseId, quantity: z.number().int().min(1).max(1_000_000) })
  .refine((t) => t.fromWarehouseId !== t.toWarehouseId, { message: 'from and to must be different warehouses', path: ['toWarehouseId'] });
export type TransferInput = z.infer<typeof TransferInput>;

/**
 * pending: a leg is on its way; done: both applied; out_refused: nothing moved; in_refused: taken
 * out of the source but not booked into the destination (the worker must act); cancelled: the out
 * leg was discarded (never sent, or decided "not applied"); uncertain: a leg went out long ago
 * without an answer and waits for the worker's decision in the Outbox; undone: its undo is queued
 * (what moved goes back: see `undoneBy` or `reversal`).
 */
export const TRANSFER_STATES = ['pending', 'done', 'out_refused', 'in_refused', 'cancelled', 'uncertain', 'undone'] as const;
export const TransferState = z.enum(TRANSFER_STATES);
export type TransferState = z.infer<typeof TransferState>;

/**
 * What is wrong with a transfer and what to do, as a code the screen words in the desk's language:
 * the out leg refused for want of stock or otherwise, its outcome unknown past the service's key
 * horizon or unreadable, the in leg refused or unknown, the undo refused, or the move back stuck.
 */
export const TransferAdvice = z.enum(['out_refused_stock', 'out_refused', 'out_unknown', 'out_unreadable', 'in_refused', 'in_unknown', 'undo_refused', 'undo_stuck']);
export type TransferAdvice = z.infer<typeof TransferAdvice>;

export const Transfer = z.object({
  id: z.string(),
  sku: Sku,
  fromWarehouseId: WarehouseId,
  toWarehouseId: WarehouseId,
  quantity: z.number().int(),
  worker: z.string().nullable(),
  createdAt: IsoDateTime,
  state: TransferState,
  out: OutboxEntry,
  /** Null until the out leg is applied. */
  in: OutboxEntry.nullable(),
  /** What the worker should do now, when something is wrong (the screen words it). */
  advice: TransferAdvice.nullable(),
  /** This transfer is the undo of that one (it moves the stock back). */
  reverses: z.string().nullable(),
  /** The transfer that undoes this one (a done transfer is undone by moving the stock back). */
  undoneBy: z.string().nullable(),
  /** The adjustment that puts the stock back into the source (the undo of a transfer whose in leg never went). */
  reversal: OutboxEntry.nullable(),
});
export type Transfer = z.infer<typeof Transfer>;

/**
 * Undo of an adjustment: one never sent is withdrawn from the outbox; one the service applied gets
 * a reversing adjustment, linked to it, sent through the outbox like any. A leg of a transfer is
 * never undone alone (it would create or destroy stock): `transfers.undo` undoes the transfer.
 */
export const UndoResult = z.discriminatedUnion('action', [
  z.object({ action: z.literal('withdrawn'), entry: OutboxEntry }),
  z.object({ action: z.literal('reversed'), original: OutboxEntry, reversal: OutboxEntry }),
]);
export type UndoResult = z.infer<typeof UndoResult>;


/**
 * A zone to count: the items on its shelves, each by SKU or by product barcode (EAN/GTIN), resolved
 * to SKUs through the cache when the count starts (none given: everything scanned counts).
 */
export const CountStartInput = z.strictObject({ warehouseId: WarehouseId, zone: z.array(z.string().trim().min(1).max(200)).min(1).max(5000).optional() });
export type CountStartInput = z.infer<typeof CountStartInput>;

/** pending: counted, not yet judged; accepted: to be submitted; recount: counted again from zero. */
export const COUNT_DECISIONS = ['pending', 'accepted', 'recount'] as const;
export const CountDecision = z.enum(COUNT_DECISIONS);
export type CountDecision = z.infer<typeof CountDecision>;

export const CountLine = z.object({
  sku: Sku,
  name: z.string().nullable(),
  counted: z.number().int(),
  decision: CountDecision,
  /** The on-hand the desk knew when this SKU was first counted (null: it knew none). */
  basisOnHand: z.number().int().nullable(),
  /** Set once submitted: the on-hand the delta was computed against, and the adjustment queued (none when nothing differed). */
  onHandAtSubmit: z.number().int().nullable(),
  submittedAt: IsoDateTime.nullable(),
  entry: OutboxEntry.nullable(),
});
export type CountLine = z.infer<typeof CountLine>;

export const CountSession = z.object({
  id: z.string(),
  warehouseId: WarehouseId,
  zone: z.array(Sku).nullable(),
  worker: z.string().nullable(),
  state: z.enum(['open', 'submitted', 'abandoned']),
  startedAt: IsoDateTime,
  submittedAt: IsoDateTime.nullable(),
  /** Newest counted first. */
  lines: z.array(CountLine),
});
export type CountSession = z.infer<typeof CountSession>;

/** `entry`: how the code came in (a count's codes come from the scanner; a caller that does not say is not known). */
export const CountScanInput = z.strictObject({ code: z.string().min(1).max(200), entry: CodeEntry.optional() });
export const CountScanResult = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('counted'), sku: Sku, name: z.string().nullable(), counted: z.number().int(), session: CountSession }),
  z.object({
    kind: z.literal('refused'),
    code: z.string(),
    reason: z.enum(['not_found', 'not_in_zone', 'invalid']),
    /** English, for logs and the journal's export. */
    message: z.string(),
    /** With `invalid`: why the code was refused, for the screen to word (the lookup's refusal). */
    refusal: CodeRefusal.optional(),
  }),
  /** A worker's badge: nothing was counted. */
  WorkerBadgeAnswer,
]);
export type CountScanResult = z.infer<typeof CountScanResult>;

export const CountSetInput = z.strictObject({ sku: Sku, counted: z.number().int().min(0).max(1_000_000) });
export const CountDecideInput = z.strictObject({ sku: Sku, decision: z.enum(['accepted', 'recount']) });

/**
 * A change of this SKU at the count's warehouse the service has not booked yet (a transfer leg in
 * or out, or any adjustment in the outbox): the shelf may already show it and the service's
 * on-hand does not, so the line waits until it is settled. `state`: waiting (queued, being sent,
 * or a transfer's in leg not queued yet); unknown (sent, whether it was booked is not known: the
 * Outbox asks for a decision); refused (the service refused it: retry or drop it in the Outbox).
 */
export const CountWait = z.object({
  kind: z.enum(['transfer_in', 'transfer_out', 'change']),
  /** What it changes at the count's warehouse. */
  delta: z.number().int(),
  /** A transfer's other warehouse. */
  otherWarehouseId: WarehouseId.nullable(),
  state: z.enum(['waiting', 'unknown', 'refused']),
  entryId: z.string().nullable(),
  transferId: z.string().nullable(),
});
export type CountWait = z.infer<typeof CountWait>;

/**
 * One counted SKU against the freshest on-hand the desk could get, or a SKU of the zone nobody
 * counted (`counted` null): submitting leaves its stock as it is, unless it is counted (0 too).
 */
export const CountReviewLine = z.object({
  sku: Sku,
  name: z.string().nullable(),
  counted: z.number().int().nullable(),
  decision: CountDecision,
  /** Null when neither the service nor the cache knows this SKU at this warehouse. */
  onHand: z.number().int().nullable(),
  source: z.enum(['service', 'cache', 'none']),
  /** When the service last confirmed `onHand`: its age when it comes from the cache. */
  asOf: IsoDateTime.nullable(),
  /** counted - onHand: what an adjustment submitted now would change. */
  difference: z.number().int().nullable(),
  basisOnHand: z.number().int().nullable(),
  /** onHand - basisOnHand when the service's figure moved while the count went on (someone else adjusted it). */
  changedSince: z.number().int().nullable(),
  submitted: z.boolean(),
  /** Unsettled changes at this warehouse: while any is, submitting leaves this line waiting. */
  waitsFor: z.array(CountWait),
});
export type CountReviewLine = z.infer<typeof CountReviewLine>;

export const CountReview = z.object({ session: CountSession, lines: z.array(CountReviewLine), online: z.boolean() });
export type CountReview = z.infer<typeof CountReview>;

/** How far a count's submission has got: lines queued (or found unchanged) of all its lines. */
export const CountProgress = z.object({ sessionId: z.string(), done: z.number().int(), total: z.number().int() });
export type CountProgress = z.infer<typeof CountProgress>;
