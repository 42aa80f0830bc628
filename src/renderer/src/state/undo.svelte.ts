import type { OutboxEntry } from '../../../shared/ipc/records';
import type { DeskError } from '../../../shared/ipc/result';
import { outcomeUnknown } from '../../../shared/outbox-outcome';
import { call } from './desk';
import { rememberEntry } from './outbox.svelte';
import { transferOfEntry } from './transfers.svelte';

/** Which adjustments are undos of which, as far as the screens shown have asked. */
export const undoLinks = $state<{ undoneBy: Record<string, string>; undoOf: Record<string, string> }>({ undoneBy: {}, undoOf: {} });

/** Asks main about these entries' links (an undo made earlier, in another session, shows too). */
export async function loadUndoLinks(ids: readonly string[]): Promise<void> {
  const unknown = ids.filter((id) => !(id in undoLinks.undoneBy) && !(id in undoLinks.undoOf));
  if (unknown.length === 0) return;
  const r = await call((d) => d.outbox.links({ ids: unknown.slice(0, 500) }));
  if (!r.ok) return;
  for (const { undoId, originalId } of r.value) {
    undoLinks.undoneBy[originalId] = undoId;
    undoLinks.undoOf[undoId] = originalId;
  }
}

/**
 * Main decides; this only chooses whether to offer the button: an applied adjustment (reversed),
 * or a queued one never sent (withdrawn). Not one sent without an answer: the service may have
 * applied it, and "withdrawn, never sent" would be untrue.
 */
export const canUndo = (e: OutboxEntry): boolean =>
  (e.state === 'applied' || (e.state === 'queued' && !outcomeUnknown(e))) &&
  !(e.id in undoLinks.undoneBy) &&
  !(e.id in undoLinks.undoOf) &&
  // A transfer's leg is undone with its transfer, never alone.
  !(e.id in transferOfEntry);

/** Withdraws or reverses the adjustment; null when done, else why not. */
export async function undoAdjustment(id: string): Promise<DeskError | null> {
  const r = await call((d) => d.outbox.undo({ id }));
  if (!r.ok) return r.error;
  if (r.value.action === 'withdrawn') rememberEntry(r.value.entry);
  else {
    rememberEntry(r.value.original);
    rememberEntry(r.value.reversal);
    undoLinks.undoneBy[r.value.original.id] = r.value.reversal.id;
    undoLinks.undoOf[r.value.reversal.id] = r.value.original.id;
  }
  return null;
}
