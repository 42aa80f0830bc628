import { m } from '../../i18n/messages';
import { settingChangeText } from './setting-change-text';

interface Said {
  text: (key: string) => string;
  delta: (key: string) => string;
}

/** An approval's journal line, granted or refused, worded by the action it was for (`action` in its values). */
export function approvalText(granted: boolean, action: string, { text, delta }: Said): string {
  const approver = text('approver');
  const adjustment = { delta: delta('delta'), sku: text('sku'), warehouse: text('warehouse') };
  switch (action) {
    case 'worker':
      return granted ? m.journal_what_approval_worker_granted({ approver, name: text('name') }) : m.journal_what_approval_worker_refused({ name: text('name') });
    case 'uncertain_drop':
      return granted ? m.journal_what_approval_drop_granted({ approver, ...adjustment }) : m.journal_what_approval_drop_refused(adjustment);
    case 'uncertain_applied':
      return granted ? m.journal_what_approval_applied_granted({ approver, ...adjustment }) : m.journal_what_approval_applied_refused(adjustment);
    case 'shipment_cancel':
      return granted ? m.journal_what_approval_cancel_granted({ approver, shipment: text('shipment') }) : m.journal_what_approval_cancel_refused({ shipment: text('shipment') });
    case 'shipment_delete':
      return granted ? m.journal_what_approval_delete_granted({ approver, shipment: text('shipment') }) : m.journal_what_approval_delete_refused({ shipment: text('shipment') });
    case 'settings': {
      const { settings } = settingChangeText({ settings: text('settings') });
      return granted ? m.journal_what_approval_settings_granted({ approver, settings }) : m.journal_what_approval_settings_refused({ settings });
    }
    default:
      return granted ? m.journal_what_approval_granted({ approver, ...adjustment }) : m.journal_what_approval_refused(adjustment);
  }
}
