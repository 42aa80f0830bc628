import { m } from '../i18n/messages';
import type { Transfer, TransferState } from '../../../shared/ipc/desk-work-records';
import type { OutboxEntry } from '../../../shared/ipc/records';
import type { DeskError } from '../../../shared/ipc/result';
import { outcomeUnknown } from '../../../shared/outbox-outcome';
import type { BadgeTone } from '../ui/Badge.svelte';
import { call } from './desk';
import { rememberEntry } from './outbox.svelte';
import { warehouseName } from './warehouses.svelte';

/** How each transfer state reads to a worker: a word and a tone (never the tone alone). */
export const TRANSFER_STATES: Record<TransferState, { label: string; tone: BadgeTone }> = {
  pending: { get label() { return m.transfer_pending(); }, tone: 'info' },
  done: { get label() { return m.transfer_done(); }, tone: 'ok' },
  out_refused: { get label() { return m.transfer_out_refused(); }, tone: 'bad' },
  in_refused: { get label() { return m.transfer_in_refused(); }, tone: 'bad' },
  cancelled: { get label() { return m.transfer_cancelled(); }, tone: 'neutral' },
  uncertain: { get label() { return m.transfer_uncertain(); }, tone: 'bad' },
  undone: { get label() { return m.transfer_undone(); }, tone: 'neutral' },
};

/** The transfer each outbox entry is a leg of, as far as the screens shown have asked. */
export const transferOfEntry = $state<Record<string, Transfer>>({});
/** The transfer whose undo put the stock back with this entry (not a leg: it moved nothing between warehouses). */
export const transferOfReversal = $state<Record<string, Transfer>>({});

function remember(t: Transfer): void {
  transferOfEntry[t.out.id] = t;
  if (t.in) transferOfEntry[t.in.id] = t;
  if (t.reversal) transferOfReversal[t.reversal.id] = t;
}

/**
 * What a list shows as an entry's reason. A transfer's legs go to the service as "other" (its list
 * of reasons has no transfer), so a leg says where the stock went instead: "Transfer to North annex".
 */
export function entryReason(e: Pick<OutboxEntry, 'id'>, reasonLabel: string): string {
  const t = transferOfEntry[e.id];
  if (t) return e.id === t.out.id ? m.transfer_reason_to({ warehouse: warehouseName(t.toWarehouseId) }) : m.transfer_reason_from({ warehouse: warehouseName(t.fromWarehouseId) });
  const back = transferOfReversal[e.id];
  if (back) return m.transfer_reason_back({ warehouse: warehouseName(back.fromWarehouseId) });
  return reasonLabel;
}

/** Asks main which of these entries are transfer legs (a transfer shows as one line). */
export async function loadTransfersOf(ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const r = await call((d) => d.transfers.ofEntries({ ids: ids.slice(0, 500) }));
  if (!r.ok) return;
  for (const t of r.value) remember(t);
}

/**
 * Main decides; this only chooses whether to offer Undo: something moved or is on its way, the
 * transfer is no undo itself, and no leg went out without a verdict (the service may have applied it).
 */
export const canUndoTransfer = (t: Transfer): boolean =>
  (t.state === 'pending' || t.state === 'done' || t.state === 'in_refused') && t.reverses === null && !outcomeUnknown(t.out) && !(t.in && outcomeUnknown(t.in));

/** Undoes the whole transfer; null when done, else why not. */
export async function undoTransfer(id: string): Promise<DeskError | null> {
  const r = await call((d) => d.transfers.undo({ id }));
  if (!r.ok) return r.error;
  const t = r.value;
  for (const leg of [t.out, t.in, t.reversal]) if (leg) rememberEntry(leg);
  remember(t);
  return null;
}
