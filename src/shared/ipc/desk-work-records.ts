import { z } from 'zod';
import { IsoDate, IsoDateTime, OutboxEntry, Sku, WarehouseId } from './records';

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

export const Worker = z.object({ id: WorkerId, name: z.string(), badge: z.string().nullable(), addedAt: IsoDateTime });
export type Worker = z.infer<typeof Worker>;

export const Workers = z.object({ workers: z.array(Worker), current: Worker.nullable() });
export type Workers = z.infer<typeof Workers>;

export const AddWorkerInput = z.strictObject({ name: WorkerName, badge: Badge.optional() });
export type AddWorkerInput = z.infer<typeof AddWorkerInput>;

/** By id (picked from the list), by badge (scanned), or nobody (the worker leaves the desk). */
export const SwitchWorkerInput = z.union([z.strictObject({ id: WorkerId }), z.strictObject({ badge: Badge }), z.strictObject({ nobody: z.literal(true) })]);
export type SwitchWorkerInput = z.infer<typeof SwitchWorkerInput>;

export const JOURNAL_KINDS = ['scan', 'adjust', 'sent', 'retry', 'discard', 'undo', 'transfer', 'create', 'cancel', 'delete', 'worker'] as const;
export const JournalKind = z.enum(JOURNAL_KINDS);
export type JournalKind = z.infer<typeof JournalKind>;

/** How it ended, as far as the desk knows at the time of the line. */
export const JOURNAL_OUTCOMES = ['found', 'not_found', 'queued', 'applied', 'rejected', 'discarded', 'done', 'failed'] as const;
export const JournalOutcome = z.enum(JOURNAL_OUTCOMES);
export type JournalOutcome = z.infer<typeof JournalOutcome>;

export const JournalEntry = z.object({
  seq: z.number().int(),
  at: IsoDateTime,
  kind: JournalKind,
  worker: z.string().nullable(),
  /** What was scanned or typed, as read. */
  code: z.string().nullable(),
  sku: z.string().nullable(),
  /** One line a worker can read: "-3 at Main warehouse (damaged)". */
  summary: z.string(),
  outcome: JournalOutcome,
  requestId: z.string().nullable(),
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
  z.object({ status: z.literal('download'), fileName: z.string(), content: z.string(), rows: z.number().int() }),
]);
export type ExportedFile = z.infer<typeof ExportedFile>;

export const OutboxEntryId = z.string().min(1).max(100);

/**
 * Undo of an adjustment: one not yet sent is withdrawn from the outbox (never sent); one the
 * service applied gets a reversing adjustment, linked to it, sent through the outbox like any.
 */
export const UndoResult = z.discriminatedUnion('action', [
  z.object({ action: z.literal('withdrawn'), entry: OutboxEntry }),
  z.object({ action: z.literal('reversed'), original: OutboxEntry, reversal: OutboxEntry }),
]);
export type UndoResult = z.infer<typeof UndoResult>;

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
 * leg was discarded before it was sent.
 */
export const TRANSFER_STATES = ['pending', 'done', 'out_refused', 'in_refused', 'cancelled'] as const;
export const TransferState = z.enum(TRANSFER_STATES);
export type TransferState = z.infer<typeof TransferState>;

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
  /** What the worker should do now, when something is wrong. */
  advice: z.string().nullable(),
});
export type Transfer = z.infer<typeof Transfer>;
