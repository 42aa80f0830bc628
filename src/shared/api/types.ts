// Named views of the generated OpenAPI types. Nothing here restates a field: every type is taken
// from openapi.gen.ts, which is generated from resources/openapi.yaml.
import type { components, operations } from './openapi.gen';

type Schemas = components['schemas'];

export type { components, operations, paths } from './openapi.gen';

/** Every operationId of the document (camelCase, e.g. `adjustStock`). */
export type OperationId = keyof operations;

// Records (responses are open: clients ignore unknown fields).
export type Warehouse = Schemas['Warehouse'];
export type Address = Schemas['Address'];
export type Party = Schemas['Party'];
export type Dimensions = Schemas['Dimensions'];
export type Parcel = Schemas['Parcel'];
export type Product = Schemas['Product'];
export type StockLevel = Schemas['StockLevel'];
export type StockItem = Schemas['StockItem'];
export type Adjustment = Schemas['Adjustment'];
export type AdjustResult = Schemas['AdjustResult'];
export type AdjustmentReason = Schemas['AdjustmentReason'];
export type Shipment = Schemas['Shipment'];
export type ShipmentStatus = Schemas['ShipmentStatus'];
export type ShipmentScope = Schemas['ShipmentScope'];
export type ServiceLevel = Schemas['ServiceLevel'];
export type DeleteShipmentResult = Schemas['DeleteShipmentResult'];
export type TransportMode = Schemas['TransportMode'];
export type ModeEmission = Schemas['ModeEmission'];
export type GreenIndexResult = Schemas['GreenIndexResult'];
export type ServiceTransitTime = Schemas['ServiceTransitTime'];
export type TransitTimeResult = Schemas['TransitTimeResult'];
export type TokenResponse = Schemas['TokenResponse'];
export type WarehousePage = Schemas['WarehousePage'];
export type ProductPage = Schemas['ProductPage'];
export type StockPage = Schemas['StockPage'];
export type ShipmentPage = Schemas['ShipmentPage'];

// Errors.
export type ErrorCode = Schemas['ErrorCode'];
export type ErrorDetail = Schemas['ErrorDetail'];
export type ApiErrorObject = Schemas['Error'];
export type ErrorResponse = Schemas['ErrorResponse'];

// Requests (strict: unknown fields are refused).
export type TokenRequest = Schemas['TokenRequest'];
export type AddressInput = Schemas['AddressInput'];
export type PartyInput = Schemas['PartyInput'];
export type DimensionsInput = Schemas['DimensionsInput'];
export type ParcelInput = Schemas['ParcelInput'];
export type RoutePoint = Schemas['RoutePoint'];
export type EmptyRequest = Schemas['EmptyRequest'];
export type ListWarehousesRequest = Schemas['ListWarehousesRequest'];
export type ListProductsRequest = Schemas['ListProductsRequest'];
export type ListStockRequest = Schemas['ListStockRequest'];
export type AdjustStockRequest = Schemas['AdjustStockRequest'];
export type CreateShipmentRequest = Schemas['CreateShipmentRequest'];
export type ListShipmentsRequest = Schemas['ListShipmentsRequest'];
export type GreenIndexRequest = Schemas['GreenIndexRequest'];
export type GreenIndexByRoute = Schemas['GreenIndexByRoute'];
export type GreenIndexByShipment = Schemas['GreenIndexByShipment'];
export type TransitTimeRequest = Schemas['TransitTimeRequest'];
export type TransitTimeByRoute = Schemas['TransitTimeByRoute'];
export type TransitTimeByShipment = Schemas['TransitTimeByShipment'];

/** Name of a schema under components/schemas. */
export type SchemaName = keyof Schemas;
/** The type of a schema under components/schemas. */
export type SchemaType<N extends SchemaName> = Schemas[N];

/** JSON request body of an operation. */
export type RequestBody<Op extends OperationId> = operations[Op] extends {
  requestBody: { content: { 'application/json': infer B } };
}
  ? B
  : never;

/** HTTP statuses an operation documents (200 and its error statuses). */
export type ResponseStatus<Op extends OperationId> = keyof operations[Op]['responses'] & number;

/** JSON body of one documented response of an operation. */
export type ResponseBody<Op extends OperationId, S extends ResponseStatus<Op>> = operations[Op]['responses'][S] extends {
  content: { 'application/json': infer B };
}
  ? B
  : never;

/** JSON body of the 200 response of an operation. */
export type SuccessBody<Op extends OperationId> = ResponseBody<Op, 200 & ResponseStatus<Op>>;

/** Path parameters of an operation (`{}` when it has none). */
export type PathParams<Op extends OperationId> = operations[Op]['parameters'] extends { path: infer P }
  ? P extends Record<string, string>
    ? P
    : Record<string, never>
  : Record<string, never>;
