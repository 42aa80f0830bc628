import type { OutboxEntry } from '../../../shared/ipc/records';
import { call } from './desk';
import { outbox } from './outbox.svelte';

/**
 * Refusals the worker has acknowledged ("Seen"): they stay in the outbox's history, with Retry
 * and Discard, but no longer count in the red "1 rejected" of the status bar and the Outbox tab.
 * A mark holds the entry's `updatedAt`: retried and refused again, it is a new refusal and counts
 * again. Kept in this window's storage (the desk's, across restarts): the acknowledgement is the
 * worker's at this desk, not a fact about the adjustment the service or main need to know.
 */
const STORAGE_KEY = 'warehouse-desk.outbox-seen';

function load(): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}');
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter((kv): kv is [string, string] => typeof kv[1] === 'string'));
  } catch {
    return {};
  }
}

function save(marks: Record<string, string>): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(marks));
  } catch {
    // Storage full or refused: the mark holds for this session only.
  }
}

export const outboxSeen = $state<{ marks: Record<string, string>; rejectedSeen: number }>({ marks: load(), rejectedSeen: 0 });

export const isSeen = (e: Pick<OutboxEntry, 'id' | 'updatedAt' | 'state'>): boolean =>
  e.state === 'rejected' && outboxSeen.marks[e.id] === e.updatedAt;

/** The refusals not yet acknowledged: what the red count shows. */
export function unseenRejected(): number {
  return Math.max(0, (outbox.counts?.rejected ?? 0) - outboxSeen.rejectedSeen);
}

export function markSeen(e: Pick<OutboxEntry, 'id' | 'updatedAt'>): void {
  outboxSeen.marks = { ...outboxSeen.marks, [e.id]: e.updatedAt };
  outboxSeen.rejectedSeen += 1;
  save(outboxSeen.marks);
  void refreshSeen();
}

/**
 * Counts the acknowledged refusals still refused, and forgets marks of entries that are not
 * (retried, discarded, gone with the account). Nothing to ask while nothing was acknowledged.
 */
export async function refreshSeen(): Promise<void> {
  if (Object.keys(outboxSeen.marks).length === 0) {
    outboxSeen.rejectedSeen = 0;
    return;
  }
  const r = await call((d) => d.outbox.list({ states: ['rejected'], limit: 500 }));
  if (!r.ok) return;
  const kept: Record<string, string> = {};
  for (const e of r.value.entries) if (outboxSeen.marks[e.id] === e.updatedAt) kept[e.id] = e.updatedAt;
  outboxSeen.rejectedSeen = Object.keys(kept).length;
  // A page of 500 may not hold every refusal: only then is a mark kept that was not seen listed.
  if (r.value.nextBefore === null) {
    outboxSeen.marks = kept;
    save(kept);
  }
}
