import type { JournalKind, JournalOutcome } from '../../../../shared/ipc/desk-work-records';

export const KIND_LABELS: Record<JournalKind, string> = {
  scan: 'Scan',
  adjust: 'Adjustment',
  sent: 'Sent',
  retry: 'Retry',
  discard: 'Discard',
  undo: 'Undo',
  transfer: 'Transfer',
  create: 'Shipment created',
  cancel: 'Shipment cancelled',
  delete: 'Shipment deleted',
  worker: 'Worker',
  count: 'Count',
};

export const OUTCOME_LABELS: Record<JournalOutcome, { label: string; tone: 'ok' | 'bad' | 'warn' | 'neutral' }> = {
  found: { label: 'Found', tone: 'ok' },
  not_found: { label: 'Not found', tone: 'warn' },
  queued: { label: 'In the outbox', tone: 'neutral' },
  applied: { label: 'Applied', tone: 'ok' },
  rejected: { label: 'Rejected', tone: 'bad' },
  discarded: { label: 'Discarded', tone: 'neutral' },
  done: { label: 'Done', tone: 'ok' },
  failed: { label: 'Failed', tone: 'bad' },
};
