// HTTP fuzz of the sandbox, generated from the OpenAPI document: for every operation, request
// bodies generated from its request schema, then mutated (fields dropped, retyped, swollen,
// unknown and prototype keys, deep nesting, NaN/Infinity/1e400 in the JSON text), hostile path
// parameters, hostile headers, other methods and content types. Every answer must be an HTTP
// answer below 500 with an X-Request-Id header; every error must carry a code and the same
// request_id; answers on the operation's own path must be what the document allows.
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allOperations, documentedErrorCodes, operationInfo, validateResponseBody, type OperationId } from '../../src/shared/api';
import { SUPPORTED_COUNTRIES } from '../../src/sandbox/geo';
import { REQUEST_ID, startTestSandbox, type TestSandbox } from '../sandbox/helpers';
import { runs, SEED, SIZE } from './support/env';
import { arbitraryFor, mutationsOf, requestSchemaOf, toJsonText, type Hints } from './support/json-schema-arbitrary';

interface Ids {
  warehouses: string[];
  skus: string[];
  tokens: string[];
}
let t: TestSandbox;
const ids: Record<'desk' | 'other', Ids> = { desk: { warehouses: [], skus: [], tokens: [] }, other: { warehouses: [], skus: [], tokens: [] } };
let requestsSent = 0;
/** `op status code` -> count, printed at the end so a run shows what it reached. */
const outcomes = new Map<string, number>();

