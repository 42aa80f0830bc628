// The Shipping API client of the main process: what the services import.
export {
  createApiClient,
  type ApiAnswer,
  type ApiClient,
  type ApiClientOptions,
  type ApiCredentials,
  type RequestOutcome,
  type TokenAnswer,
} from './client';
export { ApiError, type ApiFailure, type ApiProblem } from './api-error';
export { isAuthFailure, isDefinitiveRefusal, isTransient } from './errors';
export { retryClass, type RetryClass } from './retry';
export { APP_VERSION, DEFAULT_USER_AGENT } from './version';
export * from './mapping';
// The wire types under the names the services use for them (generated from resources/openapi.yaml).
export type {
  AdjustResult as AdjustResultWire,
  DeleteShipmentResult as DeleteShipmentWire,
  GreenIndexResult as GreenIndexWire,
  Product as ProductWire,
  Shipment as ShipmentWire,
  StockItem as StockItemWire,
  TransitTimeResult as TransitTimeWire,
  Warehouse as WarehouseWire,
} from '../../../shared/api';
