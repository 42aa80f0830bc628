// What each operation of the contract looks like on the wire (path template, path parameters,
// auth, idempotency), read from the OpenAPI document object so nothing is restated by hand.
import { openapiDocument } from './openapi-document.gen';
import type { OperationId, PathParams } from './types';

export interface OperationInfo {
  readonly operationId: OperationId;
  /** Every operation of the API is a POST. */
  readonly method: 'POST';
  /** Path template as in the document, e.g. `/1.0/logistics/stock/{sku}/adjust`. */
  readonly pathTemplate: string;
  /** Names of the `{...}` path parameters, in path order. */
  readonly pathParams: readonly string[];
  /** False only for the token endpoint (`security: []`). */
  readonly requiresAuth: boolean;
  /** True when the operation requires an `Idempotency-Key` header. */
  readonly requiresIdempotencyKey: boolean;
  /** `x-safe`: true when the operation changes nothing on the service, so repeating it harms nobody. */
  readonly safe: boolean;
}

interface ParameterObject {
  name?: unknown;
  in?: unknown;
  required?: unknown;
  $ref?: unknown;
}

function asRecord(value: unknown, where: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(`OpenAPI document: ${where} is not an object`);
  }
  return value as Record<string, unknown>;
}

/** Resolves a local `$ref` (`#/components/...`) in the document object. */
export function resolveLocalRef(ref: string): unknown {
  if (!ref.startsWith('#/')) throw new Error(`OpenAPI document: only local refs are supported, got ${ref}`);
  let node: unknown = openapiDocument;
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    node = asRecord(node, ref)[key];
  }
  return node;
}

function parameterList(value: unknown): ParameterObject[] {
  if (!Array.isArray(value)) return [];
  return value.map((p) => {
    const param = asRecord(p, 'parameter') as ParameterObject;
    return typeof param.$ref === 'string' ? (asRecord(resolveLocalRef(param.$ref), param.$ref) as ParameterObject) : param;
  });
}

function buildOperations(): ReadonlyMap<OperationId, OperationInfo> {
  const byId = new Map<OperationId, OperationInfo>();
  const paths = asRecord(openapiDocument['paths'], 'paths');
  for (const [pathTemplate, item] of Object.entries(paths)) {
    const pathItem = asRecord(item, pathTemplate);
    const post = asRecord(pathItem['post'], `${pathTemplate} post`);
    const operationId = post['operationId'];
    if (typeof operationId !== 'string') throw new Error(`OpenAPI document: ${pathTemplate} has no operationId`);
    const params = [...parameterList(pathItem['parameters']), ...parameterList(post['parameters'])];
    const security = post['security'];
    const safe = post['x-safe'];
    // No default: whether a failed call may be repeated is decided for each operation, where it is declared.
    if (typeof safe !== 'boolean') throw new Error(`OpenAPI document: ${operationId} does not say (x-safe) whether it changes anything`);
    byId.set(operationId as OperationId, {
      operationId: operationId as OperationId,
      method: 'POST',
      pathTemplate,
      pathParams: [...pathTemplate.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] ?? ''),
      requiresAuth: !(Array.isArray(security) && security.length === 0),
      requiresIdempotencyKey: params.some((p) => p.in === 'header' && p.name === 'Idempotency-Key' && p.required === true),
      safe,
    });
  }
  return byId;
}

let operations: ReadonlyMap<OperationId, OperationInfo> | undefined;

/** All operations of the document, keyed by operationId. */
export function allOperations(): ReadonlyMap<OperationId, OperationInfo> {
  operations ??= buildOperations();
  return operations;
}

/** The wire description of one operation. */
export function operationInfo(operationId: OperationId): OperationInfo {
  const info = allOperations().get(operationId);
  if (!info) throw new Error(`Unknown operationId ${operationId}`);
  return info;
}

/**
 * The request path of an operation with its path parameters percent-encoded
 * (`operationPath('readStock', { sku: 'WD-000123' })` -> `/1.0/logistics/stock/WD-000123/read`).
 */
export function operationPath<Op extends OperationId>(operationId: Op, params: PathParams<Op>): string {
  const values = params as Record<string, string>;
  return operationInfo(operationId).pathTemplate.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const value = values[name];
    if (typeof value !== 'string') throw new Error(`operationPath(${operationId}): missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
}
