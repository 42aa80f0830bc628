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

/** Main decides; these only choose which buttons to offer. */
export const canRetry = (e: OutboxEntry): boolean => e.state === 'queued' || e.state === 'rejected';
export const canDiscard = (e: OutboxEntry): boolean => e.state === 'queued' || e.state === 'rejected';
