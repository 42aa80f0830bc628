// Runtime validation against resources/openapi.yaml, through the validating functions generated
// from it (validators.gen.js, by scripts/gen-api.mjs: nothing is compiled at run time).
// The sandbox checks request bodies with it, the app's API client checks responses with it.
// No Node-only API here.
import type { ErrorObject } from 'ajv/dist/2020.js';
import { operationInfo, resolveLocalRef } from './operations';
import type { OperationId, RequestBody, ResponseBody, ResponseStatus, SchemaName, SchemaType } from './types';
import { validatorTable, type SchemaValidators } from './validators.gen';

/** One thing wrong with a value, in the shape of the API's error details. */
export interface ValidationProblem {
  /** Path into the value: `parcels[0].weight_grams`, `""` for the value itself. */
  field: string;
  /** Plain words: `is required`, `must be an integer`, `must not be 0`. */
  problem: string;
  /** The JSON Schema keyword that failed (`type`, `required`, `pattern`, ...). */
  keyword: string;
}

/**
 * `invalid_request`: malformed (wrong JSON types, not an object); `validation_failed`: well-formed
 * but breaks a rule (missing, unknown, out of range, pattern, enum). See "400 or 422" in the document.
 */
export type RequestProblemKind = 'invalid_request' | 'validation_failed';

export type ValidationResult<T> =
  | { ok: true; value: T }
  | { ok: false; problems: ValidationProblem[] };

export type RequestValidationResult<T> =
  | { ok: true; value: T }
  | { ok: false; kind: RequestProblemKind; problems: ValidationProblem[] };

/** At most this many problems are reported, so a hostile body cannot make a huge error. */
export const MAX_PROBLEMS = 50;

