import type { Transfer } from '../../../src/shared/ipc/desk-work-records';
import { entryOf } from '../support/fake-desk';

const at = '2026-03-12T14:32:00.000Z';

/** A transfer of 5 from Main hall to North annex, both legs applied; overrides as given. */
export function transferOf(overrides: Partial<Transfer> = {}): Transfer {
  return {
    id: 'tr-1',
    sku: 'SKU-00042',
    fromWarehouseId: 'wh-main',
    toWarehouseId: 'wh-north',
    quantity: 5,
    worker: null,
    createdAt: at,
    state: 'done',
    out: entryOf({ id: 'ob-out', delta: -5, reason: 'other', state: 'applied', applied: { adjustmentId: 'adj_1', onHandAfter: 1235, requestId: 'req_1' } }),
    in: entryOf({ id: 'ob-in', warehouseId: 'wh-north', delta: 5, reason: 'other', state: 'applied', applied: { adjustmentId: 'adj_2', onHandAfter: 91, requestId: 'req_2' } }),
    advice: null,
    reverses: null,
    undoneBy: null,
    reversal: null,
    ...overrides,
  };
}
