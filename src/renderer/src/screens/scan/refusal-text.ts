import { m } from '../../i18n/messages';
import type { OutboxEntry } from '../../../../shared/ipc/records';
import { formatNumber } from '../../ui/format';

/**
 * A refused adjustment in the worker's words, from what the desk knows (the stock the service
 * held when it refused, which main reads and sends as `params.onHand`, else the quantity on the
 * card; the warehouse's name) rather than the service's sentence, which names the warehouse by its
 * id. Undefined where no figure is known: the code's own sentence is said then.
 */
export function adjustmentRefusal(entry: Pick<OutboxEntry, 'state' | 'delta' | 'lastError'>, onHandShown: number | undefined, warehouse: string): string | undefined {
  if (entry.state !== 'rejected' || entry.lastError?.code !== 'insufficient_stock') return undefined;
  const atRefusal = entry.lastError.params?.['onHand'];
  const onHand = typeof atRefusal === 'number' ? atRefusal : onHandShown;
  if (onHand === undefined) return undefined;
  return m.refusal_insufficient({ onHand: formatNumber(onHand), warehouse, quantity: formatNumber(-entry.delta) });
}
