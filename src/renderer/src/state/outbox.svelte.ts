import type { OutboxCounts as Counts, OutboxEntry } from '../../../shared/ipc/records';
import { call, onDesk } from './desk';

/**
 * The adjustments outbox as the rest of the UI needs it: counts for the status bar and the
 * latest known copy of each entry this session saw (the answer card follows its own entries).
 */
export const outbox = $state<{ counts: Counts | null; entries: Record<string, OutboxEntry>; revision: number }>({
  counts: null,
  entries: {},
  revision: 0,
});

/**
 * Refusals the worker has not acknowledged ("Seen"): what the red count shows. Main keeps the
 * mark with the entry, so every window and the next start count the same.
 */
export function unseenRejected(): number {
  const c = outbox.counts;
  return c ? Math.max(0, c.rejected - c.rejectedSeen) : 0;
}

/** Changes a rebuilt cache held back for the worker to check by hand. */
export function toCheckCount(): number {
  return outbox.counts?.toCheck ?? 0;
}

/** Entries not yet settled: queued or being sent. */
export function pendingCount(): number {
  const c = outbox.counts;
  return c ? c.queued + c.sending : 0;
}

export function rememberEntry(entry: OutboxEntry): void {
  const known = outbox.entries[entry.id];
  // Events can overtake the call's answer: keep the newer copy.
  if (!known || known.updatedAt <= entry.updatedAt) outbox.entries[entry.id] = entry;
}

/**
 * The change still waiting to be sent for one SKU in one warehouse (queued or being sent), so a
 * quantity never reads as if a booked change had not happened: "793 on hand · +7 waiting to send".
 */
export function pendingDelta(sku: string, warehouseId?: string): number {
  let sum = 0;
  for (const e of Object.values(outbox.entries)) {
    if (e.sku === sku && (warehouseId === undefined || e.warehouseId === warehouseId) && (e.state === 'queued' || e.state === 'sending')) sum += e.delta;
  }
  return sum;
}

/** Entries queued before this window opened (an earlier session, a restart) count as pending too. */
function loadPending(): Promise<void> {
  return call((d) => d.outbox.list({ states: ['queued', 'sending'], limit: 500 })).then((r) => {
    if (r.ok) for (const e of r.value.entries) rememberEntry(e);
  });
}

let countsTimer: ReturnType<typeof setTimeout> | null = null;
export function refreshOutboxCounts(): Promise<void> {
  return call((d) => d.outbox.list({ limit: 1 })).then((r) => {
    if (r.ok) outbox.counts = r.value.counts;
  });
}
function scheduleCounts(): void {
  if (countsTimer) return;
  countsTimer = setTimeout(() => {
    countsTimer = null;
    void refreshOutboxCounts();
  }, 120);
}

/**
 * Events are taken in batches, at most one a frame: a sheet of 10,000 changes announces 10,000
 * entries at once, then each again as it is sent, and everything that follows the outbox (the
 * stock list's waiting changes walk every entry) would otherwise run once per entry, keeping the
 * window busy for minutes.
 */
let arrived: OutboxEntry[] = [];
let batchTimer: ReturnType<typeof setTimeout> | null = null;
function takeArrived(): void {
  batchTimer = null;
  const batch = arrived;
  arrived = [];
  for (const entry of batch) rememberEntry(entry);
  outbox.revision += 1;
  scheduleCounts();
}

export function startOutbox(): () => void {
  const off = onDesk('outbox.changed', (entry) => {
    arrived.push(entry);
    batchTimer ??= setTimeout(takeArrived, 16);
  });
  void refreshOutboxCounts();
  void loadPending();
  return () => {
    off();
    if (countsTimer) clearTimeout(countsTimer);
    if (batchTimer) clearTimeout(batchTimer);
    countsTimer = null;
    batchTimer = null;
    arrived = [];
  };
}
