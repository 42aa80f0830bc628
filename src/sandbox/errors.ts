// The API's error model on the sandbox side: one class carrying status, stable code and details,
// and the JSON body every error answer has. Codes and statuses are those of the OpenAPI document.
import type { ErrorCode, ErrorDetail, ErrorResponse } from '../shared/api/types';

const STATUS_OF: Record<ErrorCode, number> = {
  invalid_request: 400,
  unauthorized: 401,
  token_expired: 401,
  invalid_credentials: 401,
  shipment_not_found: 404,
  stock_item_not_found: 404,
  not_found: 404,
  method_not_allowed: 405,
  shipment_not_cancellable: 409,
  shipment_not_deletable: 409,
  insufficient_stock: 409,
  idempotency_key_reused: 409,
  payload_too_large: 413,
  validation_failed: 422,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
};

export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
    /** Extra response headers (Retry-After, Allow). */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = STATUS_OF[code];
  }
}

export function errorBody(error: ApiError, requestId: string): ErrorResponse {
  return {
    error: {
      code: error.code,
      message: error.message,
      request_id: requestId,
      ...(error.details && error.details.length > 0 ? { details: error.details } : {}),
    },
  };
}

export function validationFailed(field: string, problem: string): ApiError {
  return new ApiError('validation_failed', `The request breaks a rule: ${field || 'body'} ${problem}.`, [{ field, problem }]);
}

// One message per resource, the same for "missing" and "another owner's", so nobody learns what others have.
export const shipmentNotFound = (): ApiError => new ApiError('shipment_not_found', 'No shipment with this token.');
export const stockItemNotFound = (): ApiError => new ApiError('stock_item_not_found', 'No stock item with this SKU.');
