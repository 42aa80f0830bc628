import { m } from '../../i18n/messages';
import type { OutboxEntry, OutboxState } from '../../../../shared/ipc/records';
import type { BadgeTone } from '../../ui/Badge.svelte';
import { outcomeUnknown } from '../../../../shared/outbox-outcome';

/** How each outbox state reads to a worker: a word and a tone (never the tone alone). */
export const STATE_LABELS: Record<OutboxState, { label: string; tone: BadgeTone }> = {
  queued: { get label() { return m.state_queued(); }, tone: 'warn' },
  sending: { get label() { return m.state_sending(); }, tone: 'info' },
  applied: { get label() { return m.state_applied(); }, tone: 'ok' },
  rejected: { get label() { return m.state_rejected(); }, tone: 'bad' },
  discarded: { get label() { return m.state_discarded(); }, tone: 'neutral' },
  uncertain: { get label() { return m.state_uncertain(); }, tone: 'bad' },
};

/**
 * Refusals that the same request can get past later: the stock it lacked may arrive. Any other
 * refusal (an unknown SKU or warehouse, a request the service finds invalid) would be refused
 * again, so no Retry is offered for it, only Discard.
 */
const REFUSALS_THAT_CAN_CHANGE = new Set(['insufficient_stock', 'rate_limited', 'service_unavailable', 'internal_error', 'timeout', 'network_error', 'offline']);

/**
 * Main decides; these only choose which buttons to offer. Retry is for a refusal that may not
 * hold next time; a waiting entry is sent anyway (on reconnect, with its key), so Retry beside it
 * would only suggest it is stuck. Offline, the screen hides it too: it could only fail again.
 */
export const canRetry = (e: OutboxEntry): boolean => e.state === 'rejected' && REFUSALS_THAT_CAN_CHANGE.has(e.lastError?.code ?? '');
/** Never one that went out without a verdict (`outcomeUnknown`): the service may have applied it. */
export const canDiscard = (e: OutboxEntry): boolean => (e.state === 'queued' || e.state === 'rejected') && !outcomeUnknown(e);

/** What the two stock values say about an uncertain entry, in words a worker can act on. */
export function uncertainVerdict(e: OutboxEntry): string {
  const check = e.uncertain;
  if (!check?.now) return m.verdict_read_when_online();
  if (!check.before) return m.verdict_not_in_copy();
  if (check.now.version === check.before.version) return m.verdict_not_applied();
  if (check.now.onHand === check.before.onHand + e.delta) return m.verdict_applied();
  return m.verdict_changed();
}
