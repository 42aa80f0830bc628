import { m } from '../../i18n/messages';
import type { OutboxEntry } from '../../../../shared/ipc/records';
import { formatNumber } from '../../ui/format';

/**
 * A refused adjustment in the worker's words, from what the desk knows (the quantity on the card,
 * the warehouse's name) rather than the service's sentence, which names the warehouse by its id.
 * Undefined where the service's own sentence is the better one.
 */
export function adjustmentRefusal(entry: Pick<OutboxEntry, 'state' | 'delta' | 'lastError'>, onHandShown: number | undefined, warehouse: string): string | undefined {
  if (entry.state !== 'rejected' || entry.lastError?.code !== 'insufficient_stock') return undefined;
  // Without the figure (the outbox lists no stock) the service's own sentence says more.
  if (onHandShown === undefined) return undefined;
  return m.refusal_insufficient({ onHand: formatNumber(onHandShown), warehouse, quantity: formatNumber(-entry.delta) });
}
