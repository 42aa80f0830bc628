import type { OutboxEntry } from './ipc/records';

/**
 * Whether the service may have applied this adjustment while the desk holds no verdict for it:
 * it is going out now (`sending`); it went out and its answer was lost (queued again after a
 * timeout, a 5xx or a crash mid-send: `firstSentAt` is set); it waits for the worker's decision
 * on a fresh read (`uncertain`); or the service answered something unreadable (a `rejected` with
 * `unexpected_response`). Such an entry is never withdrawn as "never sent": only the service's
 * answer to its key (a resend with it) or the worker's decision settles it. Main refuses it
 * (`outcome_unknown`); the renderer uses the same rule to choose which buttons to offer.
 */
export function outcomeUnknown(entry: Pick<OutboxEntry, 'state' | 'firstSentAt' | 'lastError'>): boolean {
  switch (entry.state) {
    case 'sending':
    case 'uncertain':
      return true;
    case 'queued':
      return entry.firstSentAt !== null;
    case 'rejected':
      return entry.lastError?.code === 'unexpected_response';
    case 'applied':
    case 'discarded':
      return false;
  }
}