async function listAll(token: string, path: string): Promise<Record<string, unknown>[]> {
  const response = await fetch(`${t.sandbox.baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ limit: 500 }),
  });
  return ((await response.json()) as { data: Record<string, unknown>[] }).data;
}

beforeAll(async () => {
  t = await startTestSandbox();
  for (const owner of ['desk', 'other'] as const) {
    const token = owner === 'desk' ? t.desk : t.other;
    ids[owner].warehouses = (await listAll(token, '/1.0/logistics/warehouses/list')).map((w) => String(w['id']));
    ids[owner].skus = (await listAll(token, '/1.0/logistics/stock/list')).slice(0, 50).map((s) => String(s['sku']));
    ids[owner].tokens = (await listAll(token, '/1.0/shipments/list')).map((s) => String(s['token']));
  }
});
afterAll(async () => {
  const summary = [...outcomes].sort(([a], [b]) => a.localeCompare(b)).map(([k, n]) => `  ${k}: ${n}`).join('\n');
  console.info(`[hardening] sandbox HTTP fuzz: ${requestsSent} requests, seed ${SEED} (${SIZE})\n${summary}`);
  await t.stop();
});

// ---------- what a request may look like ----------

const mixed = (real: string[], made: fc.Arbitrary<string>): fc.Arbitrary<string> =>
  fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...real) }, { weight: 1, arbitrary: made });

function hints(): Hints {
  return {
    WarehouseId: mixed([...ids.desk.warehouses, ...ids.other.warehouses], fc.stringMatching(/^wh_[A-Za-z0-9]{1,40}$/)),
    ShipmentToken: mixed([...ids.desk.tokens, ...ids.other.tokens], fc.stringMatching(/^shp_[a-z0-9]{20}$/)),
    CountryCode: fc.oneof(fc.constantFrom(...SUPPORTED_COUNTRIES), fc.stringMatching(/^[A-Z]{2}$/)),
  };
}

const hostilePathText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('', ' ', '.', '..', '%', '/', '\\', '\u0000', '\uFEFF', 'A'.repeat(65), 'A'.repeat(5000), 'WD-000001/../WD-000002', '📦', 'wd-000001', 'WD-000001 ', "' OR '1'='1", '\ud800'),
  fc.string({ unit: 'grapheme', maxLength: 80 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

/** Percent-encodes like operationPath does; a lone surrogate (which encodeURIComponent refuses) as its UTF-8 replacement bytes. */
function encodeSegment(value: string): string {
  return [...value].map((ch) => {
    try {
      return encodeURIComponent(ch);
    } catch {
      return '%EF%BF%BD';
    }
  }).join('');
}

const RAW_SEGMENTS = ['%zz', '%', '%2', '%2F', '%2e%2e', '%00', '%C0%AF', '%ED%A0%80', '..%2F..%2Fauth%2Ftoken', '%252F', ';', '?x=1', '#frag', '%23'];

function pathParamArbitrary(op: OperationId, name: string): fc.Arbitrary<{ segment: string; onPath: boolean }> {
  const real = name === 'sku' ? [...ids.desk.skus, ...ids.other.skus] : [...ids.desk.tokens, ...ids.other.tokens];
  const pattern = name === 'sku' ? /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/ : /^shp_[a-z0-9]{20}$/;
  if (name !== 'sku' && name !== 'token') throw new Error(`${op}: unexpected path parameter ${name}`);
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...real).map((v) => ({ segment: encodeSegment(v), onPath: true })) },
    { weight: 2, arbitrary: fc.stringMatching(pattern).map((v) => ({ segment: encodeSegment(v), onPath: true })) },
    // Encoded hostile text: one segment, so still the operation's path (unless the URL parser resolves dots).
    { weight: 3, arbitrary: hostilePathText.map((v) => ({ segment: encodeSegment(v), onPath: !['', '.', '..'].includes(v) })) },
    // Raw text the client does not encode: broken escapes, encoded slashes, query and fragment marks.
    { weight: 1, arbitrary: fc.constantFrom(...RAW_SEGMENTS).map((segment) => ({ segment, onPath: false })) },
  );
}

const AUTH_KINDS = ['desk', 'other', 'none', 'garbage', 'basic', 'lowercase', 'huge', 'truncated'] as const;
/** Mostly the desk owner's token, so most requests get past auth and reach the schema and the handlers. */
const authKind = fc.oneof({ weight: 14, arbitrary: fc.constant('desk' as const) }, { weight: 7, arbitrary: fc.constantFrom(...AUTH_KINDS) });
function authorization(kind: (typeof AUTH_KINDS)[number]): string | undefined {
  switch (kind) {
    case 'desk':
      return `Bearer ${t.desk}`;
    case 'other':
      return `Bearer ${t.other}`;
    case 'none':
      return undefined;
    case 'garbage':
      return 'Bearer not-a-token';
    case 'basic':
      return `Basic ${Buffer.from('desk-demo:desk-demo-secret').toString('base64')}`;
    case 'lowercase':
      return `bearer ${t.desk}`;
    case 'huge':
      return `Bearer ${'a'.repeat(20_000)}`; // past Node's header limit: refused before any route
    case 'truncated':
      return `Bearer ${t.desk.slice(0, -1)}`;
  }
}

const IDEMPOTENCY_KEYS: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 6, arbitrary: fc.uuid() },
  { weight: 1, arbitrary: fc.constantFrom(undefined, '', ' ', 'a'.repeat(256), 'two words', 'cl\u00e9', '\t') },
  { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 255 }).filter((s) => /^[\x20-\x7E]+$/.test(s) && s.trim() === s) },
);

const RAW_BODIES = ['', '{', '}', 'null', '[]', '"x"', '0', 'true', '\uFEFF{}', '{"a":1,"a":2}', 'undefined', '{}garbage', '{"limit":1}{"limit":2}', '\u0000', "{'a':1}", '{"a":01}'];

interface FuzzRequest {
  op: OperationId;
  method: string;
  path: string;
  onPath: boolean;
  headers: Record<string, string>;
  body: string | undefined;
  label: string;
}

function requestArbitrary(op: OperationId): fc.Arbitrary<FuzzRequest> {
  const info = operationInfo(op);
  const valid = arbitraryFor(requestSchemaOf(op), hints());
  const bodyText: fc.Arbitrary<{ text: string; kind: string }> = fc.oneof(
    { weight: 3, arbitrary: valid.map((b) => ({ text: toJsonText(b), kind: 'valid' })) },
    { weight: 6, arbitrary: valid.chain(mutationsOf).map((m) => ({ text: toJsonText(m.body), kind: m.kind })) },
    { weight: 1, arbitrary: fc.oneof(fc.constantFrom(...RAW_BODIES), fc.string({ maxLength: 60 })).map((text) => ({ text, kind: 'raw text' })) },
  );
  const params = fc.tuple(...info.pathParams.map((name) => pathParamArbitrary(op, name)));
  return fc
    .record({
      body: bodyText,
      params,
      auth: authKind,
      key: IDEMPOTENCY_KEYS,
      method: fc.oneof({ weight: 20, arbitrary: fc.constant('POST') }, { weight: 1, arbitrary: fc.constantFrom('GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD') }),
      contentType: fc.oneof({ weight: 12, arbitrary: fc.constant('application/json') }, { weight: 1, arbitrary: fc.constantFrom(undefined, 'text/plain', 'application/json; charset=utf-16', 'multipart/form-data; boundary=x', 'application/x-www-form-urlencoded') }),
    })
    .map(({ body, params, auth, key, method, contentType }) => {
      let i = 0;
      const path = info.pathTemplate.replace(/\{[^}]+\}/g, () => params[i++]?.segment ?? '');
      const headers: Record<string, string> = {};
      const bearer = authorization(auth);
      if (bearer !== undefined && info.requiresAuth) headers['authorization'] = bearer;
      if (contentType !== undefined) headers['content-type'] = contentType;
      if (info.requiresIdempotencyKey && key !== undefined) headers['idempotency-key'] = key;
      const hasBody = method !== 'GET' && method !== 'HEAD';
      return {
        op,
        method,
        path,
        onPath: method === 'POST' && params.every((p) => p.onPath),
        headers,
        body: hasBody ? body.text : undefined,
        label: `${method} ${path.slice(0, 120)} auth=${auth} key=${JSON.stringify(key)?.slice(0, 40)} body(${body.kind})=${body.text.slice(0, 160)}`,
      };
    });
}

// ---------- what every answer must be ----------

/** Problems with one answer; empty when it is acceptable. */
async function send(request: FuzzRequest): Promise<string[]> {
  requestsSent++;
  let response: Response;
  try {
    response = await fetch(t.sandbox.baseUrl + request.path, { method: request.method, headers: request.headers, body: request.body });
  } catch (error) {
    return [`no HTTP answer: ${String((error as Error).cause ?? error)}`];
  }
  const text = await response.text();
  const code = /"code":"([a-z_]+)"/.exec(text)?.[1] ?? '';
  const outcome = `${request.op} ${response.status} ${code}`;
  outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
  const problems: string[] = [];
  const requestId = response.headers.get('x-request-id');
  if (response.status >= 500) problems.push(`HTTP ${response.status}: ${text.slice(0, 300)}`);
  if (!REQUEST_ID.test(requestId ?? '')) problems.push(`X-Request-Id header missing or malformed: ${requestId}`);
  if (request.method === 'HEAD') return problems;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return [...problems, `HTTP ${response.status} body is not JSON: ${text.slice(0, 200)}`];
  }
  if (response.status >= 400) {
    const error = (body as { error?: { code?: unknown; request_id?: unknown } }).error;
    if (typeof error?.code !== 'string' || !/^[a-z_]+$/.test(error.code)) problems.push(`error without a stable code: ${text.slice(0, 200)}`);
    if (error?.request_id !== requestId) problems.push(`error request_id ${String(error?.request_id)} differs from the header ${requestId}`);
    if (request.onPath && typeof error?.code === 'string') {
      const allowed = [...documentedErrorCodes(request.op, response.status), ...(response.status === 404 ? ['not_found'] : [])];
      if (!allowed.includes(error.code)) problems.push(`${request.op} answered ${response.status} ${error.code}, the document allows ${allowed.join(', ') || 'nothing'}`);
    }
  } else if (response.status !== 200) {
    problems.push(`unexpected status ${response.status}`);
  }
  if (request.onPath && (response.status === 200 || response.status === 400 || response.status === 422)) {
    const checked = validateResponseBody(request.op, response.status, body);
    if (!checked.ok) problems.push(`${request.op} ${response.status} body breaks the document: ${JSON.stringify(checked.problems.slice(0, 3))}`);
  }
  return problems;
}

const operations = [...allOperations().keys()];
const PER_OPERATION = runs(220, 440, 2500);

describe('HTTP fuzz of the sandbox from the OpenAPI document', () => {
  it.each(operations)('%s: generated and mutated requests get a documented answer, never a 5xx', async (op) => {
    await fc.assert(
      fc.asyncProperty(requestArbitrary(op), async (request) => {
        const problems = await send(request);
        if (problems.length > 0) throw new Error(`${problems.join('\n')}\nrequest: ${request.label}`);
      }),
      { numRuns: PER_OPERATION, seed: SEED, endOnFailure: true },
    );
  }, runs(120_000, 300_000, 1_200_000));

  it('answers a body just over 1 MiB on every operation with 413 and a request id', async () => {
    const big = JSON.stringify({ note: 'x'.repeat(1024 * 1024) });
    for (const op of operations) {
      const path = operationInfo(op).pathTemplate.replace('{sku}', ids.desk.skus[0] ?? 'WD-000001').replace('{token}', ids.desk.tokens[0] ?? 'shp_x');
      const problems = await send({ op, method: 'POST', path, onPath: true, headers: { authorization: `Bearer ${t.desk}`, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() }, body: big, label: `${op} 1 MiB` });
      expect(problems, op).toEqual([]);
    }
  });

  it('still answers, and its database is intact, after all of it', async () => {
    const warehouses = await listAll(t.desk, '/1.0/logistics/warehouses/list');
    expect(warehouses.map((w) => w['id'])).toEqual(ids.desk.warehouses);
    const db = new Database(t.sandbox.dbPath, { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      db.close();
    }
  });
});
