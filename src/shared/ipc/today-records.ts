import { z } from './zod';
import { AdjustmentReason, IsoDateTime } from './records';

const HOUR_MS = 3_600_000;

/**
 * A day at the desk, as the window's clock and time zone make it: from its local midnight to the
 * next. A day is 23 to 25 hours long (the clock changes twice a year); anything else is not a day.
 */
export const TodayInput = z
  .strictObject({ from: IsoDateTime, to: IsoDateTime })
  .refine((d) => {
    const span = Date.parse(d.to) - Date.parse(d.from);
    return span >= 23 * HOUR_MS && span <= 25 * HOUR_MS;
  }, { message: 'must be one day: 23 to 25 hours from its start', path: ['to'] });
export type TodayInput = z.infer<typeof TodayInput>;

/** Why stock changed; a move between warehouses is its own bar (the API books both legs as `other`). */
export const TodayReason = z.union([AdjustmentReason, z.literal('transfer')]);
export type TodayReason = z.infer<typeof TodayReason>;

const count = z.number().int().min(0);

export const TodaySummary = z.object({
  from: IsoDateTime,
  to: IsoDateTime,
  /** Codes looked up (found or not). */
  scans: count,
  /** Adjustments queued at the desk (transfer legs, undos and count corrections included). */
  adjustments: count,
  /** Each reason with its adjustments and the units they moved (sum of |change|), most adjustments first. */
  byReason: z.array(z.object({ reason: TodayReason, adjustments: count, units: count })),
  /** Who was at the desk (null: nobody had signed in at the desk), most work first. */
  byWorker: z.array(z.object({ worker: z.string().nullable(), scans: count, adjustments: count })),
  /** One entry per hour since the day's start (23 to 25 of them). */
  byHour: z.array(z.object({ scans: count, adjustments: count })),
  /** Counts submitted, and the lines they corrected: how many and by how many units in all. */
  counts: z.object({ finished: count, linesOff: count, unitsOff: count }),
  /** Adjustments the service refused that day. */
  refusals: count,
  /** Now, whatever day is shown: what the outbox holds for the signed-in account. */
  waiting: z.object({ toSend: count, toDecide: count, refusedUnseen: count, toCheck: count }),
});
export type TodaySummary = z.infer<typeof TodaySummary>;
