// The API contract in TypeScript: generated types, operation wire facts, validators.
export * from './types';
export { allOperations, operationInfo, operationPath, type OperationInfo } from './operations';
export {
  MAX_PROBLEMS,
  documentedErrorCodes,
  validateIdempotencyKey,
  validateRequestBody,
  validateResponseBody,
  validateSchema,
  type RequestProblemKind,
  type RequestValidationResult,
  type ValidationProblem,
  type ValidationResult,
} from './validators';
export { IDEMPOTENCY_HORIZON_MS } from './idempotency';
export { openapiDocument } from './openapi-document.gen';
