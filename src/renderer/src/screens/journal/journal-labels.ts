import { m } from '../../i18n/messages';
import type { JournalKind, JournalOutcome } from '../../../../shared/ipc/desk-work-records';

// Getters: each read is in the language shown now.
export const KIND_LABELS: Record<JournalKind, string> = {
  get scan() { return m.journal_kind_scan(); },
  get adjust() { return m.journal_kind_adjust(); },
  get sent() { return m.journal_kind_sent(); },
  get retry() { return m.journal_kind_retry(); },
  get discard() { return m.journal_kind_discard(); },
  get undo() { return m.journal_kind_undo(); },
  get resolve() { return m.journal_kind_resolve(); },
  get transfer() { return m.journal_kind_transfer(); },
  get create() { return m.journal_kind_create(); },
  get cancel() { return m.journal_kind_cancel(); },
  get delete() { return m.journal_kind_delete(); },
  get worker() { return m.journal_kind_worker(); },
  get approval() { return m.journal_kind_approval(); },
  get count() { return m.journal_kind_count(); },
  get settings() { return m.journal_kind_settings(); },
  get account() { return m.settings_account(); },
  get print() { return m.journal_kind_print(); },
  get levels() { return m.journal_kind_levels(); },
  get check() { return m.journal_kind_check(); },
  get sync() { return m.journal_kind_sync(); },
  get export() { return m.journal_kind_export(); },
};

export const OUTCOME_LABELS: Record<JournalOutcome, { label: string; tone: 'ok' | 'bad' | 'warn' | 'neutral' }> = {
  found: { get label() { return m.answer_found(); }, tone: 'ok' },
  not_found: { get label() { return m.answer_not_found(); }, tone: 'warn' },
  queued: { get label() { return m.journal_outcome_queued(); }, tone: 'neutral' },
  applied: { get label() { return m.outbox_filter_applied(); }, tone: 'ok' },
  rejected: { get label() { return m.outbox_filter_rejected(); }, tone: 'bad' },
  discarded: { get label() { return m.outbox_filter_discarded(); }, tone: 'neutral' },
  done: { get label() { return m.journal_outcome_done(); }, tone: 'ok' },
  failed: { get label() { return m.journal_outcome_failed(); }, tone: 'bad' },
};
