import type { OutboxCounts as Counts, OutboxEntry } from '../../../shared/ipc/records';
import { untrack } from 'svelte';
import { SvelteMap } from 'svelte/reactivity';
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

/**
 * Kept as entries arrive, so that no reader walks every entry: a sheet of 10,000 changes is
 * announced once queued and again as each is sent, and a sum over all of them on every batch kept
 * the window busy for the whole send. Per SKU: per warehouse, the change still queued or being
 * sent (no key for nothing waiting), and the ids of the entries this window saw, oldest first.
 */
const waitingBySku = new SvelteMap<string, Readonly<Record<string, number>>>();
const idsBySku = new SvelteMap<string, readonly string[]>();

const isWaiting = (e: OutboxEntry | undefined): e is OutboxEntry => e !== undefined && (e.state === 'queued' || e.state === 'sending');

function addWaiting(e: OutboxEntry, sign: 1 | -1): void {
  const sums = { ...waitingBySku.get(e.sku) };
  const sum = (sums[e.warehouseId] ?? 0) + sign * e.delta;
  if (sum === 0) delete sums[e.warehouseId];
  else sums[e.warehouseId] = sum;
  if (Object.keys(sums).length > 0) waitingBySku.set(e.sku, sums);
  else waitingBySku.delete(e.sku);
}

export function rememberEntry(entry: OutboxEntry): void {
  // Not a dependency of whoever calls this from an effect: it writes what it reads.
  untrack(() => {
    const known = outbox.entries[entry.id];
    // Events can overtake the call's answer: keep the newer copy.
    if (known && known.updatedAt > entry.updatedAt) return;
    if (isWaiting(known)) addWaiting(known, -1);
    if (isWaiting(entry)) addWaiting(entry, 1);
    if (!known) idsBySku.set(entry.sku, [...(idsBySku.get(entry.sku) ?? []), entry.id]);
    outbox.entries[entry.id] = entry;
  });
}

/** Every entry this window holds, gone: another account took over (or a test starts afresh). */
export function forgetEntries(): void {
  outbox.entries = {};
  waitingBySku.clear();
  idsBySku.clear();
}

/**
 * The change still waiting to be sent for one SKU in one warehouse (queued or being sent), so a
 * quantity never reads as if a booked change had not happened: "793 on hand · +7 waiting to send".
 */
export function pendingDelta(sku: string, warehouseId?: string): number {
  const sums = waitingBySku.get(sku);
  if (!sums) return 0;
  if (warehouseId !== undefined) return sums[warehouseId] ?? 0;
  return Object.values(sums).reduce((a, b) => a + b, 0);
}

/** Per SKU with a change waiting to be sent, that change, in one warehouse or all. */
export function pendingDeltas(warehouseId?: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const sku of waitingBySku.keys()) {
    const delta = pendingDelta(sku, warehouseId);
    if (delta !== 0) out[sku] = delta;
  }
  return out;
}

/** The entries of one SKU this window saw, newest first. */
export function entriesOf(sku: string): OutboxEntry[] {
  return (idsBySku.get(sku) ?? [])
    .map((id) => outbox.entries[id])
    .filter((e): e is OutboxEntry => e !== undefined)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
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
