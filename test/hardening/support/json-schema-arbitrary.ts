// fast-check arbitraries generated from the JSON Schemas of the OpenAPI document: valid request
// bodies per operation, and hostile mutations of them (a field dropped, retyped, swollen, an
// unknown or prototype key added, deep nesting, numbers JSON cannot carry).
//
// It understands the keywords the document's request schemas use: $ref, type (also lists),
// properties/required/additionalProperties, enum, const, allOf/oneOf/anyOf, not (by filtering),
// minLength/maxLength/pattern/format, minimum/maximum, items/minItems/maxItems. Anything else
// throws, so a new keyword in the document is noticed here rather than silently ignored.
import fc from 'fast-check';
import { openapiDocument } from '../../../src/shared/api';

type Schema = Record<string, unknown>;

const KNOWN = new Set([
  '$ref', 'type', 'properties', 'required', 'additionalProperties', 'enum', 'const', 'allOf', 'oneOf', 'anyOf', 'not',
  'minLength', 'maxLength', 'pattern', 'format', 'minimum', 'maximum', 'items', 'minItems', 'maxItems',
  'exclusiveMinimum', 'exclusiveMaximum',
  // annotations
  'description', 'examples', 'default', 'x-problem', 'x-rules', 'x-http-status', 'title', '$schema',
]);

export function resolveRef(ref: string): Schema {
  if (!ref.startsWith('#/')) throw new Error(`only local refs: ${ref}`);
  let node: unknown = openapiDocument;
  for (const key of ref.slice(2).split('/')) node = (node as Record<string, unknown>)[key.replace(/~1/g, '/').replace(/~0/g, '~')];
  if (typeof node !== 'object' || node === null) throw new Error(`dangling ref ${ref}`);
  return node as Schema;
}

/** The request body schema of an operation (its `$ref`). */
export function requestSchemaOf(operationId: string): Schema {
  for (const item of Object.values(openapiDocument['paths'] as Record<string, Record<string, Schema>>)) {
    const post = item['post'];
    if (post?.['operationId'] === operationId) {
      const content = (post['requestBody'] as Schema | undefined)?.['content'] as Record<string, Schema> | undefined;
      const schema = content?.['application/json']?.['schema'];
      if (!schema) throw new Error(`${operationId} has no JSON request body`);
      return schema as Schema;
    }
  }
  throw new Error(`no operation ${operationId}`);
}

/**
 * Arbitraries that replace a named component schema (`WarehouseId`: real warehouse ids mixed with
 * made-up ones), or, with a `property:` prefix, any property of that name (for schemas without
 * refs, such as those zod's toJSONSchema writes).
 */
export type Hints = Partial<Record<string, fc.Arbitrary<unknown>>>;

const ISO_MIN = new Date('2000-01-01T00:00:00.000Z');
const ISO_MAX = new Date('2099-12-31T23:59:59.999Z');

/** Pattern strings, also for patterns with a leading lookahead (fast-check cannot generate those). */
function stringForPattern(pattern: string): fc.Arbitrary<string> {
  const full = new RegExp(pattern, 'u');
  const generatable = pattern.replace(/^\^((?:\(\?=[^)]*\))+)/, '^');
  return fc.stringMatching(new RegExp(generatable)).filter((s) => full.test(s));
}

