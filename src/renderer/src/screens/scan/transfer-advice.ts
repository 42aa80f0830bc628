import { m } from '../../i18n/messages';
import type { Transfer } from '../../../../shared/ipc/desk-work-records';
import { formatNumber } from '../../ui/format';

/** What a transfer that went wrong asks of the worker, in the desk's language (main sends the case as a code). */
export function transferAdvice(t: Pick<Transfer, 'advice' | 'quantity' | 'fromWarehouseId' | 'toWarehouseId'>, warehouseName: (id: string) => string): string | null {
  if (t.advice === null) return null;
  const values = { quantity: formatNumber(t.quantity), from: warehouseName(t.fromWarehouseId), to: warehouseName(t.toWarehouseId) };
  switch (t.advice) {
    case 'out_refused_stock':
      return m.transfer_advice_out_refused_stock(values);
    case 'out_refused':
      return m.transfer_advice_out_refused(values);
    case 'out_unknown':
      return m.transfer_advice_out_unknown(values);
    case 'out_unreadable':
      return m.transfer_advice_out_unreadable(values);
    case 'in_refused':
      return m.transfer_advice_in_refused(values);
    case 'in_unknown':
      return m.transfer_advice_in_unknown(values);
    case 'undo_refused':
      return m.transfer_advice_undo_refused(values);
    case 'undo_stuck':
      return m.transfer_advice_undo_stuck();
  }
}