function pointerTo(segments: readonly string[]): string {
  return '#/' + segments.map((s) => s.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
}

function compiledAt(pointer: string): SchemaValidators {
  const found = validatorTable()[pointer];
  if (!found) throw new Error(`no validator was generated for ${pointer} (npm run gen:api)`);
  return found;
}

function fieldPath(instancePath: string, extra?: string): string {
  const segments = instancePath === '' ? [] : instancePath.slice(1).split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (extra !== undefined) segments.push(extra);
  let out = '';
  for (const segment of segments) {
    if (/^(0|[1-9][0-9]*)$/.test(segment)) out += `[${segment}]`;
    else out += out === '' ? segment : `.${segment}`;
  }
  return out;
}

const TYPE_WORDS: Record<string, string> = {
  integer: 'an integer',
  number: 'a number',
  string: 'a string',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
  null: 'null',
};

const FORMAT_WORDS: Record<string, string> = {
  'date-time': 'must be an RFC 3339 date-time such as 2025-01-06T08:00:00Z',
  date: 'must be a date (YYYY-MM-DD)',
};

function problemOf(error: ErrorObject): ValidationProblem {
  const params = error.params as Record<string, unknown>;
  const parent = (error.parentSchema ?? {}) as Record<string, unknown>;
  const at = (extra?: string): string => fieldPath(error.instancePath, extra);
  const make = (problem: string, field = at()): ValidationProblem => ({ field, problem, keyword: error.keyword });
  switch (error.keyword) {
    case 'type': {
      const raw = params['type'];
      const types = Array.isArray(raw) ? raw.map(String) : String(raw).split(',');
      return make(`must be ${types.map((t) => TYPE_WORDS[t] ?? t).join(' or ')}`);
    }
    case 'required':
      return make('is required', at(String(params['missingProperty'])));
    case 'additionalProperties':
    case 'unevaluatedProperties':
      return make('is not allowed', at(String(params['additionalProperty'] ?? params['unevaluatedProperty'])));
    case 'minimum':
      return make(`must be at least ${String(params['limit'])}`);
    case 'maximum':
      return make(`must be at most ${String(params['limit'])}`);
    case 'exclusiveMinimum':
      return make(`must be greater than ${String(params['limit'])}`);
    case 'exclusiveMaximum':
      return make(`must be less than ${String(params['limit'])}`);
    case 'minLength':
      return make(params['limit'] === 1 ? 'must not be empty' : `must be at least ${String(params['limit'])} characters`);
    case 'maxLength':
      return make(`must be at most ${String(params['limit'])} characters`);
    case 'minItems':
      return make(params['limit'] === 1 ? 'must not be empty' : `must have at least ${String(params['limit'])} items`);
    case 'maxItems':
      return make(`must have at most ${String(params['limit'])} items`);
    case 'pattern':
      return make(typeof parent['x-problem'] === 'string' ? parent['x-problem'] : `must match ${String(params['pattern'])}`);
    case 'format':
      return make(FORMAT_WORDS[String(params['format'])] ?? `must be a valid ${String(params['format'])}`);
    case 'enum':
      return make(`must be one of: ${(params['allowedValues'] as unknown[]).map((v) => String(v)).join(', ')}`);
    case 'const':
      return make(`must be ${JSON.stringify(params['allowedValue'])}`);
    case 'not': {
      const negated = error.schema as Record<string, unknown> | undefined;
      return make(negated && 'const' in negated ? `must not be ${JSON.stringify(negated['const'])}` : 'is not allowed');
    }
    case 'oneOf':
    case 'anyOf':
      return make('does not match any of the allowed shapes');
    default:
      return make(error.message ?? `fails ${error.keyword}`);
  }
}

function problemsOf(errors: readonly ErrorObject[]): ValidationProblem[] {
  const seen = new Set<string>();
  const problems: ValidationProblem[] = [];
  for (const error of errors) {
    // A failing branch of a nullable oneOf also reports "must be null": noise next to the real problem.
    if (error.keyword === 'oneOf' || error.keyword === 'anyOf') continue;
    const problem = problemOf(error);
    const key = `${problem.field}\u0000${problem.problem}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push(problem);
    if (problems.length >= MAX_PROBLEMS) break;
  }
  if (problems.length === 0 && errors.length > 0) problems.push(problemOf(errors[0] as ErrorObject));
  return problems;
}

function run(schema: SchemaValidators, value: unknown): ValidationProblem[] | null {
  if (schema.whole(value)) return null;
  if (schema.branches.length > 0) {
    // Report only the branch whose top-level shape the value matches best ({shipment_token} or a
    // route), not the errors of both: first fewest missing/unknown top-level fields, then fewest errors.
    let best: { errors: readonly ErrorObject[]; shape: number } | undefined;
    for (const branch of schema.branches) {
      if (branch(value)) continue;
      const errors = branch.errors ?? [];
      const shape = errors.filter(
        (e) => e.instancePath === '' && (e.keyword === 'required' || e.keyword === 'additionalProperties'),
      ).length;
      if (!best || shape < best.shape || (shape === best.shape && errors.length < best.errors.length)) {
        best = { errors, shape };
      }
    }
    if (best) return problemsOf(best.errors);
  }
  return problemsOf(schema.whole.errors ?? []);
}

function requestSchemaPointer(operationId: OperationId): string {
  const { pathTemplate } = operationInfo(operationId);
  return pointerTo(['paths', pathTemplate, 'post', 'requestBody', 'content', 'application/json', 'schema']);
}

function responsePointer(operationId: OperationId, status: number): string | null {
  const { pathTemplate } = operationInfo(operationId);
  const responses = resolveLocalRef(pointerTo(['paths', pathTemplate, 'post', 'responses'])) as Record<string, unknown>;
  const key = String(status);
  const response = responses[key];
  if (response === undefined) return null;
  const ref = (response as Record<string, unknown>)['$ref'];
  const base = typeof ref === 'string' ? ref : pointerTo(['paths', pathTemplate, 'post', 'responses', key]);
  return `${base}/content/application~1json/schema`;
}

/**
 * Checks a request body against the operation's request schema. On failure `kind` tells 400
 * (`invalid_request`: a wrong JSON type anywhere) from 422 (`validation_failed`: everything else).
 */
export function validateRequestBody<Op extends OperationId>(
  operationId: Op,
  body: unknown,
): RequestValidationResult<RequestBody<Op>> {
  const problems = run(compiledAt(requestSchemaPointer(operationId)), body);
  if (problems === null) return { ok: true, value: body as RequestBody<Op> };
  const kind: RequestProblemKind = problems.some((p) => p.keyword === 'type') ? 'invalid_request' : 'validation_failed';
  return { ok: false, kind, problems };
}

/**
 * Checks a response body against what the operation documents for that HTTP status. An
 * undocumented status is a problem too (field `""`). Unknown fields are accepted (responses are open).
 */
export function validateResponseBody<Op extends OperationId, S extends ResponseStatus<Op>>(
  operationId: Op,
  status: S | number,
  body: unknown,
): ValidationResult<ResponseBody<Op, S>> {
  const pointer = responsePointer(operationId, status);
  if (pointer === null) {
    return { ok: false, problems: [{ field: '', problem: `HTTP ${status} is not documented for ${operationId}`, keyword: 'status' }] };
  }
  const problems = run(compiledAt(pointer), body);
  return problems === null ? { ok: true, value: body as ResponseBody<Op, S> } : { ok: false, problems };
}

/** Checks a value against one schema of components/schemas. */
export function validateSchema<N extends SchemaName>(name: N, value: unknown): ValidationResult<SchemaType<N>> {
  const problems = run(compiledAt(pointerTo(['components', 'schemas', name])), value);
  return problems === null ? { ok: true, value: value as SchemaType<N> } : { ok: false, problems };
}

/** Checks an `Idempotency-Key` header value against the document's parameter schema. */
export function validateIdempotencyKey(value: unknown): ValidationResult<string> {
  const problems = run(compiledAt('#/components/parameters/IdempotencyKey/schema'), value);
  return problems === null
    ? { ok: true, value: value as string }
    : { ok: false, problems: problems.map((p) => ({ ...p, field: 'header:Idempotency-Key' })) };
}

/** The error codes a documented response of an operation can carry (its `x-error-codes`). */
export function documentedErrorCodes(operationId: OperationId, status: number): readonly string[] {
  const pointer = responsePointer(operationId, status);
  if (pointer === null) return [];
  const response = resolveLocalRef(pointer.replace(/\/content\/application~1json\/schema$/, '')) as Record<string, unknown>;
  const codes = response['x-error-codes'];
  return Array.isArray(codes) ? codes.map(String) : [];
}
