import type { CatalogCache } from '../kernel/cache';
import type { HandlerMap } from '../kernel/ipc/router';
import type { ServiceConnection } from '../kernel/service-or-cache';
import { ShipmentService } from './shipment-service';

type ShipmentChannel = 'shipments.list' | 'shipments.read' | 'shipments.create' | 'shipments.cancel' | 'shipments.delete' | 'shipments.greenIndex' | 'shipments.transitTime';

export function shipmentHandlers(cache: CatalogCache, connection: () => ServiceConnection | null): HandlerMap<ShipmentChannel> {
  const shipments = new ShipmentService(cache, connection);
  return {
    'shipments.list': (input) => shipments.list(input),
    'shipments.read': ({ token }) => shipments.read(token),
    'shipments.create': (draft) => shipments.create(draft),
    'shipments.cancel': ({ token }) => shipments.cancel(token),
    'shipments.delete': ({ token }) => shipments.delete(token),
    'shipments.greenIndex': (input) => shipments.greenIndex(input),
    'shipments.transitTime': (input) => shipments.transitTime(input),
  };
}
