import { z } from './zod';
import { JournalEntry } from './desk-work-records';
import { IsoDate, IsoDateTime, Sku } from './records';

/**
 * What the desk saw happen to one SKU (its movements), and how the codes behind its adjustments
 * were entered (the share keyed by hand): records the desk keeps itself, no API resource behind them.
 */

/** How far back a SKU's movements go. */
export const MOVEMENT_DAYS = 30;

/** One change of a warehouse's on hand as the desk saw it: a sync, a lookup's fresh copy or an applied adjustment wrote a new figure. */
export const OnHandChange = z.object({
  /** When the service confirmed the new figure (the sync's time). */
  at: IsoDateTime,
  warehouseId: z.string(),
  before: z.number().int(),
  after: z.number().int(),
});
export type OnHandChange = z.infer<typeof OnHandChange>;

export const MovementsInput = z.strictObject({ sku: Sku });
export type MovementsInput = z.infer<typeof MovementsInput>;

export const SkuMovements = z.object({
  sku: z.string(),
  /** The oldest time covered (MOVEMENT_DAYS back). */
  since: IsoDateTime,
  /** This desk's journal lines of the SKU that move stock (adjustments, their verdicts, moves, counts, undos), newest first. */
  lines: z.array(JournalEntry),
  /** More lines than were sent matched: the oldest were left out. */
  linesCapped: z.boolean(),
  /** The on-hand changes, oldest first. */
  onHand: z.array(OnHandChange),
});
export type SkuMovements = z.infer<typeof SkuMovements>;

/** The report of adjustments made on keyed codes: the journal's worker and day filter (a UTC day; without one, the last MOVEMENT_DAYS days). */
export const KeyedShareQuery = z.strictObject({
  worker: z.string().max(60).optional(),
  day: IsoDate.optional(),
});
export type KeyedShareQuery = z.infer<typeof KeyedShareQuery>;

/** One worker's adjustments of one UTC day whose code's entry is known. */
export const KeyedShareRow = z.object({
  day: IsoDate,
  worker: z.string().nullable(),
  scanned: z.number().int().min(0),
  keyed: z.number().int().min(0),
});
export type KeyedShareRow = z.infer<typeof KeyedShareRow>;

export const KeyedShare = z.object({
  /** The first day covered. */
  from: IsoDate,
  /** Newest day first, then by worker. */
  rows: z.array(KeyedShareRow),
});
export type KeyedShare = z.infer<typeof KeyedShare>;