function stringArbitrary(schema: Schema): fc.Arbitrary<string> {
  const minLength = (schema['minLength'] as number | undefined) ?? 0;
  const maxLength = (schema['maxLength'] as number | undefined) ?? 80;
  const inRange = (s: string): boolean => s.length >= minLength && s.length <= maxLength;
  switch (schema['format']) {
    case 'date-time':
      return fc.date({ min: ISO_MIN, max: ISO_MAX, noInvalidDate: true }).map((d) => d.toISOString());
    case 'date':
      return fc.date({ min: ISO_MIN, max: ISO_MAX, noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    case 'email':
      return fc.emailAddress().filter(inRange);
    case 'uuid':
      return fc.uuid();
    case 'uri':
      return fc.webUrl().filter(inRange);
    case undefined:
      break;
    default:
      throw new Error(`format ${String(schema['format'])} not handled`);
  }
  if (typeof schema['pattern'] === 'string') return stringForPattern(schema['pattern']).filter(inRange);
  return fc.string({ minLength, maxLength: Math.min(maxLength, minLength + 40), unit: 'grapheme' });
}

function numberArbitrary(schema: Schema, integer: boolean): fc.Arbitrary<number> {
  const exclusiveMin = schema['exclusiveMinimum'] as number | undefined;
  const exclusiveMax = schema['exclusiveMaximum'] as number | undefined;
  const min = (schema['minimum'] as number | undefined) ?? (exclusiveMin !== undefined ? exclusiveMin + (integer ? 1 : Number.EPSILON * Math.max(1, Math.abs(exclusiveMin))) : undefined);
  const max = (schema['maximum'] as number | undefined) ?? (exclusiveMax !== undefined ? exclusiveMax - (integer ? 1 : Number.EPSILON * Math.max(1, Math.abs(exclusiveMax))) : undefined);
  if (integer) return fc.integer({ min: min ?? -1_000_000_000, max: max ?? 1_000_000_000 });
  return fc.double({ min: min ?? -1e9, max: max ?? 1e9, noNaN: true, noDefaultInfinity: true });
}

export function arbitraryFor(schema: Schema, hints: Hints = {}, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 20) throw new Error('schema too deep (recursive?)');
  for (const key of Object.keys(schema)) if (!KNOWN.has(key)) throw new Error(`JSON Schema keyword ${key} not handled`);
  const ref = schema['$ref'];
  if (typeof ref === 'string') {
    const name = ref.split('/').pop() ?? '';
    return hints[name] ?? arbitraryFor(resolveRef(ref), hints, depth + 1);
  }
  let arbitrary = baseArbitrary(schema, hints, depth);
  const not = schema['not'] as Schema | undefined;
  if (not) {
    if (!('const' in not)) throw new Error('only `not: {const}` is handled');
    arbitrary = arbitrary.filter((v) => v !== not['const']);
  }
  return arbitrary;
}

function baseArbitrary(schema: Schema, hints: Hints, depth: number): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema['const']);
  if (Array.isArray(schema['enum'])) return fc.constantFrom(...(schema['enum'] as unknown[]));
  const allOf = schema['allOf'] as Schema[] | undefined;
  if (allOf) {
    if (allOf.length !== 1) throw new Error('allOf with more than one branch not handled');
    return arbitraryFor(allOf[0] as Schema, hints, depth + 1);
  }
  const branches = (schema['oneOf'] ?? schema['anyOf']) as Schema[] | undefined;
  if (branches) return fc.oneof(...branches.map((b) => arbitraryFor(b, hints, depth + 1)));
  const type = schema['type'];
  if (Array.isArray(type)) return fc.oneof(...type.map((t) => baseArbitrary({ ...schema, type: t }, hints, depth)));
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'string':
      return stringArbitrary(schema);
    case 'array': {
      const items = schema['items'] as Schema | undefined;
      if (!items) throw new Error('array without items');
      const minLength = (schema['minItems'] as number | undefined) ?? 0;
      const maxLength = Math.min((schema['maxItems'] as number | undefined) ?? 5, minLength + 4);
      return fc.array(arbitraryFor(items, hints, depth + 1), { minLength, maxLength });
    }
    case 'object': {
      const properties = (schema['properties'] ?? {}) as Record<string, Schema>;
      const required = (schema['required'] ?? []) as string[];
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, property] of Object.entries(properties)) model[name] = hints[`property:${name}`] ?? arbitraryFor(property, hints, depth + 1);
      return fc.record(model, { requiredKeys: required });
    }
    default:
      throw new Error(`type ${String(type)} not handled`);
  }
}

// ---------- hostile mutations ----------

/** A token written into the JSON text as is (NaN, 1e400, ...), which JSON.stringify cannot produce. */
export class RawJson {
  constructor(readonly text: string) {}
}

