import type { OutboxEntry, OutboxState } from '../../../../shared/ipc/records';
import type { BadgeTone } from '../../ui/Badge.svelte';

/** How each outbox state reads to a worker: a word and a tone (never the tone alone). */
export const STATE_LABELS: Record<OutboxState, { label: string; tone: BadgeTone }> = {
  queued: { label: 'pending', tone: 'warn' },
  sending: { label: 'sending…', tone: 'info' },
  applied: { label: 'applied', tone: 'ok' },
  rejected: { label: 'rejected', tone: 'bad' },
  discarded: { label: 'discarded', tone: 'neutral' },
  uncertain: { label: 'needs a decision', tone: 'bad' },
};

/**
 * Refusals that the same request can get past later: the stock it lacked may arrive. Any other
 * refusal (an unknown SKU or warehouse, a request the service finds invalid) would be refused
 * again, so no Retry is offered for it, only Discard.
 */
const REFUSALS_THAT_CAN_CHANGE = new Set(['insufficient_stock', 'rate_limited', 'service_unavailable', 'internal_error', 'timeout', 'network_error', 'offline']);

/** Main decides; these only choose which buttons to offer. */
export const canRetry = (e: OutboxEntry): boolean =>
  e.state === 'queued' || (e.state === 'rejected' && REFUSALS_THAT_CAN_CHANGE.has(e.lastError?.code ?? ''));
export const canDiscard = (e: OutboxEntry): boolean => e.state === 'queued' || e.state === 'rejected';

/** What the two stock values say about an uncertain entry, in words a worker can act on. */
export function uncertainVerdict(e: OutboxEntry): string {
  const check = e.uncertain;
  if (!check?.now) return 'The desk reads the stock at the service as soon as it is back online.';
  if (!check.before) return 'This stock was not in the offline copy when it was sent: count the shelf if you are unsure.';
  if (check.now.version === check.before.version) return 'Nothing has changed at the service since it was sent: it was not applied, so sending it again is safe.';
  if (check.now.onHand === check.before.onHand + e.delta) return 'The stock moved by exactly this amount: it was most likely applied. Don’t send it again.';
  return 'The stock has changed in other ways too: count the shelf before you choose.';
}
