import { m } from '../../i18n/messages';
import type { JournalEntry, JournalWhat } from '../../../../shared/ipc/desk-work-records';
import { errorMessage, errorTitle } from '../../ui/error-text';
import { formatDelta, formatNumber } from '../../ui/format';
import { refusalText } from '../../ui/refusal-text';
import { isReason, REASON_LABELS } from '../scan/adjust-math';
import { policyEntryText, policyProblemText } from '../../ui/policy-text';
import { approvalText } from './approval-text';
import { settingChangeText } from './setting-change-text';

/**
 * A journal line's details in the desk's language, from what main stored as data (its `what` and
 * values). Lines written before the desk stored them show main's English summary as it is.
 */
export function journalDetails(e: Pick<JournalEntry, 'summary' | 'details'>): string {
  const d = e.details;
  if (!d) return e.summary;
  const said = sentence(d);
  if (!d.error) return said;
  // A failed action alone says the error in full; an action that failed says what it was, then the kind of problem.
  if (said === '') return errorMessage(d.error);
  return m.journal_what_with_problem({ what: said, problem: errorTitle(d.error) });
}

function sentence(d: JournalWhat): string {
  const p = d.params;
  const text = (key: string): string => String(p[key] ?? '');
  const number = (key: string): string => (typeof p[key] === 'number' ? formatNumber(p[key]) : text(key));
  const delta = (key: string): string => (typeof p[key] === 'number' ? formatDelta(p[key]) : text(key));
  // A transfer leg (the API's reason `other`) says which way the stock went, as the Scan screen does.
  const reason = (): string =>
    p['transferTo'] !== undefined
      ? m.transfer_reason_to({ warehouse: text('transferTo') })
      : p['transferFrom'] !== undefined
        ? m.transfer_reason_from({ warehouse: text('transferFrom') })
        : isReason(text('reason'))
          ? REASON_LABELS[text('reason') as keyof typeof REASON_LABELS]
          : text('reason');
  // A refused code: worded by its `why` (the refusal's values stored beside it); a line from before the codes has only the English problem.
  const refused = (): string => (p['problem'] === undefined ? '' : refusalText({ why: typeof p['why'] === 'string' ? p['why'] : undefined, params: p, problem: text('problem') }));
  const adjustment = { delta: delta('delta'), warehouse: text('warehouse'), reason: reason() };
  switch (d.what) {
    case 'stock_found':
      return m.journal_what_stock_found({ name: text('name'), onHand: number('onHand') });
    case 'shipment_found':
      return m.journal_what_shipment_found({ token: text('token') });
    case 'worker_badge':
      return m.journal_what_worker_badge({ name: text('name') });
    case 'worker_badge_pin':
      return m.journal_what_worker_badge_pin({ name: text('name') });
    case 'not_in_cache':
      return m.journal_what_not_in_cache();
    case 'not_found':
      return m.journal_what_not_found();
    case 'invalid_code':
      return refused() ? m.journal_what_invalid_code({ problem: refused() }) : m.answer_invalid();
    case 'failed':
      return '';
    case 'adjustment':
      return m.journal_what_adjustment(adjustment);
    case 'undo_withdrawn':
      return m.journal_what_undo_withdrawn(adjustment);
    case 'undo_reversed':
      return m.journal_what_undo_reversed({ ...adjustment, reversal: delta('reversalDelta') });
    case 'resolve_dropped':
      return m.journal_what_resolve_dropped(adjustment);
    case 'resolve_resent':
      return m.journal_what_resolve_resent(adjustment);
    case 'resolve_applied':
      return m.journal_what_resolve_applied(adjustment);
    case 'to_check_checked':
      return p['why'] === 'undo'
        ? m.journal_what_to_check_undo({ delta: delta('delta'), warehouse: text('warehouse') })
        : m.journal_what_to_check_transfer({ delta: delta('delta'), warehouse: text('warehouse') });
    case 'transfer':
      return m.journal_what_transfer({ quantity: number('quantity'), from: text('from'), to: text('to'), transfer: text('transfer') });
    case 'transfer_undone':
      return m.journal_what_transfer_undone({ quantity: number('quantity'), from: text('from'), to: text('to'), transfer: text('transfer') });
    case 'count_started':
      return Number(p['skus'] ?? 0) > 0
        ? m.journal_what_count_started_zone({ count: text('count'), warehouse: text('warehouse'), skus: number('skus') })
        : m.journal_what_count_started({ count: text('count'), warehouse: text('warehouse') });
    case 'count_counted':
      return m.journal_what_count_counted({ counted: number('counted'), count: text('count') });
    case 'count_refused':
      if (p['reason'] === 'not_found') return m.journal_what_count_refused({ why: m.count_refused_not_found() });
      if (p['reason'] === 'not_in_zone') return m.journal_what_count_refused({ why: m.count_refused_not_in_zone() });
      return refused() ? m.journal_what_count_refused({ why: refused() }) : m.journal_what_count_refused_invalid();
    case 'count_set':
      return m.journal_what_count_set({ counted: number('counted'), count: text('count') });
    case 'count_decided':
      return p['decision'] === 'accepted' ? m.journal_what_count_accepted({ count: text('count') }) : m.journal_what_count_recount({ count: text('count') });
    case 'count_submitted': {
      const values = { count: text('count'), warehouse: text('warehouse'), queued: number('queued'), unchanged: number('unchanged') };
      return Number(p['waiting'] ?? 0) > 0 ? m.journal_what_count_submitted_waiting({ ...values, waiting: number('waiting') }) : m.journal_what_count_submitted(values);
    }
    case 'count_abandoned':
      return m.journal_what_count_abandoned({ count: text('count'), warehouse: text('warehouse') });
    case 'shipment_created':
      return m.journal_what_shipment_created({ reference: text('reference'), carrier: text('carrier') });
    case 'shipment_create':
      return m.journal_what_shipment_found({ token: text('reference') });
    case 'shipment_cancelled':
      return m.journal_what_shipment_cancelled({ reference: text('reference') });
    case 'shipment_deleted':
      return m.journal_what_shipment_deleted({ token: text('token') });
    case 'setting_changed':
      return m.journal_what_setting_changed(settingChangeText(p));
    case 'signed_in':
      return m.journal_what_signed_in({ client: text('client'), service: text('service') });
    case 'sign_in':
      return m.journal_what_sign_in({ client: text('client'), service: text('service') });
    case 'signed_out':
      return text('client') === '' ? m.journal_what_left_demo() : m.journal_what_signed_out({ client: text('client') });
    case 'demo_started':
      return m.journal_what_demo_started();
    case 'policy_applied':
      return m.journal_what_policy_applied({ locked: number('locked'), preset: number('preset') });
    case 'labels_printed':
      return m.journal_what_labels_printed({ printer: text('printer'), count: number('labels') });
    case 'minimum_set': {
      const where = text('warehouse') === '' ? m.minimum_all_warehouses() : text('warehouse');
      return text('reorder') === '' ? m.journal_what_minimum_set({ minimum: number('minimum'), where }) : m.journal_what_minimum_set_reorder({ minimum: number('minimum'), where, reorder: number('reorder') });
    }
    case 'sync_failed':
      return m.journal_what_sync_failed();
    case 'approval_granted':
    case 'approval_refused':
      return approvalText(d.what === 'approval_granted', text('action'), { text, delta });
    case 'pin_set':
      return p['pin'] === 'cleared' ? m.journal_what_pin_cleared({ name: text('name') }) : m.journal_what_pin_set({ name: text('name') });
    case 'role_set':
      return p['role'] === 'supervisor' ? m.journal_what_role_supervisor({ name: text('name') }) : m.journal_what_role_worker({ name: text('name') });
    case 'worker_refused':
      return m.journal_what_worker_refused({ name: text('name') });
    case 'exported': {
      const said = { file: text('file'), rows: number('rows') };
      if (p['list'] === 'keyed_codes') return m.journal_what_exported_keyed_codes(said);
      return p['list'] === 'journal' ? m.journal_what_exported_journal(said) : p['list'] === 'low_stock' ? m.journal_what_exported_low_stock(said) : m.journal_what_exported_stock(said);
    }
    case 'support_file':
      return m.journal_what_support_file({ file: text('file') });
    case 'minimum_cleared':
      return m.journal_what_minimum_cleared({ where: text('warehouse') === '' ? m.minimum_all_warehouses() : text('warehouse') });
    case 'minimums_imported':
      return Number(p['problems'] ?? 0) > 0
        ? m.journal_what_minimums_imported_left_out({ file: text('file'), applied: number('applied'), problems: number('problems') })
        : m.journal_what_minimums_imported({ file: text('file'), applied: number('applied') });
    case 'adjustments_imported':
      return Number(p['problems'] ?? 0) > 0
        ? m.journal_what_adjustments_imported_left_out({ file: text('file'), queued: number('queued'), problems: number('problems') })
        : m.journal_what_adjustments_imported({ file: text('file'), queued: number('queued') });
    case 'count_list_imported':
      return m.journal_what_count_list_imported({ file: text('file'), skus: number('skus') });
    case 'policy_refused':
      return text('entry') === ''
        ? m.journal_what_policy_file_refused({ why: policyProblemText(text('reason')) })
        : m.journal_what_policy_entry_refused({ entry: policyEntryText(text('entry')), why: policyProblemText(text('reason')) });
  }
}