/** JSON text of a value that may contain RawJson tokens and own `__proto__` keys. */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    return `{${Object.keys(value)
      .map((k) => `${JSON.stringify(k)}:${toJsonText((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function nested(depth: number, kind: 'array' | 'object'): RawJson {
  return new RawJson(kind === 'array' ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth));
}

/** Values of every wrong kind: other JSON types, extremes, numbers JSON cannot hold, huge and deep. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    null, true, false, 0, -0, -1, 1.5, 2 ** 53 + 1, -(2 ** 63), 1e308, '', ' ', '\u0000', '\u202e', 'null', 'NaN', '0', '-1',
    [], {}, [null], { '': '' },
    new RawJson('NaN'), new RawJson('Infinity'), new RawJson('-Infinity'), new RawJson('1e400'), new RawJson('-1e400'),
    new RawJson('0x10'), new RawJson('01'), new RawJson('1.'), new RawJson('"\\ud800"'), new RawJson('"\\u0000"'),
    "'; DROP TABLE stock_levels; --", '%00', '../../etc/passwd', '<script>alert(1)</script>', '${7*7}', '\r\nX-Injected: 1',
  ),
  fc.integer({ min: 1, max: 3 }).map((k) => 'x'.repeat(10 ** (k + 2) * 3)), // 300 .. 300,000 characters
  fc.integer({ min: 50, max: 5000 }).chain((d) => fc.constantFrom(nested(d, 'array'), nested(d, 'object'))),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.double(),
  fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map((n) => new RawJson(n.toString())),
  fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.anything({ maxDepth: 1 }), { maxKeys: 4 }),
);

export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toString', 'valueOf', '__defineGetter__'];

function withOwnKey(target: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const k of Object.keys(target)) Object.defineProperty(copy, k, { value: target[k], enumerable: true, writable: true, configurable: true });
  Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

/** Every path to an object member or array element of a JSON-like value. */
function paths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const out: (string | number)[][] = [];
  if (Array.isArray(value)) value.forEach((v, i) => out.push([...prefix, i], ...paths(v, [...prefix, i])));
  else if (typeof value === 'object' && value !== null && !(value instanceof RawJson)) {
    for (const k of Object.keys(value)) out.push([...prefix, k], ...paths((value as Record<string, unknown>)[k], [...prefix, k]));
  }
  return out;
}

function update(value: unknown, path: (string | number)[], change: (old: unknown, parent: unknown, key: string | number) => unknown | typeof DELETE): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  if (Array.isArray(value)) {
    const copy = [...value];
    if (rest.length === 0) {
      const next = change(copy[head as number], value, head);
      if (next === DELETE) copy.splice(head as number, 1);
      else copy[head as number] = next;
    } else copy[head as number] = update(copy[head as number], rest, change);
    return copy;
  }
  const record = value as Record<string, unknown>;
  const copy: Record<string, unknown> = {};
  for (const k of Object.keys(record)) {
    if (k !== head) {
      Object.defineProperty(copy, k, { value: record[k], enumerable: true, writable: true, configurable: true });
      continue;
    }
    const next = rest.length === 0 ? change(record[k], value, k) : update(record[k], rest, change);
    if (next !== DELETE) Object.defineProperty(copy, k, { value: next, enumerable: true, writable: true, configurable: true });
  }
  return copy;
}
const DELETE = Symbol('delete');

export type Mutation = { kind: string; body: unknown };

/** One hostile change of a valid body, named for the failure message; `hostile` supplies the bad values. */
export function mutationsOf(valid: unknown, hostile: fc.Arbitrary<unknown> = hostileValue): fc.Arbitrary<Mutation> {
  const all = paths(valid);
  const objectPaths = [[], ...all].filter((p) => {
    let node: unknown = valid;
    for (const k of p) node = (node as Record<string | number, unknown>)[k];
    return typeof node === 'object' && node !== null && !Array.isArray(node) && !(node instanceof RawJson);
  });
  const options: fc.Arbitrary<Mutation>[] = [
    // Body-level: not an object at all.
    hostile.map((body) => ({ kind: 'body replaced', body })),
  ];
  if (objectPaths.length > 0) {
    // An unknown or prototype key at some object level.
    options.push(
      fc.tuple(fc.constantFrom(...objectPaths), fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS), fc.string({ maxLength: 12 })), hostile).map(([p, key, v]) => ({
        kind: `key ${JSON.stringify(key)} added at ${p.join('.') || '(body)'}`,
        body: p.length === 0 ? withOwnKey(valid as Record<string, unknown>, key, v) : update(valid, p, (old) => withOwnKey(old as Record<string, unknown>, key, v)),
      })),
    );
  }
  if (all.length > 0) {
    options.push(
      fc.tuple(fc.constantFrom(...all), hostile).map(([p, v]) => ({ kind: `${p.join('.')} replaced`, body: update(valid, p, () => v) })),
      fc.constantFrom(...all).map((p) => ({ kind: `${p.join('.')} removed`, body: update(valid, p, () => DELETE) })),
      // Present but undefined: JSON drops it, a structured clone (Electron IPC) keeps the key.
      fc.constantFrom(...all).map((p) => ({ kind: `${p.join('.')} set to undefined`, body: update(valid, p, () => undefined) })),
    );
  }
  return fc.oneof(...options);
}
