import type { OutboxEntry } from '../../../../shared/ipc/records';
import { formatNumber } from '../../ui/format';

/**
 * A refused adjustment in the worker's words, from what the desk knows (the quantity on the card,
 * the warehouse's name) rather than the service's sentence, which names the warehouse by its id.
 * Undefined where the service's own sentence is the better one.
 */
export function adjustmentRefusal(entry: Pick<OutboxEntry, 'state' | 'delta' | 'lastError'>, onHandShown: number | undefined, warehouse: string): string | undefined {
  if (entry.state !== 'rejected' || entry.lastError?.code !== 'insufficient_stock') return undefined;
  const removing = formatNumber(-entry.delta);
  return onHandShown === undefined
    ? `Not enough on hand in ${warehouse} to remove ${removing}. Nothing was changed.`
    : `Only ${formatNumber(onHandShown)} on hand in ${warehouse}, so ${removing} cannot be removed. Nothing was changed.`;
}
