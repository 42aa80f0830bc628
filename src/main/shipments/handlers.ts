import type { ApproveAction } from '../../shared/ipc/approval-records';
import type { CatalogCache } from '../kernel/cache';
import type { ServiceConnection } from '../kernel/service-or-cache';
import { details, failed, failedPart, type DeclaredChannels } from '../journal';
import { ShipmentService } from './shipment-service';

type ShipmentChannel = 'shipments.list' | 'shipments.read' | 'shipments.create' | 'shipments.cancel' | 'shipments.delete' | 'shipments.greenIndex' | 'shipments.transitTime';

/**
 * What changes a shipment leaves a journal line; reading one does not. Cancelling or deleting one
 * takes a supervisor's approval for that shipment and that action where the policy asks for one.
 */
export function shipmentChannels(cache: CatalogCache, connection: () => ServiceConnection | null, approve: ApproveAction): DeclaredChannels<ShipmentChannel> {
  const shipments = new ShipmentService(cache, connection);
  return {
    'shipments.list': { handle: (input) => shipments.list(input) },
    'shipments.read': { handle: ({ token }) => shipments.read(token) },
    'shipments.create': {
      handle: (draft) => shipments.create(draft),
      journal: (input, s) => ({ kind: 'create', code: s.token, sku: null, details: details('shipment_created', { reference: input.reference, carrier: input.carrier }), outcome: 'done', requestId: null }),
      journalFailure: (input, thrown) => {
        const f = failed(thrown);
        return { kind: 'create', code: null, sku: null, outcome: f.outcome, requestId: f.requestId, details: details('shipment_create', { reference: input.reference }, f.error) };
      },
    },
    'shipments.cancel': {
      handle: ({ token, approval }) => {
        approve({ kind: 'shipment', token, verb: 'cancel' }, approval);
        return shipments.cancel(token);
      },
      journal: (input, s) => ({ kind: 'cancel', code: input.token, sku: null, details: details('shipment_cancelled', { reference: s.reference }), outcome: 'done', requestId: null }),
      journalFailure: (input, thrown) => ({ kind: 'cancel', code: input.token, sku: null, ...failedPart(thrown) }),
    },
    'shipments.delete': {
      handle: ({ token, approval }) => {
        approve({ kind: 'shipment', token, verb: 'delete' }, approval);
        return shipments.delete(token);
      },
      journal: (input) => ({ kind: 'delete', code: input.token, sku: null, details: details('shipment_deleted', { token: input.token }), outcome: 'done', requestId: null }),
      journalFailure: (input, thrown) => ({ kind: 'delete', code: input.token, sku: null, ...failedPart(thrown) }),
    },
    'shipments.greenIndex': { handle: (input) => shipments.greenIndex(input) },
    'shipments.transitTime': { handle: (input) => shipments.transitTime(input) },
  };
}
