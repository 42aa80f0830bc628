import { m } from '../i18n/messages';
import type { Transfer, TransferState } from '../../../shared/ipc/desk-work-records';
import type { DeskError } from '../../../shared/ipc/result';
import { outcomeUnknown } from '../../../shared/outbox-outcome';
import type { BadgeTone } from '../ui/Badge.svelte';
import { call } from './desk';
import { rememberEntry } from './outbox.svelte';

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

/** Asks main which of these entries are transfer legs (a transfer shows as one line). */
export async function loadTransfersOf(ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const r = await call((d) => d.transfers.ofEntries({ ids: ids.slice(0, 500) }));
  if (!r.ok) return;
  for (const t of r.value) {
    transferOfEntry[t.out.id] = t;
    if (t.in) transferOfEntry[t.in.id] = t;
  }
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
  transferOfEntry[t.out.id] = t;
  if (t.in) transferOfEntry[t.in.id] = t;
  return null;
}
