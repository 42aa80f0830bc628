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

export function startOutbox(): () => void {
  const off = onDesk('outbox.changed', (entry) => {
    rememberEntry(entry);
    outbox.revision += 1;
    scheduleCounts();
  });
  void refreshOutboxCounts();
  return () => {
    off();
    if (countsTimer) clearTimeout(countsTimer);
    countsTimer = null;
  };
}
